// Tasks, board columns, comments and the live board (issue 16, product rules T): the API both sides
// share. Paths are relative to API_BASE; `:id`, `:taskId`, `:columnId` are filled with workspacePath()
// from workspaces.ts. spec 3 names the task fields; the rest is ours.
import { z } from 'zod';
import { NO_CONTROL, NO_DISGUISE, text } from './contract.ts';

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 20_000;
export const TASK_LABELS_MAX = 20;
export const TASK_LABEL_MAX = 40;
export const COMMENT_MAX = 5_000;
export const COLUMN_NAME_MAX = 50;
export const COLUMNS_MAX = 20;
export const TASK_PAGE_SIZE = 50;
export const TASK_SEARCH_MAX = 200;
// The Home panel lists (My Tasks, Assigned Comments, Inbox) show the latest this many.
export const HOME_LIST_SIZE = 50;
// A board that missed more events than this since its last id refetches instead of replaying.
export const REPLAY_MAX = 500;
export const DEFAULT_COLUMNS = ['To do', 'In progress', 'Done'] as const;

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const taskPaths = {
  // GET: one page of tasks (TaskListQuery filters; TaskListResponse); POST: create (CreateTaskSchema).
  tasks: '/workspaces/:id/tasks',
  // GET: one task; PUT: edit (UpdateTaskSchema, with the version last read); DELETE: delete, body {}
  // (a soft delete that `restore` undoes).
  task: '/workspaces/:id/tasks/:taskId',
  // POST: move within or between columns (MoveTaskSchema).
  move: '/workspaces/:id/tasks/:taskId/move',
  // POST {}: undo a delete.
  restore: '/workspaces/:id/tasks/:taskId/restore',
  // GET: the task's comments, oldest first; POST: add one (AddCommentSchema).
  comments: '/workspaces/:id/tasks/:taskId/comments',
  // GET: the board's columns in order; POST: add one (owner).
  columns: '/workspaces/:id/columns',
  // PUT: rename (owner); DELETE: remove an empty column (owner), body {}.
  column: '/workspaces/:id/columns/:columnId',
  // POST: reorder (owner; MoveColumnSchema).
  moveColumn: '/workspaces/:id/columns/:columnId/move',
  // GET: every label used on the workspace's tasks, for the filter.
  labels: '/workspaces/:id/labels',
  // GET: Server-Sent Events of the workspace (LiveEvent); `Last-Event-ID` or `?after=<id>` replays.
  events: '/workspaces/:id/events',
  // The Home panel, across every workspace I belong to.
  myTasks: '/me/tasks',
  myComments: '/me/comments',
  inbox: '/me/inbox',
} as const;

export interface PersonRef {
  id: string;
  name: string;
}

export interface Task {
  id: string;
  workspaceId: string;
  columnId: string;
  title: string;
  // Markdown source; the browser renders it without raw HTML.
  description: string;
  assignee: PersonRef | null;
  priority: TaskPriority;
  // 'YYYY-MM-DD', a calendar day with no time zone.
  dueDate: string | null;
  labels: string[];
  // A fractional index: tasks of one column sort by it as plain (code-point) strings.
  position: string;
  // Rises with every edit of the fields above (not with moves); a PUT sends the one it read.
  version: number;
  // Null when its author deleted their account ("Deleted user").
  createdBy: PersonRef | null;
  createdAt: string;
  updatedAt: string;
}

export interface Column {
  id: string;
  workspaceId: string;
  name: string;
  // Columns sort by it as plain (code-point) strings, like task positions.
  position: string;
}

export interface Comment {
  id: string;
  workspaceId: string;
  taskId: string;
  body: string;
  // Null when its author deleted their account ("Deleted user").
  author: PersonRef | null;
  createdAt: string;
}

// In the Home panel lists, the workspace and task each item comes from.
export interface HomeTask extends Task {
  workspaceName: string;
}
export interface HomeComment extends Comment {
  workspaceName: string;
  taskTitle: string;
}
export type InboxItem = { kind: 'task'; at: string; task: HomeTask } | { kind: 'comment'; at: string; comment: HomeComment };

export interface TaskResponse {
  task: Task;
}
export interface TaskListResponse {
  tasks: Task[];
  // Pass as `cursor` for the next page; null on the last page.
  nextCursor: string | null;
}
export interface ColumnResponse {
  column: Column;
}
export interface ColumnsResponse {
  columns: Column[];
}
export interface CommentResponse {
  comment: Comment;
}
export interface CommentsResponse {
  comments: Comment[];
}
export interface LabelsResponse {
  labels: string[];
}
// DELETE of a task and of a column answer `{ ok: true, message }` (OkResponse in api-paths.ts).
export interface MyTasksResponse {
  tasks: HomeTask[];
}
export interface MyCommentsResponse {
  comments: HomeComment[];
}
export interface InboxResponse {
  items: InboxItem[];
}

// The live board (SSE). Every event is sent as the default `message` event with `id: <id>` and
// `data: <LiveEvent JSON>`, so EventSource.onmessage sees them all and resends the last id on reconnect.
// The task and comment names are the public webhook names of /docs/api (spec 7).
export type LiveEventData =
  | { type: 'task.created'; task: Task; restored: boolean }
  | { type: 'task.updated'; task: Task; moved: boolean }
  | { type: 'task.deleted'; task: Task }
  | { type: 'comment.added'; comment: Comment }
  | { type: 'column.created'; column: Column }
  | { type: 'column.updated'; column: Column }
  | { type: 'column.deleted'; column: Column };
export type LiveEventType = LiveEventData['type'];

export type LiveEvent = LiveEventData & {
  // Increasing within the server; what `Last-Event-ID` / `?after=` take.
  id: string;
  workspaceId: string;
  // Who made the change (null for a deleted account or an API key without a person).
  actorId: string | null;
  occurredAt: string;
};

// Sent (with event name `resync`, no id) when the missed events are too many to replay (REPLAY_MAX):
// the board refetches everything.
export const RESYNC_EVENT = 'resync';

function singleLine(label: string, max: number) {
  return text(label)
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .regex(NO_CONTROL, { error: `${label} contains characters that are not allowed.` })
    .regex(NO_DISGUISE, { error: `${label} contains characters that are not allowed.` });
}

// Tabs and line breaks are welcome in Markdown and comments; other control characters are not.
const MULTILINE_OK = /^(?:[\t\n\r]|\P{Cc})*$/u;

const title = singleLine('Title', TASK_TITLE_MAX);
const description = text('Description')
  .max(TASK_DESCRIPTION_MAX, { error: `Description must be at most ${TASK_DESCRIPTION_MAX.toLocaleString('en')} characters.` })
  .regex(MULTILINE_OK, { error: 'Description contains characters that are not allowed.' });
const id = (label: string) =>
  text(label).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: `${label} is not valid.` });
const assigneeId = id('Assignee').nullable();
const priority = z.enum(TASK_PRIORITIES, { error: `Priority must be one of: ${TASK_PRIORITIES.join(', ')}.` });

function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const dueDate = text('Due date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Due date must be a date like 2026-01-31.' })
  .refine(isCalendarDay, { error: 'Due date is not a real date.' })
  .nullable();

// Trimmed, empty ones refused, duplicates kept once (the first spelling).
const labels = z
  .array(singleLine('Label', TASK_LABEL_MAX), { error: 'Labels must be a list of text.' })
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
    .max(COMMENT_MAX, { error: `Comment must be at most ${COMMENT_MAX.toLocaleString('en')} characters.` })
    .regex(MULTILINE_OK, { error: 'Comment contains characters that are not allowed.' }),
});

const columnName = singleLine('Column name', COLUMN_NAME_MAX);
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
  q: single('Search', TASK_SEARCH_MAX).optional(),
  cursor: single('Cursor', 1000).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int({ error: 'Limit must be a whole number.' })
    .min(1, { error: 'Limit must be at least 1.' })
    .max(TASK_PAGE_SIZE, { error: `Limit must be at most ${TASK_PAGE_SIZE}.` })
    .optional(),
});

// GET events query string: `after` is the alternative to the Last-Event-ID header.
export const EventsQuerySchema = z.strictObject({
  after: text('after')
    .regex(/^\d{1,18}$/, { error: 'after must be an event id.' })
    .optional(),
});

export type CreateTaskBody = z.input<typeof CreateTaskSchema>;
export type UpdateTaskBody = z.input<typeof UpdateTaskSchema>;
export type MoveTaskBody = z.input<typeof MoveTaskSchema>;
export type AddCommentBody = z.input<typeof AddCommentSchema>;
export type CreateColumnBody = z.input<typeof CreateColumnSchema>;
export type RenameColumnBody = z.input<typeof RenameColumnSchema>;
export type MoveColumnBody = z.input<typeof MoveColumnSchema>;
export type TaskListQuery = z.input<typeof TaskListQuerySchema>;
