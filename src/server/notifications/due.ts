import { sql, type Kysely } from 'kysely';
import type { Database } from '#src/server/db/schema.ts';
import type { Notify } from './notify.ts';

const DAY_MS = 24 * 60 * 60_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// The hourly look for tasks due tomorrow or overdue (UTC calendar days; a due date has no time zone).
// Each reminder is keyed by task, assignee, due date and state, so looking again tells nobody twice.
// A task in its board's last column is taken as finished and never overdue.
export async function remindDueTasks(k: Kysely<Database>, notify: Notify, now: number): Promise<void> {
  const today = day(now);
  const tomorrow = day(now + DAY_MS);
  const tasks = await k
    .selectFrom('tasks as t')
    .select(['t.id', 't.workspace_id', 't.assignee_id', 't.due_date'])
    .where('t.deleted_at', 'is', null)
    .where('t.assignee_id', 'is not', null)
    .where((w) => w.or([w('t.due_date', '=', tomorrow), w('t.due_date', '<', today)]))
    .where(
      't.column_id',
      'not in',
      sql<string>`(select c.id from board_columns c where c.workspace_id = t.workspace_id and c.position = (select max(c2.position) from board_columns c2 where c2.workspace_id = t.workspace_id))`,
    )
    .execute();
  for (const task of tasks) {
    const overdue = task.due_date! < today;
    await k.transaction().execute((tx) =>
      notify(tx, {
        kind: 'due',
        workspaceId: task.workspace_id,
        recipients: [task.assignee_id!],
        actorId: null,
        taskId: task.id,
        detail: overdue ? 'overdue' : 'tomorrow',
        key: `due:${task.id}:${task.due_date}:${overdue ? 'overdue' : 'tomorrow'}`,
      }),
    );
  }
}
