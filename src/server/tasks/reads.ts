import type { Kysely } from 'kysely';
import type { Column, Comment, PersonRef, Task } from '#src/shared/tasks/paths.ts';
import { taskKey } from '#src/shared/tasks/task-keys.ts';
import type { Database } from '#src/server/db/schema.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const person = (id: string | null, name: string | null): PersonRef | null => (id && name !== null ? { id, name } : null);

const TASK_COLUMNS = [
  't.id',
  't.number',
  't.workspace_id',
  't.column_id',
  't.title',
  't.description',
  't.assignee_id',
  't.priority',
  't.due_date',
  't.labels',
  't.project_id',
  't.shared_with_client',
  't.position',
  't.version',
  't.created_by',
  't.created_at',
  't.updated_at',
] as const;

// Tasks with the names of their assignee and author; a deleted account leaves null (product rules T7).
// The workspace is joined for the prefix of the task's key, under an alias of its own (callers join
// workspaces as `w` for other columns).
export function taskRows(db: Kysely<Database>) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('users as assignee', 'assignee.id', 't.assignee_id')
    .leftJoin('users as author', 'author.id', 't.created_by')
    .innerJoin('workspaces as key_ws', 'key_ws.id', 't.workspace_id')
    .select([...TASK_COLUMNS, 'key_ws.task_prefix', 'assignee.name as assignee_name', 'author.name as author_name']);
}

export type TaskRow = Awaited<ReturnType<ReturnType<typeof taskRows>['executeTakeFirstOrThrow']>>;

export const toTask = (row: TaskRow): Task => ({
  id: row.id,
  // Rows written in bulk outside the service (the bench's) carry no number.
  key: taskKey(row.task_prefix, Number(row.number ?? 0)),
  number: Number(row.number ?? 0),
  workspaceId: row.workspace_id,
  columnId: row.column_id,
  title: row.title,
  description: row.description,
  assignee: person(row.assignee_id, row.assignee_name),
  priority: row.priority,
  dueDate: row.due_date,
  labels: JSON.parse(row.labels) as string[],
  projectId: row.project_id,
  sharedWithClient: Number(row.shared_with_client) === 1,
  position: row.position,
  version: Number(row.version),
  createdBy: person(row.created_by, row.author_name),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

// A live (not deleted) task of the workspace, or undefined: another workspace's is never found (T1).
export async function findTask(db: Kysely<Database>, workspaceId: string, taskId: string): Promise<Task | undefined> {
  const row = await taskRows(db)
    .where('t.workspace_id', '=', workspaceId)
    .where('t.id', '=', taskId)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toTask(row) : undefined;
}

export function commentRows(db: Kysely<Database>) {
  return db
    .selectFrom('comments as c')
    .leftJoin('users as author', 'author.id', 'c.author_id')
    .select([
      'c.id',
      'c.workspace_id',
      'c.task_id',
      'c.body',
      'c.author_id',
      'author.name as author_name',
      'c.for_client',
      'c.created_at',
      'c.edited_at',
    ]);
}

export type CommentRow = Awaited<ReturnType<ReturnType<typeof commentRows>['executeTakeFirstOrThrow']>>;

export const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  workspaceId: row.workspace_id,
  taskId: row.task_id,
  body: row.body,
  author: person(row.author_id, row.author_name),
  forClient: Number(row.for_client) === 1,
  createdAt: iso(row.created_at),
  editedAt: row.edited_at === null ? null : iso(row.edited_at),
});

export async function listColumns(db: Kysely<Database>, workspaceId: string): Promise<Column[]> {
  const rows = await db
    .selectFrom('board_columns')
    .select(['id', 'workspace_id', 'name', 'position'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ id: row.id, workspaceId: row.workspace_id, name: row.name, position: row.position }));
}
