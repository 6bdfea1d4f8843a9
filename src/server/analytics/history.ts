import { sql, type Kysely } from 'kysely';
import type { Task } from '#src/shared/tasks/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { EventHook } from '#src/server/events/recorder.ts';
import { DAY_MS } from './figures.ts';

// Analytics keeps each task's path across the board (task_transitions), written in the change's own
// transaction: the event log is swept after a week, this history is not. A move within a column, or an
// edit, adds nothing. Each step also counts in its day's sum of moves from one column to another, which
// the flow reads instead of the steps ('' for no column), and a first arrival in a column is kept apart
// (task_arrivals), which the other figures read.
export const recordTaskTransition: EventHook = async (tx, event) => {
  const data = event.data;
  let task;
  let columnId: string | null;
  if (data.type === 'task.updated' && !data.moved) return followAssignee(tx, data.task);
  if (data.type === 'task.created' || (data.type === 'task.updated' && data.moved)) {
    task = data.task;
    columnId = data.task.columnId;
  } else if (data.type === 'task.deleted') {
    task = data.task;
    columnId = null;
  } else return;
  // A task just created has no path yet (a restored one has: up to its deletion).
  const created = data.type === 'task.created' && !data.restored;
  const last = created
    ? undefined
    : await tx
        .selectFrom('task_transitions')
        .select('column_id')
        .where('task_id', '=', task.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
  if (last && last.column_id === columnId) return;
  await tx
    .insertInto('task_transitions')
    .values({ workspace_id: task.workspaceId, task_id: task.id, column_id: columnId, at: event.occurredAt })
    .execute();
  await tx
    .insertInto('task_flow_days')
    .values({
      workspace_id: task.workspaceId,
      day: Math.floor(event.occurredAt / DAY_MS),
      column_id: columnId ?? '',
      from_column_id: last?.column_id ?? '',
      moves: 1,
    })
    .onConflict((conflict) =>
      conflict.columns(['workspace_id', 'day', 'column_id', 'from_column_id']).doUpdateSet({ moves: sql`task_flow_days.moves + 1` }),
    )
    .execute();
  if (columnId !== null) await recordArrival(tx, task, columnId, event.occurredAt, created);
};

// A task's first arrival in a column. Its first step on the board is kept as column '' too, with the
// column and time of that step, and when it first entered another column: whichever column is first on
// the board when the figures are read, its start is then known from any one of its rows.
async function recordArrival(tx: Kysely<Database>, task: Task, columnId: string, at: number, created: boolean): Promise<void> {
  const life = created
    ? undefined
    : await tx
        .selectFrom('task_arrivals')
        .select(['created_column_id', 'created_at', 'left_at'])
        .where('task_id', '=', task.id)
        .where('column_id', '=', '')
        .executeTakeFirst();
  const row = {
    workspace_id: task.workspaceId,
    task_id: task.id,
    created_column_id: life?.created_column_id ?? columnId,
    created_at: life?.created_at ?? at,
    left_at: life?.left_at ?? null,
    assignee_id: task.assignee?.id ?? null,
  };
  if (!life) {
    await tx
      .insertInto('task_arrivals')
      .values([
        { ...row, column_id: '', at },
        { ...row, column_id: columnId, at },
      ])
      .execute();
    return;
  }
  if (row.left_at === null && columnId !== row.created_column_id) {
    row.left_at = at;
    await tx.updateTable('task_arrivals').set({ left_at: at }).where('task_id', '=', task.id).execute();
  }
  await tx
    .insertInto('task_arrivals')
    .values({ ...row, column_id: columnId, at })
    .onConflict((conflict) => conflict.columns(['task_id', 'column_id']).doNothing())
    .execute();
}

// Who finished a task is its assignee now, as the board shows it.
async function followAssignee(tx: Kysely<Database>, task: Task): Promise<void> {
  const assigneeId = task.assignee?.id ?? null;
  await tx
    .updateTable('task_arrivals')
    .set({ assignee_id: assigneeId })
    .where('task_id', '=', task.id)
    .where('assignee_id', 'is distinct from', assigneeId)
    .execute();
}
