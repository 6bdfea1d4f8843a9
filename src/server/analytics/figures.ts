import type { AnalyticsResponse, AssigneeFigures, FlowDay, WeekFigures } from '#src/shared/analytics/paths.ts';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

export interface Transition {
  task_id: string;
  column_id: string | null;
  at: number;
}

export interface TaskNow {
  id: string;
  assignee_id: string | null;
  assignee_name: string | null;
  column_id: string;
  due_date: string | null;
  deleted: boolean;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Weeks start on Monday (ISO 8601), in UTC.
const weekStart = (ms: number) => {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
};
const tenths = (value: number) => Math.round(value * 10) / 10;

// The nearest-rank percentile of sorted values.
function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// Analytics figures from a workspace's history (transitions in time order) and its tasks now.
// The first column is where work waits and the last is Done, whatever the team named them.
export function computeFigures(input: {
  from: string;
  to: string;
  today: string;
  columns: Array<{ id: string; name: string }>;
  transitions: Transition[];
  tasks: TaskNow[];
}): AnalyticsResponse {
  const { columns, transitions, tasks } = input;
  const fromMs = Date.parse(`${input.from}T00:00:00Z`);
  const endMs = Date.parse(`${input.to}T00:00:00Z`) + DAY_MS;
  const first = columns[0]?.id;
  const done = columns.at(-1)?.id;
  const columnIndex = new Map(columns.map((column, index) => [column.id, index]));

  const weeks = new Map<number, WeekFigures>();
  for (let week = weekStart(fromMs); week < endMs; week += WEEK_MS) weeks.set(week, { week: dayOf(week), created: 0, completed: 0 });

  // Each task's first arrival, first start (out of the first column) and first arrival in Done.
  const life = new Map<string, { created: number; started: number | null; done: number | null }>();
  const where = new Map<string, string | null>();
  const counts = columns.map(() => 0);
  const flow: FlowDay[] = [];
  let nextDay = fromMs + DAY_MS;
  const closeDaysUntil = (at: number) => {
    while (nextDay <= at && nextDay <= endMs) {
      flow.push({ day: dayOf(nextDay - DAY_MS), counts: [...counts] });
      nextDay += DAY_MS;
    }
  };

  for (const move of transitions) {
    if (move.at >= fromMs) closeDaysUntil(move.at);
    let seen = life.get(move.task_id);
    if (!seen) {
      seen = { created: move.at, started: null, done: null };
      life.set(move.task_id, seen);
    }
    if (move.column_id !== null && move.column_id !== first && seen.started === null) seen.started = move.at;
    if (move.column_id !== null && move.column_id === done && seen.done === null) seen.done = move.at;
    const before = where.get(move.task_id);
    const beforeIndex = before ? columnIndex.get(before) : undefined;
    if (beforeIndex !== undefined) counts[beforeIndex]! -= 1;
    const afterIndex = move.column_id ? columnIndex.get(move.column_id) : undefined;
    if (afterIndex !== undefined) counts[afterIndex]! += 1;
    where.set(move.task_id, move.column_id);
  }
  closeDaysUntil(endMs);

  const cycles: number[] = [];
  const completedBy = new Map<string, number>();
  let completed = 0;
  for (const [taskId, seen] of life) {
    if (seen.created >= fromMs && seen.created < endMs) weeks.get(weekStart(seen.created))!.created += 1;
    if (seen.done !== null && seen.done >= fromMs && seen.done < endMs) {
      completed += 1;
      weeks.get(weekStart(seen.done))!.completed += 1;
      if (seen.started !== null) cycles.push((seen.done - seen.started) / DAY_MS);
      completedBy.set(taskId, 1);
    }
  }
  cycles.sort((a, b) => a - b);

  const people = new Map<string | null, AssigneeFigures>();
  let overdue = 0;
  for (const task of tasks) {
    const finished = completedBy.has(task.id);
    const open = !task.deleted && task.column_id !== done;
    if (!finished && !open) continue;
    const key = task.assignee_id;
    let person = people.get(key);
    if (!person) {
      person = { id: key, name: task.assignee_name ?? 'Unassigned', completed: 0, open: 0 };
      people.set(key, person);
    }
    if (finished) person.completed += 1;
    if (open) {
      person.open += 1;
      if (task.due_date !== null && task.due_date < input.today) overdue += 1;
    }
  }

  const days = (endMs - fromMs) / DAY_MS;
  return {
    from: input.from,
    to: input.to,
    columns,
    weeks: [...weeks.values()],
    throughput: { completed, perWeek: tenths((completed * 7) / days) },
    cycleTime: {
      tasks: cycles.length,
      medianDays: cycles.length ? tenths(percentile(cycles, 50)!) : null,
      p85Days: cycles.length ? tenths(percentile(cycles, 85)!) : null,
    },
    flow,
    assignees: [...people.values()].sort((a, b) => b.completed - a.completed || b.open - a.open || a.name.localeCompare(b.name)),
    overdue,
  };
}
