import type { AnalyticsResponse, AssigneeFigures, FlowDay, WeekFigures } from '#src/shared/analytics/paths.ts';

export const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

// Days are counted from the range's first day (0); day -1 stands for everything before the range.
export interface DayCount {
  day: number;
  n: number;
}

// How many tasks entered `column_id` from `previous` ('' for none) on a day.
export interface FlowMoves {
  day: number;
  column_id: string;
  previous: string;
  n: number;
}

// Tasks of one assignee (id and name null: nobody), finished in the range or live in a column now.
export interface AssigneeCount {
  id: string | null;
  name: string | null;
  n: number;
}

export interface LiveCount extends AssigneeCount {
  column_id: string;
  // Of them, those whose due date has passed.
  overdue: number;
}

// The sums the database made of the range (service.ts), put into the answer's shape.
export interface RangeSums {
  from: string;
  to: string;
  columns: Array<{ id: string; name: string }>;
  // Tasks by the day of their first step on the board, and of their first arrival in the last column.
  created: DayCount[];
  completed: DayCount[];
  // Tasks finished in the range that had started, and their median and 85th-percentile cycle times in
  // milliseconds (null when none).
  cycles: { tasks: number; medianMs: number | null; p85Ms: number | null };
  flow: FlowMoves[];
  finishedBy: AssigneeCount[];
  live: LiveCount[];
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Weeks start on Monday (ISO 8601), in UTC.
const weekStart = (ms: number) => {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
};
const tenths = (value: number) => Math.round(value * 10) / 10;

// The first column is where work waits and the last is Done, whatever the team named them.
export function computeFigures(sums: RangeSums): AnalyticsResponse {
  const { columns } = sums;
  const fromMs = Date.parse(`${sums.from}T00:00:00Z`);
  const endMs = Date.parse(`${sums.to}T00:00:00Z`) + DAY_MS;
  const days = (endMs - fromMs) / DAY_MS;
  const columnIndex = new Map(columns.map((column, index) => [column.id, index]));

  const weeks = new Map<number, WeekFigures>();
  for (let week = weekStart(fromMs); week < endMs; week += WEEK_MS) weeks.set(week, { week: dayOf(week), created: 0, completed: 0 });
  const weekOf = (day: number) => weeks.get(weekStart(fromMs + day * DAY_MS))!;
  for (const { day, n } of sums.created) weekOf(day).created += n;
  let completed = 0;
  for (const { day, n } of sums.completed) {
    weekOf(day).completed += n;
    completed += n;
  }

  // Each column's count at the end of each day: what was there before the range, then each day's moves.
  const movesByDay = new Map<number, FlowMoves[]>();
  for (const moves of sums.flow) {
    const list = movesByDay.get(moves.day);
    if (list) list.push(moves);
    else movesByDay.set(moves.day, [moves]);
  }
  const counts = columns.map(() => 0);
  const apply = (day: number) => {
    for (const moves of movesByDay.get(day) ?? []) {
      const left = columnIndex.get(moves.previous);
      if (left !== undefined) counts[left]! -= moves.n;
      const entered = columnIndex.get(moves.column_id);
      if (entered !== undefined) counts[entered]! += moves.n;
    }
  };
  apply(-1);
  const flow: FlowDay[] = [];
  for (let day = 0; day < days; day++) {
    apply(day);
    flow.push({ day: dayOf(fromMs + day * DAY_MS), counts: [...counts] });
  }

  // Open: live and not in the last column.
  const done = columns.at(-1)?.id;
  const people = new Map<string | null, AssigneeFigures>();
  const person = (row: AssigneeCount) => {
    let found = people.get(row.id);
    if (!found) {
      found = { id: row.id, name: row.name ?? 'Unassigned', completed: 0, open: 0 };
      people.set(row.id, found);
    }
    return found;
  };
  for (const row of sums.finishedBy) person(row).completed += row.n;
  let overdue = 0;
  for (const row of sums.live) {
    if (row.column_id === done) continue;
    person(row).open += row.n;
    overdue += row.overdue;
  }

  const { cycles } = sums;
  return {
    from: sums.from,
    to: sums.to,
    columns,
    weeks: [...weeks.values()],
    throughput: { completed, perWeek: tenths((completed * 7) / days) },
    cycleTime: {
      tasks: cycles.tasks,
      medianDays: cycles.medianMs === null ? null : tenths(cycles.medianMs / DAY_MS),
      p85Days: cycles.p85Ms === null ? null : tenths(cycles.p85Ms / DAY_MS),
    },
    flow,
    assignees: [...people.values()].sort((a, b) => b.completed - a.completed || b.open - a.open || a.name.localeCompare(b.name)),
    overdue,
  };
}
