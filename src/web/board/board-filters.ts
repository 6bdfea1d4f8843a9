import type { Task, TaskPriority } from '#src/shared/tasks/paths.ts';

// Product rules TB2: the board's filters live in the address (`?assignee=…&label=…&priority=…&project=…&client=…&q=…`),
// so a filtered board can be shared, reloaded and walked back with the browser's history.
export interface BoardFilters {
  // A member's id, or NOBODY for unassigned tasks.
  assignee: string;
  label: string;
  priority: TaskPriority | '';
  // A project's id; a client's id (any of its projects).
  project: string;
  client: string;
  query: string;
}

export const FILTER_NAMES = ['assignee', 'label', 'priority', 'project', 'client', 'q'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export const NOBODY = 'none';
const PRIORITIES: readonly string[] = ['low', 'medium', 'high'];

export function readFilters(params: URLSearchParams): BoardFilters {
  const priority = params.get('priority') ?? '';
  return {
    assignee: params.get('assignee') ?? '',
    label: params.get('label') ?? '',
    priority: PRIORITIES.includes(priority) ? (priority as TaskPriority) : '',
    project: params.get('project') ?? '',
    client: params.get('client') ?? '',
    query: (params.get('q') ?? '').trim(),
  };
}

// The same address with one filter changed; an empty value drops it. Other parameters (`new`, `task`) stay.
export function withFilter(params: URLSearchParams, name: FilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

export const isFiltering = (filters: BoardFilters) =>
  Boolean(filters.assignee || filters.label || filters.priority || filters.project || filters.client || filters.query);

// Title search ignores case; a label matches whole, ignoring case. `clientOf` gives a project's client.
export function matchesFilters(task: Task, filters: BoardFilters, clientOf: ReadonlyMap<string, string>): boolean {
  if (filters.assignee && (task.assignee?.id ?? NOBODY) !== filters.assignee) return false;
  if (filters.priority && task.priority !== filters.priority) return false;
  if (filters.project && task.projectId !== filters.project) return false;
  if (filters.client && (task.projectId === null || clientOf.get(task.projectId) !== filters.client)) return false;
  if (filters.label) {
    const wanted = filters.label.toLowerCase();
    if (!task.labels.some((label) => label.toLowerCase() === wanted)) return false;
  }
  return !filters.query || task.title.toLowerCase().includes(filters.query.toLowerCase());
}

// Every label on the board, once, for the label filter's choices.
export function boardLabels(tasks: Iterable<Task>): string[] {
  const seen = new Map<string, string>();
  for (const task of tasks) for (const label of task.labels) if (!seen.has(label.toLowerCase())) seen.set(label.toLowerCase(), label);
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
