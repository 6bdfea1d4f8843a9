// The zod schemas of the calendar routes' JSON answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the page loads.
// The calendar's own read answers tasks, whose schema is the tasks domain's; it keeps its interface
// until that one exists.
import { z } from 'zod';

export const CalendarFeedResponseSchema = z.strictObject({
  // My feed's address, its secret in it; null until I ask for one.
  url: z.string().nullable(),
});
