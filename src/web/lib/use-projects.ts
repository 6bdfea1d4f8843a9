import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { clientPaths, type ProjectChoice, type ProjectsResponse } from '#src/shared/clients/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from './api-client.ts';

export interface ClientProjects {
  clientId: string;
  clientName: string;
  projects: ProjectChoice[];
}

export interface WorkspaceProjects {
  list: ProjectChoice[];
  // By client, clients and their projects in name order: what a picker shows.
  groups: ClientProjects[];
  // A project's client, for the board's client filter.
  clientOf: ReadonlyMap<string, string>;
}

const none: ProjectChoice[] = [];
// One collator for every comparison: localeCompare with options builds a new one on each call, which
// made sorting 5,000 projects take 150 ms.
const byName = new Intl.Collator(undefined, { sensitivity: 'base' }).compare;

export function groupProjects(list: readonly ProjectChoice[]): ClientProjects[] {
  const groups = new Map<string, ClientProjects>();
  for (const project of list) {
    const group = groups.get(project.clientId) ?? { clientId: project.clientId, clientName: project.clientName, projects: [] };
    group.projects.push(project);
    groups.set(project.clientId, group);
  }
  const sorted = [...groups.values()].sort((a, b) => byName(a.clientName, b.clientName));
  for (const group of sorted) group.projects.sort((a, b) => byName(a.name, b.name));
  return sorted;
}

// The workspace's projects (the same cached answer everywhere a task's project is picked or filtered).
// Until it arrives, or if it fails, pickers offer "No project" only rather than blocking the page.
// Under the clients pages' key (['clients', id]), so adding or editing a client or project refreshes it.
const projectsKey = (workspaceId: string) => ['clients', workspaceId, 'projects'] as const;

// `wanted: false` holds the request back (a page whose own data comes first).
export function useProjects(workspaceId: string, wanted = true): WorkspaceProjects {
  const { data } = useQuery({
    queryKey: projectsKey(workspaceId),
    queryFn: () => api<ProjectsResponse>('GET', workspacePath(clientPaths.projects, { id: workspaceId })).then((answer) => answer.projects),
    enabled: wanted && workspaceId !== '',
  });
  const list = data ?? none;
  return useMemo(
    () => ({ list, groups: groupProjects(list), clientOf: new Map(list.map((project) => [project.id, project.clientId])) }),
    [list],
  );
}
