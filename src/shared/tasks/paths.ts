import type { ChatEventData } from '#src/shared/chat/paths.ts';
import type { DocsEventData } from '#src/shared/docs/paths.ts';
import type { ClientEventData } from '#src/shared/clients/events.ts';
import type { GithubEventData } from '#src/shared/github/events.ts';
import type { z } from 'zod';
import type {
  BoardResponseSchema,
  ColumnResponseSchema,
  ColumnSchema,
  ColumnsResponseSchema,
  CommentResponseSchema,
  CommentSchema,
  CommentsResponseSchema,
  HomeCommentSchema,
  HomeTaskSchema,
  InboxItemSchema,
  InboxResponseSchema,
  LabelsResponseSchema,
  MyCommentsResponseSchema,
  MyTasksResponseSchema,
  PersonRefSchema,
  TaskListResponseSchema,
  TaskPrefixResponseSchema,
  TaskResponseSchema,
  TaskSchema,
} from './responses.ts';

// Tasks, board columns, comments and the live board (product rules T): the API both sides
// share. Paths are relative to API_BASE; `:id`, `:taskId`, `:columnId` are filled with workspacePath()
// from workspaces.ts. spec 3 names the task fields; the rest is ours.
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
  // PUT { body }: its author edits it. DELETE: its author, or an owner, deletes it.
  comment: '/workspaces/:id/tasks/:taskId/comments/:commentId',
  // GET: the board's columns in order; POST: add one (owner).
  columns: '/workspaces/:id/columns',
  // GET: the board's first screen in one request and one snapshot: its columns, and each column's first
  // page as the tasks list answers `?column=` (BoardResponse); later pages come from `tasks` with the cursor.
  board: '/workspaces/:id/board',
  // PUT: rename (owner); DELETE: remove an empty column (owner), body {}.
  column: '/workspaces/:id/columns/:columnId',
  // POST: reorder (owner; MoveColumnSchema).
  moveColumn: '/workspaces/:id/columns/:columnId/move',
  // GET: the prefix of the workspace's task keys (TaskPrefixResponse); PUT: change it (owner; TaskPrefixSchema).
  taskPrefix: '/workspaces/:id/task-prefix',
  // GET: every label used on the workspace's tasks, for the filter.
  labels: '/workspaces/:id/labels',
  // GET: Server-Sent Events of the workspace (LiveEvent); `Last-Event-ID` or `?after=<id>` replays.
  events: '/workspaces/:id/events',
  // The Home panel, across every workspace I belong to.
  myTasks: '/me/tasks',
  myComments: '/me/comments',
  inbox: '/me/inbox',
} as const;

export type TaskPrefixResponse = z.infer<typeof TaskPrefixResponseSchema>;
export type PersonRef = z.infer<typeof PersonRefSchema>;
export type Task = z.infer<typeof TaskSchema>;
export type Column = z.infer<typeof ColumnSchema>;
export type Comment = z.infer<typeof CommentSchema>;
// In the Home panel lists, the workspace and task each item comes from.
export type HomeTask = z.infer<typeof HomeTaskSchema>;
export type HomeComment = z.infer<typeof HomeCommentSchema>;
export type InboxItem = z.infer<typeof InboxItemSchema>;

export type TaskResponse = z.infer<typeof TaskResponseSchema>;
export type TaskListResponse = z.infer<typeof TaskListResponseSchema>;
export type ColumnResponse = z.infer<typeof ColumnResponseSchema>;
export type ColumnsResponse = z.infer<typeof ColumnsResponseSchema>;
export type BoardResponse = z.infer<typeof BoardResponseSchema>;
export type CommentResponse = z.infer<typeof CommentResponseSchema>;
export type CommentsResponse = z.infer<typeof CommentsResponseSchema>;
export type LabelsResponse = z.infer<typeof LabelsResponseSchema>;
// DELETE of a task and of a column answer `{ ok: true, message }` (OkResponse in accounts/paths.ts).
export type MyTasksResponse = z.infer<typeof MyTasksResponseSchema>;
export type MyCommentsResponse = z.infer<typeof MyCommentsResponseSchema>;
export type InboxResponse = z.infer<typeof InboxResponseSchema>;

// The live board (SSE). Every event is sent as the default `message` event with `id: <id>` and
// `data: <LiveEvent JSON>`, so EventSource.onmessage sees them all and resends the last id on reconnect.
// The task and comment names are the public webhook names of /docs/api (spec 7).
export type LiveEventData =
  | { type: 'task.created'; task: Task; restored: boolean }
  | { type: 'task.updated'; task: Task; moved: boolean }
  | { type: 'task.deleted'; task: Task }
  | { type: 'comment.added'; comment: Comment }
  | { type: 'comment.updated'; comment: Comment }
  | { type: 'comment.deleted'; comment: Comment }
  | { type: 'column.created'; column: Column }
  | { type: 'column.updated'; column: Column }
  | { type: 'column.deleted'; column: Column }
  | ClientEventData
  | GithubEventData
  | ChatEventData
  | DocsEventData;
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

// Sent (event name `start`, `id: <id>`, empty data) when a stream replays nothing, having been opened
// without an id or told to resync: the id of the last event it will not send. A reconnect replays from
// there, and a board whose answer is older (its `eventId` lower) reads again, since what was committed
// between that read and the stream's start reaches it by neither.
export const START_EVENT = 'start';

// Sent (event name `ended`, no id) just before the server closes a stream whose person lost access:
// `signed-out` when the session ended (signed out elsewhere, suspended, deleted), `no-access` when they
// are no longer a member of the workspace. The browser stops reconnecting and takes them elsewhere.
export const ENDED_EVENT = 'ended';
export type StreamEndReason = 'signed-out' | 'no-access';
export interface StreamEnded {
  reason: StreamEndReason;
}
