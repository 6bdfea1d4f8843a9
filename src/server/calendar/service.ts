import type { z } from 'zod';
import type { CalendarResponse, CalendarTask } from '#src/shared/calendar/paths.ts';
import type { CalendarQuerySchema } from '#src/shared/calendar/schemas.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';

export type CalendarQuery = z.output<typeof CalendarQuerySchema>;

// A view never shows more than this many tasks; a range that has more shows the first by due date.
const CALENDAR_TASKS_MAX = 5000;

const TASK_FIELDS = [
  't.id',
  't.title',
  't.column_id as columnId',
  't.project_id as projectId',
  't.version',
  't.due_date as dueDate',
  't.assignee_id as assigneeId',
] as const;

// The live tasks of a workspace due within [from, to], mine only and of one project only when asked, in
// due order, with how many each day has. With perDay, only the first of each day: a month of 3,000 tasks
// answers the few chips its cells show (3 KB, not 800), each day's count taken by a window over the day.
export async function calendarTasks(db: Db, scope: WorkspaceScope, query: CalendarQuery): Promise<CalendarResponse> {
  const k = db.kysely;
  let due = k
    .selectFrom('tasks as t')
    .where('t.workspace_id', '=', scope.workspaceId)
    .where('t.deleted_at', 'is', null)
    .where('t.due_date', '>=', query.from)
    .where('t.due_date', '<=', query.to);
  if (query.mine === '1') due = due.where('t.assignee_id', '=', scope.actor.userId);
  if (query.project) due = due.where('t.project_id', '=', query.project);
  const read = async (): Promise<Array<CalendarTask & { dayTotal?: number | string }>> => {
    if (query.perDay === undefined)
      return due
        .select(TASK_FIELDS)
        .$narrowType<{ dueDate: string }>()
        .orderBy('t.due_date')
        .orderBy('t.id')
        .limit(CALENDAR_TASKS_MAX)
        .execute();
    const ranked = due.select((eb) => [
      ...TASK_FIELDS,
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('t.due_date').orderBy('t.id'))
        .as('place'),
      // A count is a bigint on PostgreSQL, which its driver gives as a string.
      eb.fn
        .countAll<number | string>()
        .over((over) => over.partitionBy('t.due_date'))
        .as('dayTotal'),
    ]);
    const rows = await k
      .selectFrom(ranked.$narrowType<{ dueDate: string }>().as('d'))
      .selectAll()
      .where('d.place', '<=', query.perDay)
      .orderBy('d.dueDate')
      .orderBy('d.id')
      .execute();
    return rows.map(({ place: _place, ...row }) => row);
  };
  const [rows, last] = await Promise.all([
    read(),
    k
      .selectFrom('board_columns')
      .select('id')
      .where('workspace_id', '=', scope.workspaceId)
      .orderBy('position', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const days: Record<string, number> = {};
  const tasks = rows.map(({ dayTotal, ...task }) => {
    days[task.dueDate] = dayTotal === undefined ? (days[task.dueDate] ?? 0) + 1 : Number(dayTotal);
    return task;
  });
  return { tasks, days, doneColumnId: last?.id ?? null };
}
