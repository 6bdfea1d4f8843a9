import type { Kysely } from 'kysely';
import { parseTaskKey } from '#src/shared/tasks/task-keys.ts';
import type { Database } from '#src/server/db/schema.ts';

// The next number of a new task. It runs inside the door's transaction, which has locked the workspace
// row already, so two creates in one workspace take their numbers one after the other: none is given
// twice, none skipped, and a deleted task's number is never handed out again.
export async function nextTaskNumber(tx: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await tx
    .updateTable('workspaces')
    .set((eb) => ({ last_task_number: eb('last_task_number', '+', 1) }))
    .where('id', '=', workspaceId)
    .returning('last_task_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_task_number);
}

// The id of the task a key names in this workspace (the key's prefix must be the workspace's current
// one), or the text unchanged when it is not a key, for the caller to look up as an id.
export async function taskIdOf(db: Kysely<Database>, workspaceId: string, ref: string): Promise<string | null> {
  const key = parseTaskKey(ref);
  if (!key) return ref;
  const row = await db
    .selectFrom('tasks as t')
    .innerJoin('workspaces as w', 'w.id', 't.workspace_id')
    .select('t.id')
    .where('t.workspace_id', '=', workspaceId)
    .where('w.task_prefix', '=', key.prefix)
    .where('t.number', '=', key.number)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function taskPrefixOf(db: Kysely<Database>, workspaceId: string): Promise<string> {
  const row = await db.selectFrom('workspaces').select('task_prefix').where('id', '=', workspaceId).executeTakeFirstOrThrow();
  return row.task_prefix;
}
