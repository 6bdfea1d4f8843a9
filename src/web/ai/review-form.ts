import { z } from 'zod';
import type { TaskProposal } from '#src/shared/ai/paths.ts';
import { CreateTaskSchema } from '#src/shared/tasks/schemas.ts';
import { TASK_PRIORITIES, type TaskPriority } from '#src/shared/tasks/paths.ts';

// One proposal as the review list edits it: every field as typed (labels as one comma-separated line).
export interface ProposalDraft {
  title: string;
  description: string;
  assigneeId: string;
  dueDate: string;
  priority: TaskPriority;
  labels: string;
  // '' for no project.
  projectId: string;
}

export interface ReviewValues {
  proposals: ProposalDraft[];
}

export const draftOf = (proposal: TaskProposal): ProposalDraft => ({
  title: proposal.title,
  description: proposal.description,
  assigneeId: proposal.assigneeId ?? '',
  dueDate: proposal.dueDate ?? '',
  priority: proposal.priority,
  labels: proposal.labels.join(', '),
  projectId: proposal.project?.id ?? '',
});

const BatchTaskSchema = CreateTaskSchema.omit({ columnId: true });

// A draft becomes what the batch endpoint takes, checked by the schema the server uses, so a problem
// shows beside its field before anything is sent.
const DraftSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    assigneeId: z.string(),
    dueDate: z.string(),
    priority: z.enum(TASK_PRIORITIES),
    labels: z.string(),
    projectId: z.string(),
  })
  .transform(taskOf)
  .pipe(BatchTaskSchema);

export const ReviewSchema = z.object({ proposals: z.array(DraftSchema) });
export type ReviewOutput = z.output<typeof ReviewSchema>;

function taskOf(draft: ProposalDraft): z.input<typeof BatchTaskSchema> {
  return {
    title: draft.title,
    description: draft.description,
    assigneeId: draft.assigneeId || null,
    dueDate: draft.dueDate || null,
    priority: draft.priority,
    labels: draft.labels
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean),
    projectId: draft.projectId || null,
  };
}
