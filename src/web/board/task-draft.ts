import { z } from 'zod';
import { TASK_PRIORITIES, type Task, type TaskPriority } from '#src/shared/tasks/paths.ts';
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

type TaskFieldsBody = ReturnType<typeof fieldsOf>;

// The form's schema: the draft read as the request's fields and checked by the request schema the server
// uses (creating or updating), each problem under the form field it concerns (a label's on the labels line).
export function taskDraftSchema<Body>(request: z.ZodType<Body, TaskFieldsBody>) {
  return z
    .object({
      title: z.string(),
      description: z.string(),
      assigneeId: z.string(),
      priority: z.enum(TASK_PRIORITIES),
      dueDate: z.string(),
      labels: z.string(),
      projectId: z.string(),
      sharedWithClient: z.boolean(),
    })
    .transform((draft, ctx) => {
      const checked = request.safeParse(fieldsOf(draft));
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [String(issue.path[0])] });
      return z.NEVER;
    });
}

// Product rules TB6 (a 409 on save): after reloading the task, each field the person changed keeps their edit and
// every other field takes the newer saved value, so nothing typed is lost and nothing of theirs is undone.
export function rebase(opened: TaskDraft, mine: TaskDraft, latest: TaskDraft): TaskDraft {
  const merged = { ...latest };
  for (const key of Object.keys(mine) as (keyof TaskDraft)[]) {
    if (mine[key] !== opened[key]) Object.assign(merged, { [key]: mine[key] });
  }
  return merged;
}
