// The public API's request and answer schemas (product rules K). The routes validate with
// them through fastify-type-provider-zod and @fastify/swagger turns them into the OpenAPI document;
// every description comes from public-api-reference.ts, which the /docs/api page renders.
import { z } from 'zod';
import { email, text } from '#src/shared/validation.ts';
import {
  commentFieldDocs,
  listAnswerDocs,
  listQueryDocs,
  PUBLIC_PAGE_MAX,
  taskFieldDocs as doc,
  webhookBodyDocs,
  webhookDataDocs,
  webhookEventDocs,
  webhookTestEventDoc,
  taskRefDoc,
} from './reference.ts';
import { parseTaskKey } from '#src/shared/tasks/task-keys.ts';
import { COLUMN_NAME_MAX, TASK_LABEL_MAX, TASK_PRIORITIES } from '#src/shared/tasks/paths.ts';
import { CreateTaskSchema, UpdateTaskSchema } from '#src/shared/tasks/schemas.ts';
import { WEBHOOK_TEST_EVENT } from '#src/shared/webhooks/paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const described = <T extends z.ZodType>(schema: T, field: keyof typeof doc) => schema.meta({ description: doc[field].meaning });

function calendarDay(label: string) {
  return text(label)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date like 2026-01-31.` })
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { error: `${label} is not a real date.` });
}

const status = text('Status')
  .trim()
  .min(1, { error: 'Status is required.' })
  .max(COLUMN_NAME_MAX, { error: `Status must be at most ${COLUMN_NAME_MAX} characters.` });
// The board's own field rules (src/shared/tasks.ts), under the public names of spec 3.
const fields = CreateTaskSchema.shape;
const writable = {
  description: described(fields.description, 'description'),
  assignee: described(email.nullable().optional(), 'assignee'),
  priority: described(fields.priority, 'priority'),
  due_date: described(fields.dueDate, 'due_date'),
  labels: described(fields.labels, 'labels'),
  status: described(status.optional(), 'status'),
};

export const PublicCreateTaskSchema = z.strictObject({ title: described(fields.title, 'title'), ...writable }).meta({ id: 'NewTask' });
// Only the fields sent change; `version`, when sent, must be the task's current one (else 409).
export const PublicUpdateTaskSchema = z
  .strictObject({
    title: described(UpdateTaskSchema.shape.title, 'title'),
    ...writable,
    version: described(UpdateTaskSchema.shape.version.optional(), 'version'),
  })
  .meta({ id: 'TaskChanges' });

export const PublicTaskSchema = z
  .object({
    id: described(z.uuid(), 'id'),
    key: described(z.string(), 'key'),
    title: described(z.string(), 'title'),
    description: described(z.string(), 'description'),
    assignee: described(z.email().nullable(), 'assignee'),
    priority: described(z.enum(TASK_PRIORITIES), 'priority'),
    due_date: described(z.iso.date().nullable(), 'due_date'),
    labels: described(z.array(z.string()), 'labels'),
    status: described(z.string(), 'status'),
    version: described(z.int().min(1), 'version'),
    created_at: described(z.iso.datetime(), 'created_at'),
    updated_at: described(z.iso.datetime(), 'updated_at'),
  })
  .meta({ id: 'Task' });

export const PublicTaskListQuerySchema = z.strictObject({
  status: status.optional().meta({ description: listQueryDocs.status }),
  assignee: email.optional().meta({ description: listQueryDocs.assignee }),
  label: text('Label')
    .max(TASK_LABEL_MAX, { error: `Label must be at most ${TASK_LABEL_MAX} characters.` })
    .optional()
    .meta({ description: listQueryDocs.label }),
  due_before: calendarDay('due_before').optional().meta({ description: listQueryDocs.due_before }),
  due_after: calendarDay('due_after').optional().meta({ description: listQueryDocs.due_after }),
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int({ error: 'Limit must be a whole number.' })
    .min(1, { error: 'Limit must be at least 1.' })
    .max(PUBLIC_PAGE_MAX, { error: `Limit must be at most ${PUBLIC_PAGE_MAX}.` })
    .optional()
    .meta({ description: listQueryDocs.limit }),
  cursor: text('Cursor')
    .max(1000, { error: 'That page cursor is not valid. Start again from the first page.' })
    .optional()
    .meta({ description: listQueryDocs.cursor }),
});

// A task is named by its id or by its key (GET /tasks/TSR-42).
export const PublicTaskParamsSchema = z.strictObject({
  id: text('Task id')
    .refine((value) => UUID.test(value) || parseTaskKey(value) !== null, { error: 'Task id is not valid.' })
    .meta({ description: taskRefDoc }),
});

export const PublicTaskResponseSchema = z.object({ task: PublicTaskSchema });
export const PublicTaskListResponseSchema = z.object({
  tasks: z.array(PublicTaskSchema).meta({ description: listAnswerDocs.tasks }),
  next_cursor: z.string().nullable().meta({ description: listAnswerDocs.next_cursor }),
});

export const PublicErrorSchema = z
  .object({ error: z.string().meta({ description: 'What went wrong, in one sentence.' }) })
  .meta({ id: 'Error' });

// The bodies webhooks send (the document's `webhooks` section): the envelope of Standard Webhooks with
// the API's own names, and in it the task as the API answers it.
const commentField = <T extends z.ZodType>(schema: T, field: keyof typeof commentFieldDocs) =>
  schema.meta({ description: commentFieldDocs[field].meaning });
export const PublicCommentSchema = z
  .object({
    id: commentField(z.uuid(), 'id'),
    task_id: commentField(z.uuid(), 'task_id'),
    body: commentField(z.string(), 'body'),
    author: commentField(z.email().nullable(), 'author'),
    created_at: commentField(z.iso.datetime(), 'created_at'),
  })
  .meta({ id: 'Comment' });

const actor = z.email().nullable().meta({ description: webhookDataDocs.actor });
function webhookBody<const T extends readonly [string, ...string[]], D extends z.ZodType>(
  id: string,
  types: T,
  data: D,
  description: string,
) {
  return z
    .object({
      type: z.enum(types).meta({ description: webhookBodyDocs.type }),
      timestamp: z.iso.datetime().meta({ description: webhookBodyDocs.timestamp }),
      workspace_id: z.uuid().meta({ description: webhookBodyDocs.workspace_id }),
      data,
    })
    .meta({ id, description });
}
const taskEvents = ['task.created', 'task.updated', 'task.deleted'] as const;
// The task itself is the API's Task (by reference): its description is the one of Task.
export const TaskEventSchema = webhookBody(
  'TaskEvent',
  taskEvents,
  z.object({ task: PublicTaskSchema, actor }),
  taskEvents.map((type) => `${type}: ${webhookEventDocs[type]}`).join(' '),
);
export const CommentEventSchema = webhookBody(
  'CommentEvent',
  ['comment.added'],
  z.object({ comment: PublicCommentSchema, actor }),
  webhookEventDocs['comment.added'],
);
export const TestEventSchema = webhookBody(
  'TestEvent',
  [WEBHOOK_TEST_EVENT],
  z.object({ endpoint_id: z.uuid().meta({ description: webhookDataDocs.endpoint_id }) }),
  webhookTestEventDoc,
);

export type PublicTask = z.output<typeof PublicTaskSchema>;
export type PublicComment = z.output<typeof PublicCommentSchema>;
export type PublicTaskEvent = z.output<typeof TaskEventSchema>;
export type PublicCommentEvent = z.output<typeof CommentEventSchema>;
export type PublicCreateTask = z.output<typeof PublicCreateTaskSchema>;
export type PublicUpdateTask = z.output<typeof PublicUpdateTaskSchema>;
export type PublicTaskListQuery = z.output<typeof PublicTaskListQuerySchema>;
export type PublicTaskListResponse = z.output<typeof PublicTaskListResponseSchema>;
