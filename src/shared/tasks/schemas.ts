// The zod request schemas of tasks (validated by the server, reused by the forms).
import { z } from 'zod';
import { calendarDay, displayName, entityId, MULTILINE_OK, text } from '#src/shared/validation.ts';
import {
  TASK_TITLE_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_LABELS_MAX,
  TASK_LABEL_MAX,
  COMMENT_MAX,
  COLUMN_NAME_MAX,
  TASK_PAGE_SIZE,
  TASK_SEARCH_MAX,
  TASK_PRIORITIES,
} from './paths.ts';
import { TASK_PREFIX_MAX, TASK_PREFIX_MIN, TASK_PREFIX_PATTERN } from './task-keys.ts';
import { englishNumber } from '#src/shared/english-number.ts';

const title = displayName('Title', TASK_TITLE_MAX);
const description = text('Description')
  .max(TASK_DESCRIPTION_MAX, { error: `Description must be at most ${englishNumber(TASK_DESCRIPTION_MAX)} characters.` })
  .regex(MULTILINE_OK, { error: 'Description contains characters that are not allowed.' });
const id = entityId;
const assigneeId = id('Assignee').nullable();
const priority = z.enum(TASK_PRIORITIES, { error: `Priority must be one of: ${TASK_PRIORITIES.join(', ')}.` });

const dueDate = calendarDay('Due date').nullable();
// A client's project the task belongs to; shared tasks show in that client's portal.
const projectId = id('Project').nullable();
const sharedWithClient = z.boolean({ error: 'Shared with client must be true or false.' });

// Trimmed, empty ones refused, duplicates kept once (the first spelling).
const labels = z
  .array(displayName('Label', TASK_LABEL_MAX), { error: 'Labels must be a list of text.' })
  .max(TASK_LABELS_MAX, { error: `A task can have at most ${TASK_LABELS_MAX} labels.` })
  .transform((list) => [...new Set(list)]);
const version = z
  .number({ error: (issue) => (issue.input === undefined ? 'Version is required.' : 'Version must be a number.') })
  .int({ error: 'Version must be a whole number.' })
  .min(1, { error: 'Version must be a whole number.' });

export const CreateTaskSchema = z.strictObject({
  title,
  description: description.optional(),
  assigneeId: assigneeId.optional(),
  priority: priority.optional(),
  dueDate: dueDate.optional(),
  labels: labels.optional(),
  // Omitted: the first column. The new task goes to the top of its column.
  columnId: id('Column').optional(),
  projectId: projectId.optional(),
  sharedWithClient: sharedWithClient.optional(),
});

// Only the fields sent change. `version` is the one the editor read: if someone saved since, 409.
export const UpdateTaskSchema = z.strictObject({
  version,
  title: title.optional(),
  description: description.optional(),
  assigneeId: assigneeId.optional(),
  priority: priority.optional(),
  dueDate: dueDate.optional(),
  labels: labels.optional(),
  projectId: projectId.optional(),
  sharedWithClient: sharedWithClient.optional(),
});

// Put the task in `columnId` right after the task `afterId` (null: at the top). The board sends the
// card it now follows; another person's concurrent moves cannot make two cards share a place.
export const MoveTaskSchema = z.strictObject({
  columnId: id('Column'),
  afterId: id('Task to follow').nullable(),
});

export const AddCommentSchema = z.strictObject({
  body: text('Comment')
    .trim()
    .min(1, { error: 'Comment is required.' })
    .max(COMMENT_MAX, { error: `Comment must be at most ${englishNumber(COMMENT_MAX)} characters.` })
    .regex(MULTILINE_OK, { error: 'Comment contains characters that are not allowed.' }),
  // Shown to the client in the portal; other comments stay internal.
  forClient: z.boolean({ error: 'For client must be true or false.' }).optional(),
});

const columnName = displayName('Column name', COLUMN_NAME_MAX);
export const CreateColumnSchema = z.strictObject({ name: columnName });
export const RenameColumnSchema = z.strictObject({ name: columnName });
// Put the column right after `afterId` (null: first).
export const MoveColumnSchema = z.strictObject({ afterId: id('Column to follow').nullable() });

const single = (label: string, max: number) => text(label).max(max, { error: `${label} must be at most ${max} characters.` });

// GET tasks query string. `assignee` is a member's id or `none`; `q` searches titles (any case).
export const TaskListQuerySchema = z.strictObject({
  column: id('Column').optional(),
  assignee: z.union([z.literal('none'), id('Assignee')], { error: 'Assignee must be a member id or "none".' }).optional(),
  label: single('Label', TASK_LABEL_MAX).optional(),
  priority: priority.optional(),
  project: id('Project').optional(),
  client: id('Client').optional(),
  q: single('Search', TASK_SEARCH_MAX).optional(),
  cursor: single('Cursor', 1000).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int({ error: 'Limit must be a whole number.' })
    .min(1, { error: 'Limit must be at least 1.' })
    .max(TASK_PAGE_SIZE, { error: `Limit must be at most ${TASK_PAGE_SIZE}.` })
    .optional(),
});

// GET board query string: the board's first load passes no filters (they apply in the browser).
export const BoardQuerySchema = z.strictObject({});

// GET events query string: `after` is the alternative to the Last-Event-ID header.
export const EventsQuerySchema = z.strictObject({
  after: text('after')
    .regex(/^\d{1,18}$/, { error: 'after must be an event id.' })
    .optional(),
});

export type CreateTaskBody = z.input<typeof CreateTaskSchema>;
export type UpdateTaskBody = z.input<typeof UpdateTaskSchema>;
export type MoveTaskBody = z.input<typeof MoveTaskSchema>;
// An edit changes the words only; who may see it stays as it was.
export const EditCommentSchema = AddCommentSchema.pick({ body: true });

export type AddCommentBody = z.input<typeof AddCommentSchema>;
export type CreateColumnBody = z.input<typeof CreateColumnSchema>;
export type RenameColumnBody = z.input<typeof RenameColumnSchema>;
export type MoveColumnBody = z.input<typeof MoveColumnSchema>;
export type TaskListQuery = z.input<typeof TaskListQuerySchema>;

// The workspace's task-key prefix (TSR in TSR-42); typed in any case, kept in capitals.
export const TaskPrefixSchema = z.strictObject({
  prefix: text('Prefix')
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(
      z.string().regex(TASK_PREFIX_PATTERN, {
        error: `Prefix must be ${TASK_PREFIX_MIN} to ${TASK_PREFIX_MAX} letters or digits, starting with a letter.`,
      }),
    ),
});
export type TaskPrefixBody = z.input<typeof TaskPrefixSchema>;
