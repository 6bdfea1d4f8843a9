import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ParsedLine, parseLine as parseLineValue } from '#src/shared/ai/parse-line.ts';
import { projectNames } from '#src/shared/clients/project-names.ts';
import type { CreateTaskBody } from '#src/shared/tasks/schemas.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { workspaceDetailQuery } from '#src/web/lib/my-workspaces-api.ts';
import { useProjects } from '#src/web/lib/use-projects.ts';

type ParseLine = typeof parseLineValue;

// The parser (and its date library) is fetched the first time a line is typed, so the palette itself
// stays small and opens at once.
let parser: Promise<ParseLine> | null = null;
const loadParser = () => (parser ??= import('#src/shared/ai/parse-line.ts').then((module) => module.parseLine));

export interface QuickAdd {
  line: string;
  parsed: ParsedLine;
  // What the board's create receives.
  fields: CreateTaskBody;
}

// The palette's quick add: the typed text read as a task of the current workspace, the same way the
// board's quick add reads it ("Fix login bug tomorrow @ben #bugs !high"). Null when there is nothing to
// create or no current workspace.
export function useQuickAdd(text: string, workspace: WorkspaceSummary | null): QuickAdd | null {
  const [parseLine, setParseLine] = useState<ParseLine | null>(null);
  // "tomorrow" counts from when the palette opened.
  const [now] = useState(() => Date.now());
  const workspaceId = workspace?.id ?? '';
  // The same cached answer the board reads its assignees from.
  const detail = useQuery({ ...workspaceDetailQuery(workspaceId), enabled: workspaceId !== '' });
  const members = detail.data?.members ?? [];
  const projects = useProjects(workspaceId);
  const line = text.trim();
  const wanted = workspaceId !== '' && line !== '';
  useEffect(() => {
    if (wanted && !parseLine) void loadParser().then((parse) => setParseLine(() => parse));
  }, [wanted, parseLine]);
  if (!wanted || !parseLine) return null;
  const parsed = parseLine(line, {
    now,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    members: members.map((member) => ({ id: member.userId, name: member.name, email: member.email })),
    projects: projectNames(projects.list),
  });
  if (!parsed.title) return null;
  return {
    line,
    parsed,
    fields: {
      title: parsed.title,
      ...(parsed.overflow ? { description: parsed.overflow } : {}),
      assigneeId: parsed.assigneeId,
      dueDate: parsed.dueDate,
      priority: parsed.priority,
      labels: parsed.labels,
      projectId: parsed.project?.id ?? null,
    },
  };
}
