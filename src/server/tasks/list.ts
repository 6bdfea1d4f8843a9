import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { taskError } from '#src/shared/task-messages.ts';
import { TASK_PAGE_SIZE, type TaskListQuerySchema, type TaskListResponse } from '#src/shared/tasks.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { taskRows, toTask } from './reads.ts';

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

// LIKE treats % and _ as wildcards; a search for them means the characters themselves.
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// One page of live tasks in board order (column, then place), filtered as the board asks (issue 16 item
// 5). Keyset pages: a task moved between two page reads is neither lost twice nor shown twice within a
// column that did not change.
export async function listTasks(db: Kysely<Database>, workspaceId: string, filters: TaskListFilters): Promise<TaskListResponse> {
  const limit = filters.limit ?? TASK_PAGE_SIZE;
  let query = taskRows(db).where('t.workspace_id', '=', workspaceId).where('t.deleted_at', 'is', null);
  if (filters.column) query = query.where('t.column_id', '=', filters.column);
  if (filters.assignee === 'none') query = query.where('t.assignee_id', 'is', null);
  else if (filters.assignee) query = query.where('t.assignee_id', '=', filters.assignee);
  if (filters.priority) query = query.where('t.priority', '=', filters.priority);
  const label = filters.label?.trim();
  if (label) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('task_labels as l').select('l.task_id').whereRef('l.task_id', '=', 't.id').where('l.label', '=', label)),
    );
  }
  const search = filters.q?.trim();
  if (search) query = query.where(sql<boolean>`lower(${sql.ref('t.title')}) like ${likePattern(search)} escape '\\'`);
  if (filters.cursor) {
    const [columnId, position] = decodeCursor(filters.cursor);
    query = query.where((eb) =>
      eb.or([eb('t.column_id', '>', columnId), eb.and([eb('t.column_id', '=', columnId), eb('t.position', '>', position)])]),
    );
  }
  const rows = await query
    .orderBy('t.column_id')
    .orderBy('t.position')
    .limit(limit + 1)
    .execute();
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
