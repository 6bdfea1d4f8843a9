import type { Task, TaskPriority } from '#src/shared/tasks/paths.ts';
import type { UpdateTaskBody } from '#src/shared/tasks/schemas.ts';

// What the task form holds: spec 3's fields as the person types them (labels as one comma-separated line).
export interface TaskDraft {
  title: string;
  description: string;
  assigneeId: string;
  priority: TaskPriority;
  dueDate: string;
  labels: string;
  // '' for no project.
  projectId: string;
  sharedWithClient: boolean;
}

export const blankDraft: TaskDraft = {
  title: '',
  description: '',
  assigneeId: '',
  priority: 'medium',
  dueDate: '',
  labels: '',
  projectId: '',
  sharedWithClient: false,
};

export const draftOf = (task: Task): TaskDraft => ({
  title: task.title,
  description: task.description,
  assigneeId: task.assignee?.id ?? '',
  priority: task.priority,
  dueDate: task.dueDate ?? '',
  labels: task.labels.join(', '),
  projectId: task.projectId ?? '',
  sharedWithClient: task.sharedWithClient,
});

// The request fields (the contract's schemas then check and trim them, on both sides).
export const fieldsOf = (draft: TaskDraft): Omit<UpdateTaskBody, 'version'> => ({
  title: draft.title,
  description: draft.description,
  assigneeId: draft.assigneeId || null,
  priority: draft.priority,
  dueDate: draft.dueDate || null,
  labels: draft.labels
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean),
  projectId: draft.projectId || null,
  sharedWithClient: draft.sharedWithClient,
});

// Product rules TB6 (a 409 on save): after reloading the task, each field the person changed keeps their edit and
// every other field takes the newer saved value, so nothing typed is lost and nothing of theirs is undone.
export function rebase(opened: TaskDraft, mine: TaskDraft, latest: TaskDraft): TaskDraft {
  const merged = { ...latest };
  for (const key of Object.keys(mine) as (keyof TaskDraft)[]) {
    if (mine[key] !== opened[key]) Object.assign(merged, { [key]: mine[key] });
  }
  return merged;
}
