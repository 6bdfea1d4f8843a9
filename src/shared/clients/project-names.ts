import type { NamedRef } from '#src/shared/ai/paths.ts';
import type { ProjectChoice } from './paths.ts';

// The names by which a line of text can put a task in a project: each project's own name, and a
// client's name when that client has exactly one project still open (so "call Brightlane" means
// Brightlane's one running project; with two, the person picks).
export function projectNames(projects: readonly ProjectChoice[]): NamedRef[] {
  const names: NamedRef[] = projects.map((project) => ({ id: project.id, name: project.name }));
  const open = new Map<string, { clientName: string; ids: string[] }>();
  for (const project of projects) {
    if (project.status === 'Completed') continue;
    const client = open.get(project.clientId) ?? { clientName: project.clientName, ids: [] };
    client.ids.push(project.id);
    open.set(project.clientId, client);
  }
  for (const { clientName, ids } of open.values()) {
    const [only] = ids;
    if (only && ids.length === 1 && !names.some((named) => named.name === clientName)) names.push({ id: only, name: clientName });
  }
  return names;
}
