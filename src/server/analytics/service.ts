import type { z } from 'zod';
import type { AnalyticsResponse } from '#src/shared/analytics/paths.ts';
import type { AnalyticsQuerySchema } from '#src/shared/analytics/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { listColumns } from '#src/server/tasks/reads.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { computeFigures } from './figures.ts';

export type AnalyticsQuery = z.output<typeof AnalyticsQuerySchema>;

const DAY_MS = 86_400_000;

// A workspace's analytics over a range of days, from its task history (history.ts).
export async function workspaceAnalytics(db: Db, clock: Clock, scope: WorkspaceScope, query: AnalyticsQuery): Promise<AnalyticsResponse> {
  const k = db.kysely;
  const endMs = Date.parse(`${query.to}T00:00:00Z`) + DAY_MS;
  const [columns, transitions, tasks] = await Promise.all([
    listColumns(k, scope.workspaceId),
    k
      .selectFrom('task_transitions')
      .select(['task_id', 'column_id', 'at'])
      .where('workspace_id', '=', scope.workspaceId)
      .where('at', '<', endMs)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    k
      .selectFrom('tasks as t')
      .leftJoin('users as u', 'u.id', 't.assignee_id')
      .select(['t.id', 't.assignee_id', 'u.name as assignee_name', 't.column_id', 't.due_date', 't.deleted_at'])
      .where('t.workspace_id', '=', scope.workspaceId)
      .execute(),
  ]);
  return computeFigures({
    from: query.from,
    to: query.to,
    today: new Date(clock()).toISOString().slice(0, 10),
    columns: columns.map((column) => ({ id: column.id, name: column.name })),
    transitions: transitions.map((row) => ({ task_id: row.task_id, column_id: row.column_id, at: Number(row.at) })),
    tasks: tasks.map((row) => ({ ...row, deleted: row.deleted_at !== null })),
  });
}
