// Analytics of a workspace from its own history. Paths are relative to API_BASE.
export const analyticsPaths = {
  // GET ?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, both included): AnalyticsResponse.
  analytics: '/workspaces/:id/analytics',
} as const;

export const ANALYTICS_RANGE_DAYS_MAX = 366;

export interface WeekFigures {
  // The Monday that starts the week (UTC).
  week: string;
  created: number;
  completed: number;
}

export interface FlowDay {
  day: string;
  // Tasks in each column at the end of the day, in the order of `columns`.
  counts: number[];
}

export interface AssigneeFigures {
  // Null: nobody assigned.
  id: string | null;
  name: string;
  completed: number;
  open: number;
}

export interface AnalyticsResponse {
  from: string;
  to: string;
  // The board's columns in order; the first is where work waits, the last is Done.
  columns: Array<{ id: string; name: string }>;
  weeks: WeekFigures[];
  // Tasks that reached the last column in the range, and that per week on average.
  throughput: { completed: number; perWeek: number };
  // From a task's first move out of the first column to its first arrival in the last, in days, for
  // tasks finished in the range.
  cycleTime: { tasks: number; medianDays: number | null; p85Days: number | null };
  flow: FlowDay[];
  assignees: AssigneeFigures[];
  // Open tasks (not in the last column) whose due date has passed, today (UTC).
  overdue: number;
}
