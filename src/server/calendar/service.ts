import type { z } from 'zod';
import type { CalendarResponse } from '#src/shared/calendar/paths.ts';
import type { CalendarQuerySchema } from '#src/shared/calendar/schemas.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';

export type CalendarQuery = z.output<typeof CalendarQuerySchema>;

// A view never shows more than this many tasks; a range that has more shows the first by due date.
const CALENDAR_TASKS_MAX = 5000;

// The live tasks of a workspace due within [from, to], mine only and of one project only when asked, in due order.
export async function calendarTasks(db: Db, scope: WorkspaceScope, query: CalendarQuery): Promise<CalendarResponse> {
  const k = db.kysely;
  let rows = k
    .selectFrom('tasks as t')
    .select([
      't.id',
      't.title',
      't.column_id as columnId',
      't.project_id as projectId',
      't.version',
      't.due_date as dueDate',
      't.assignee_id as assigneeId',
    ])
    .where('t.workspace_id', '=', scope.workspaceId)
    .where('t.deleted_at', 'is', null)
    .where('t.due_date', '>=', query.from)
    .where('t.due_date', '<=', query.to)
    .$narrowType<{ dueDate: string }>();
  if (query.mine === '1') rows = rows.where('t.assignee_id', '=', scope.actor.userId);
  if (query.project) rows = rows.where('t.project_id', '=', query.project);
  const [tasks, last] = await Promise.all([
    rows.orderBy('t.due_date').orderBy('t.id').limit(CALENDAR_TASKS_MAX).execute(),
    k
      .selectFrom('board_columns')
      .select('id')
      .where('workspace_id', '=', scope.workspaceId)
      .orderBy('position', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { tasks, doneColumnId: last?.id ?? null };
}
