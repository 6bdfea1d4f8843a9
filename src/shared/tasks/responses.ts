// The zod schemas of the tasks, columns and comments routes' answers (checked by the server outside
// production; the browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the
// forms load.
import { z } from 'zod';
import { TASK_PRIORITIES } from './paths.ts';

export const PersonRefSchema = z.strictObject({ id: z.string(), name: z.string() });

export const TaskSchema = z.strictObject({
  id: z.string(),
  // `TSR-42`: the workspace's prefix and the task's number, which is never given to another task.
  key: z.string(),
  number: z.number().int(),
  workspaceId: z.string(),
  columnId: z.string(),
  title: z.string(),
  // Markdown source; the browser renders it without raw HTML.
  description: z.string(),
  assignee: PersonRefSchema.nullable(),
  priority: z.enum(TASK_PRIORITIES),
  // A calendar day with no time zone.
  dueDate: z.iso.date().nullable(),
  labels: z.array(z.string()),
  // The client project it belongs to, if any; a shared task shows in that client's portal.
  projectId: z.string().nullable(),
  sharedWithClient: z.boolean(),
  // A fractional index: tasks of one column sort by it as plain (code-point) strings.
  position: z.string(),
  // Rises with every edit of the fields above (not with moves); a PUT sends the one it read.
  version: z.number().int(),
  // Null when its author deleted their account ("Deleted user").
  createdBy: PersonRefSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const ColumnSchema = z.strictObject({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  // Columns sort by it as plain (code-point) strings, like task positions.
  position: z.string(),
});

export const CommentSchema = z.strictObject({
  id: z.string(),
  workspaceId: z.string(),
  taskId: z.string(),
  body: z.string(),
  // Null when its author deleted their account ("Deleted user").
  author: PersonRefSchema.nullable(),
  // Shown to the client in the portal (a guest's own comments always are).
  forClient: z.boolean(),
  createdAt: z.iso.datetime(),
  // When its author last changed it; null if never.
  editedAt: z.iso.datetime().nullable(),
});

// In the Home panel lists, the workspace and task each item comes from.
export const HomeTaskSchema = TaskSchema.extend({ workspaceName: z.string() });
export const HomeCommentSchema = CommentSchema.extend({ workspaceName: z.string(), taskTitle: z.string() });
export const InboxItemSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('task'), at: z.iso.datetime(), task: HomeTaskSchema }),
  z.strictObject({ kind: z.literal('comment'), at: z.iso.datetime(), comment: HomeCommentSchema }),
]);

export const TaskPrefixResponseSchema = z.strictObject({ prefix: z.string() });
export const TaskResponseSchema = z.strictObject({ task: TaskSchema });
export const TaskListResponseSchema = z.strictObject({
  tasks: z.array(TaskSchema),
  // Pass as `cursor` for the next page; null on the last page.
  nextCursor: z.string().nullable(),
});
export const ColumnResponseSchema = z.strictObject({ column: ColumnSchema });
export const ColumnsResponseSchema = z.strictObject({ columns: z.array(ColumnSchema) });
export const BoardResponseSchema = z.strictObject({
  columns: z.array(ColumnSchema),
  // Every column's first page, by column id.
  pages: z.record(z.string(), TaskListResponseSchema),
  // The id of the workspace's last event this answer includes (the live stream's ids; "0" before any).
  eventId: z.string(),
});
export const CommentResponseSchema = z.strictObject({ comment: CommentSchema });
export const CommentsResponseSchema = z.strictObject({ comments: z.array(CommentSchema) });
export const LabelsResponseSchema = z.strictObject({ labels: z.array(z.string()) });
export const MyTasksResponseSchema = z.strictObject({ tasks: z.array(HomeTaskSchema) });
export const MyCommentsResponseSchema = z.strictObject({ comments: z.array(HomeCommentSchema) });
export const InboxResponseSchema = z.strictObject({ items: z.array(InboxItemSchema) });
