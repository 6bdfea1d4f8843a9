import { sql } from 'kysely';
import type { EventHook } from '#src/server/events/recorder.ts';
import { DAY_MS } from './figures.ts';

// Analytics keeps each task's path across the board (task_transitions), written in the change's own
// transaction: the event log is swept after a week, this history is not. A move within a column, or an
// edit, adds nothing. Each step also counts in its day's sum of moves from one column to another, which
// the flow reads instead of the steps ('' for no column).
export const recordTaskTransition: EventHook = async (tx, event) => {
  const data = event.data;
  let task;
  let columnId: string | null;
  if (data.type === 'task.created' || (data.type === 'task.updated' && data.moved)) {
    task = data.task;
    columnId = data.task.columnId;
  } else if (data.type === 'task.deleted') {
    task = data.task;
    columnId = null;
  } else return;
  // A task just created has no path yet (a restored one has: up to its deletion).
  const last =
    data.type === 'task.created' && !data.restored
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
};
