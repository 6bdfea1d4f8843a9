import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { taskError } from '#src/shared/tasks/messages.ts';
import { TASK_PAGE_SIZE, type Column, type TaskListResponse } from '#src/shared/tasks/paths.ts';
import { type TaskListQuerySchema } from '#src/shared/tasks/schemas.ts';
import type { Database } from '#src/server/db/schema.ts';
import { likePattern } from '#src/server/db/like-pattern.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { latestEventIdQuery } from '#src/server/events/log.ts';
import { taskRows, toTask, type TaskRow } from './reads.ts';

export type TaskListFilters = z.output<typeof TaskListQuerySchema>;

type Cursor = [columnId: string, position: string];

// Opaque to clients: the place of the last task of the page.
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) return value as Cursor;
  } catch {
    // Falls through to the refusal.
  }
  throw new HttpError(400, taskError.badCursor);
}

// One page of live tasks in board order (the columns as the board shows them, then each column top to
// bottom), filtered as the board asks. Keyset pages: a task moved between two page reads is neither lost
// twice nor shown twice within a column that did not change. The columns are read one by one in their
// order (at most COLUMNS_MAX), so each read walks the (workspace, column, position) index with no sort.
// The public API also filters by due date, both bounds inclusive ('YYYY-MM-DD' sorts as text).
type DueFilters = { dueBefore?: string; dueAfter?: string };

export async function listTasks(
  db: Kysely<Database>,
  workspaceId: string,
  filters: TaskListFilters & DueFilters,
): Promise<TaskListResponse> {
  // One column's page (the board's own reads) needs no column order: a column of another workspace, or
  // none, finds no tasks, as the workspace filter keeps them out.
  let columns = filters.column ? [{ id: filters.column }] : await boardOrder(db, workspaceId);
  let after: string | null = null;
  if (filters.cursor) {
    const [columnId, position] = decodeCursor(filters.cursor);
    const place = columns.findIndex((column) => column.id === columnId);
    if (place === -1) throw new HttpError(400, taskError.badCursor);
    columns = columns.slice(place);
    after = position;
  }
  return pageOf(filtered(db, workspaceId, filters), columns, after, filters.limit ?? TASK_PAGE_SIZE);
}

// The first page of each of these columns, as `listTasks` with `column` answers it (the same rows and
// cursors, so the next page comes from the tasks list), in the columns' order. One query per column.
export async function firstPages(db: Kysely<Database>, workspaceId: string, columns: { id: string }[]): Promise<TaskListResponse[]> {
  const query = filtered(db, workspaceId, {});
  const pages = [];
  for (const column of columns) pages.push(await pageOf(query, [column], null, TASK_PAGE_SIZE));
  return pages;
}

// The board's first screen on PostgreSQL in one statement: the columns, each one's first page as
// `firstPages` reads it (a lateral join walks each column's index the same way) and the last event id.
// One statement reads one snapshot, so it needs no transaction: two round trips where the loop made
// seven. SQLite has no lateral join, and its statements cost no round trip.
export async function firstScreenInOneStatement(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<{ columns: Column[]; pages: TaskListResponse[]; eventId: number }> {
  const firstPage = filtered(db, workspaceId, {})
    .where('t.column_id', '=', sql<string>`c.id`)
    .orderBy('t.position')
    .limit(TASK_PAGE_SIZE + 1);
  const rows = await db
    .selectFrom('board_columns as c')
    .leftJoinLateral(firstPage.as('task'), (join) => join.onTrue())
    .selectAll('task')
    .select([
      'c.id as board_column_id',
      'c.name as board_column_name',
      'c.position as board_column_position',
      latestEventIdQuery(db, workspaceId).as('last_event_id'),
    ])
    .where('c.workspace_id', '=', workspaceId)
    .orderBy('c.position')
    .orderBy('c.id')
    .orderBy('task.position')
    .execute();
  const columns: Column[] = [];
  const tasks: TaskRow[][] = [];
  for (const { board_column_id, board_column_name, board_column_position, last_event_id: _, ...task } of rows) {
    if (columns.at(-1)?.id !== board_column_id) {
      columns.push({ id: board_column_id, workspaceId, name: board_column_name, position: board_column_position });
      tasks.push([]);
    }
    // A column without tasks comes as one row whose task columns are all null.
    if (task.id !== null) tasks.at(-1)!.push(task as TaskRow);
  }
  return { columns, pages: tasks.map((rows) => pageFrom(rows, TASK_PAGE_SIZE)), eventId: Number(rows[0]?.last_event_id ?? 0) };
}

// The columns as the board shows them.
const boardOrder = (db: Kysely<Database>, workspaceId: string) =>
  db.selectFrom('board_columns').select('id').where('workspace_id', '=', workspaceId).orderBy('position').orderBy('id').execute();

// The workspace's live tasks that pass the filters (every column).
function filtered(db: Kysely<Database>, workspaceId: string, filters: TaskListFilters & DueFilters) {
  let query = taskRows(db).where('t.workspace_id', '=', workspaceId).where('t.deleted_at', 'is', null);
  if (filters.assignee === 'none') query = query.where('t.assignee_id', 'is', null);
  else if (filters.assignee) query = query.where('t.assignee_id', '=', filters.assignee);
  if (filters.priority) query = query.where('t.priority', '=', filters.priority);
  if (filters.project) query = query.where('t.project_id', '=', filters.project);
  if (filters.client) {
    const clientId = filters.client;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('projects as p')
          .select('p.id')
          .whereRef('p.id', '=', 't.project_id')
          .where('p.client_id', '=', clientId)
          .where('p.workspace_id', '=', workspaceId),
      ),
    );
  }
  const label = filters.label?.trim();
  if (label) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('task_labels as l').select('l.task_id').whereRef('l.task_id', '=', 't.id').where('l.label', '=', label)),
    );
  }
  if (filters.dueBefore) query = query.where('t.due_date', '<=', filters.dueBefore);
  if (filters.dueAfter) query = query.where('t.due_date', '>=', filters.dueAfter);
  const search = filters.q?.trim();
  if (search) query = query.where(sql<boolean>`lower(${sql.ref('t.title')}) like ${likePattern(search)} escape '\\'`);
  return query;
}

// Up to `limit` tasks from these columns in order, the first of them from after `after`.
async function pageOf(
  query: ReturnType<typeof filtered>,
  columns: { id: string }[],
  after: string | null,
  limit: number,
): Promise<TaskListResponse> {
  const rows = [];
  for (const [index, column] of columns.entries()) {
    let inColumn = query.where('t.column_id', '=', column.id);
    if (index === 0 && after !== null) inColumn = inColumn.where('t.position', '>', after);
    rows.push(
      ...(await inColumn
        .orderBy('t.position')
        .limit(limit + 1 - rows.length)
        .execute()),
    );
    if (rows.length > limit) break;
  }
  return pageFrom(rows, limit);
}

// A page of the first `limit` of these rows (read one more, to know whether a next page exists).
function pageFrom(rows: TaskRow[], limit: number): TaskListResponse {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { tasks: page.map(toTask), nextCursor: rows.length > limit && last ? encodeCursor([last.column_id, last.position]) : null };
}

// Every label on the workspace's live tasks, for the board's filter.
export async function listLabels(db: Kysely<Database>, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('task_labels as l')
    .innerJoin('tasks as t', 't.id', 'l.task_id')
    .select('l.label')
    .distinct()
    .where('l.workspace_id', '=', workspaceId)
    .where('t.deleted_at', 'is', null)
    .orderBy('l.label')
    .execute();
  return rows.map((row) => row.label);
}
