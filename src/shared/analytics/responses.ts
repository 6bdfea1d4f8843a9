// The zod schema of the analytics route's answer (checked by the server outside production; the
// browser's types in paths.ts are inferred from it). Apart from schemas.ts, which the page loads.
import { z } from 'zod';

// A UTC calendar day, 'YYYY-MM-DD'.
const day = z.iso.date();
const count = z.number().int().min(0);
// Days, rounded to tenths; null with no task to measure.
const days = z.number().min(0).nullable();

export const WeekFiguresSchema = z.strictObject({
  // The Monday that starts the week (UTC).
  week: day,
  created: count,
  completed: count,
});

export const FlowDaySchema = z.strictObject({
  day,
  // Tasks in each column at the end of the day, in the order of `columns`.
  counts: z.array(count),
});

export const AssigneeFiguresSchema = z.strictObject({
  // Null: nobody assigned.
  id: z.string().nullable(),
  name: z.string(),
  completed: count,
  open: count,
});

export const AnalyticsResponseSchema = z.strictObject({
  from: day,
  to: day,
  // The board's columns in order; the first is where work waits, the last is Done.
  columns: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  weeks: z.array(WeekFiguresSchema),
  // Tasks that reached the last column in the range, and that per week on average.
  throughput: z.strictObject({ completed: count, perWeek: z.number().min(0) }),
  // From a task's first move out of the first column to its first arrival in the last, in days, for
  // tasks finished in the range.
  cycleTime: z.strictObject({ tasks: count, medianDays: days, p85Days: days }),
  flow: z.array(FlowDaySchema),
  assignees: z.array(AssigneeFiguresSchema),
  // Open tasks (not in the last column) whose due date has passed, today (UTC).
  overdue: count,
});
