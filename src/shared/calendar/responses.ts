// The zod schemas of the calendar routes' JSON answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the page loads.
import { z } from 'zod';
import { TaskSchema } from '#src/shared/tasks/responses.ts';

// What a day shows and a reschedule sends: a month of 2,000 tasks is read and sent without the
// descriptions, labels and names a calendar never shows (opening one goes to the board's own read), and
// a month's view asks only for the few of each day its cells show.
export const CalendarTaskSchema = TaskSchema.pick({ id: true, title: true, columnId: true, projectId: true, version: true }).extend({
  dueDate: z.iso.date(),
  assigneeId: z.string().nullable(),
});

export const CalendarResponseSchema = z.strictObject({
  // In due order, then by id; with perDay, the first of each day only.
  tasks: z.array(CalendarTaskSchema),
  // How many tasks each day of the range has (a day with none is left out).
  days: z.record(z.iso.date(), z.number().int().positive()),
  // The board's last column: a task there is finished, so never overdue.
  doneColumnId: z.string().nullable(),
});

export const CalendarFeedResponseSchema = z.strictObject({
  // My feed's address, its secret in it; null until I ask for one.
  url: z.string().nullable(),
});
