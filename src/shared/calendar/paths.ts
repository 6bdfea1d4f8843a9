import type { z } from 'zod';
import type { CalendarFeedResponseSchema, CalendarResponseSchema, CalendarTaskSchema } from './responses.ts';

// The calendar of a workspace's due dates, and my personal iCalendar feed. Paths are relative
// to API_BASE; `:id` is the workspace.
export const calendarPaths = {
  // GET ?from=YYYY-MM-DD&to=YYYY-MM-DD&mine=1&project=<id>&perDay=3: the live tasks due in those days,
  // mine only and of one project only when asked, at most perDay of each day when asked, with how many
  // each day has (CalendarResponse).
  // Rescheduling is the task's own PUT with its version (a conflict is a 409, like any edit).
  calendar: '/workspaces/:id/calendar',
  // GET: my feed's address (CalendarFeedResponse); POST {}: a new secret address, the old one stops.
  feed: '/me/calendar-feed',
  // The feed itself, read by calendar apps with no cookie: the secret in the address is the key.
  feedFile: '/calendar/:secret.ics',
} as const;

// The widest range one read may span: a month view shows six weeks.
export const CALENDAR_RANGE_DAYS_MAX = 62;
// The most tasks of each day one read may ask for (a month's cell shows a few and counts the rest).
export const CALENDAR_PER_DAY_MAX = 50;

export type CalendarResponse = z.infer<typeof CalendarResponseSchema>;

export type CalendarTask = z.infer<typeof CalendarTaskSchema>;

export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponseSchema>;
