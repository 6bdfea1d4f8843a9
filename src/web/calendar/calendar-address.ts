import type { CalendarView } from './calendar-days.ts';

// The calendar's view, day and filters live in its address (`?view=week&date=2026-03-18&show=mine&project=<id>`),
// so a link or a reload keeps them. Read by the page, and by the app's first reads before the page renders.
export function calendarAddress(params: URLSearchParams, today: string) {
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const wantedDate = params.get('date') ?? '';
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(wantedDate) ? wantedDate : today;
  return { view, anchor, mine: params.get('show') === 'mine', projectId: params.get('project') || null };
}

// A month's cell shows this many tasks and counts the rest, one click (or Enter) away in the week view,
// so a month reads only these of each day; a week shows and reads them all.
export const MONTH_CELL_TASKS = 3;
export const perDayOf = (view: CalendarView) => (view === 'month' ? MONTH_CELL_TASKS : null);
