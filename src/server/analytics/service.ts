import { sql } from 'kysely';
import type { z } from 'zod';
import type { AnalyticsResponse } from '#src/shared/analytics/paths.ts';
import type { AnalyticsQuerySchema } from '#src/shared/analytics/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { listColumns } from '#src/server/tasks/reads.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { computeFigures, DAY_MS, type DayCount, type FlowMoves, type LiveCount } from './figures.ts';

export type AnalyticsQuery = z.output<typeof AnalyticsQuerySchema>;

// One statement's rows of several kinds: a day's count (created, completed), a person's finished tasks
// (finished: id and name), or a cycle time in milliseconds among n (median, p85; in `day`).
interface LifeRow {
  kind: 'created' | 'completed' | 'finished' | 'median' | 'p85';
  id: string | null;
  name: string | null;
  day: number | string | null;
  n: number | string;
}

// better-sqlite3 binds every JavaScript number as a real, and a real makes SQLite's division fractional.
const int = (value: number) => sql`cast(${value} as bigint)`;
const DAY = sql.lit(DAY_MS);

// A workspace's analytics over a range of days, from its task history (history.ts). The database sums it
// and only the sums come back (decision 035): a year of 50,000 tasks is about 150,000 transitions, too
// many to carry into JavaScript, and too many to replay per task on every read, so the figures read the
// tasks' first arrivals kept beside them.
export async function workspaceAnalytics(db: Db, clock: Clock, scope: WorkspaceScope, query: AnalyticsQuery): Promise<AnalyticsResponse> {
  const k = db.kysely;
  const workspaceId = scope.workspaceId;
  const fromMs = Date.parse(`${query.from}T00:00:00Z`);
  const endMs = Date.parse(`${query.to}T00:00:00Z`) + DAY_MS;
  const today = new Date(clock()).toISOString().slice(0, 10);
  const columns = await listColumns(k, workspaceId);
  // With no columns nothing is done (null equals no column), and every live task is open.
  const first = columns[0]?.id ?? '';
  const done = columns.at(-1)?.id ?? null;
  const from = int(fromMs);
  const dayInRange = (at: string) => sql`(${sql.ref(at)} - ${from}) / ${DAY}`;

  // From the tasks' arrivals (history.ts): first steps on the board (column '') and first arrivals in the
  // last column within the range, each read as a range of one index. A task started on its first arrival
  // in a column other than the first: when it was created, if it was created elsewhere, or when it first
  // left the column it was created in. An assignee whose account is gone counts as nobody, as on the
  // board. The cycle time is at nearest rank ceil(p/100 × n), whose offset in integer arithmetic is
  // (n - 1) / 2 for the median and (85n - 1) / 100 for the 85th percentile.
  const arrivedIn = (columnId: string | null) =>
    sql`a.workspace_id = ${workspaceId} and a.column_id = ${columnId} and a.at >= ${from} and a.at < ${int(endMs)}`;
  const started = sql`case when a.created_column_id <> ${first} then a.created_at else a.left_at end`;
  const lives = sql<LifeRow>`
    with cycles as materialized (
      select a.at - ${started} as cycle from task_arrivals a where ${arrivedIn(done)} and ${started} is not null
    )
    select 'created' as kind, null as id, null as name, ${dayInRange('a.at')} as day, count(*) as n
    from task_arrivals a where ${arrivedIn('')} group by 4
    union all
    select 'completed', null, null, ${dayInRange('a.at')}, count(*) from task_arrivals a where ${arrivedIn(done)} group by 4
    union all
    select 'finished', u.id, u.name, null, sum(g.n)
    from (select a.assignee_id, count(*) as n from task_arrivals a where ${arrivedIn(done)} group by a.assignee_id) g
    left join users u on u.id = g.assignee_id
    group by u.id, u.name
    union all
    select 'median', null, null, cycle, (select count(*) from cycles)
    from (select cycle from cycles order by cycle limit 1 offset ((select count(*) from cycles) - 1) / 2) median
    union all
    select 'p85', null, null, cycle, (select count(*) from cycles)
    from (select cycle from cycles order by cycle limit 1 offset (85 * (select count(*) from cycles) - 1) / 100) p85`.execute(k);

  // The board's moves by day (history.ts keeps these sums); what came before the range is day -1.
  const fromDay = int(fromMs / DAY_MS);
  const flow = sql<FlowMoves>`
    select case when day < ${fromDay} then -1 else day - ${fromDay} end as day, column_id, from_column_id as previous, sum(moves) as n
    from task_flow_days
    where workspace_id = ${workspaceId} and day < ${int(endMs / DAY_MS)}
    group by 1, 2, 3`.execute(k);

  // Per person, the live tasks of each column.
  const live = sql<LiveCount>`
    select g.column_id, g.id, u.name, g.n, g.overdue
    from (
      select column_id, assignee_id as id, count(*) as n, sum(case when due_date < ${today} then 1 else 0 end) as overdue
      from tasks
      where workspace_id = ${workspaceId} and deleted_at is null
      group by column_id, assignee_id
    ) g
    left join users u on u.id = g.id`.execute(k);

  const [lifeRows, flowRows, liveRows] = await Promise.all([lives, flow, live]);
  const rowsOf = (kind: LifeRow['kind']) => lifeRows.rows.filter((row) => row.kind === kind);
  const days = (kind: 'created' | 'completed'): DayCount[] => rowsOf(kind).map((row) => ({ day: Number(row.day), n: Number(row.n) }));
  const [median] = rowsOf('median');
  const [p85] = rowsOf('p85');
  return computeFigures({
    from: query.from,
    to: query.to,
    columns: columns.map((column) => ({ id: column.id, name: column.name })),
    created: days('created'),
    completed: days('completed'),
    cycles: { tasks: Number(median?.n ?? 0), medianMs: median ? Number(median.day) : null, p85Ms: p85 ? Number(p85.day) : null },
    flow: flowRows.rows.map((row) => ({ ...row, day: Number(row.day), n: Number(row.n) })),
    finishedBy: rowsOf('finished').map((row) => ({ id: row.id, name: row.name, n: Number(row.n) })),
    live: liveRows.rows.map((row) => ({ ...row, n: Number(row.n), overdue: Number(row.overdue) })),
  });
}
