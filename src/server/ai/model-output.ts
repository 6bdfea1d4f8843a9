import { z } from 'zod';
import { findNamed, matchMember, type MemberRef } from '#src/shared/ai/match-names.ts';
import { cleanText } from '#src/shared/ai/clean-text.ts';
import { SAYS_SOMETHING } from '#src/shared/validation.ts';
import type { NamedRef, TaskProposal } from '#src/shared/ai/paths.ts';
import { TASK_DESCRIPTION_MAX, TASK_LABEL_MAX, TASK_LABELS_MAX, TASK_PRIORITIES, TASK_TITLE_MAX } from '#src/shared/tasks/paths.ts';

// What the model must answer: the JSON schema it is given (structured output) and the check its
// answer meets on receipt. Every field is required, nulls allowed, as strict structured output wants.
export const ModelTaskSchema = z.strictObject({
  title: z.string(),
  description: z.string(),
  // A member's name exactly as the prompt lists it, or null.
  assignee: z.string().nullable(),
  // 'YYYY-MM-DD'.
  dueDate: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES).nullable(),
  labels: z.array(z.string()),
});
export const ModelAnswerSchema = z.strictObject({ tasks: z.array(ModelTaskSchema) });
export type ModelTask = z.output<typeof ModelTaskSchema>;

export const modelAnswerJsonSchema = (() => {
  const { $schema: _draft, ...schema } = z.toJSONSchema(ModelAnswerSchema, { target: 'draft-7' });
  return schema;
})();

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

// The model's answer is data from outside: it names people, never ids; a name that is not a member's
// is dropped, a date that is not a real day is dropped, text is cleaned and cut to the task limits.
// Returns null for a task with no usable title.
export function toProposal(
  task: ModelTask,
  context: { members: readonly MemberRef[]; projects?: readonly NamedRef[] },
): TaskProposal | null {
  const title = cleanText(task.title).slice(0, TASK_TITLE_MAX).trim();
  if (!SAYS_SOMETHING.test(title)) return null;
  const description = task.description.replace(/[^\P{Cc}\t\n\r]/gu, ' ').slice(0, TASK_DESCRIPTION_MAX);
  const labels = [
    ...new Set(task.labels.map((label) => cleanText(label).trim().replace(/^#/u, '').slice(0, TASK_LABEL_MAX).trim()).filter(Boolean)),
  ].slice(0, TASK_LABELS_MAX);
  return {
    title,
    description,
    assigneeId: task.assignee ? (matchMember(task.assignee, context.members)?.id ?? null) : null,
    dueDate: task.dueDate && isDay(task.dueDate) ? task.dueDate : null,
    priority: task.priority ?? 'medium',
    labels,
    project: findNamed(`${title} ${description}`, context.projects ?? [])?.ref ?? null,
  };
}
