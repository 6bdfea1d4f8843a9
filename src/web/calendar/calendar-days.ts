// Calendar days as 'YYYY-MM-DD' (a due date has no time zone), with day arithmetic done in UTC so a
// daylight-saving change never skips or repeats a day.
const DAY_MS = 86_400_000;

export type CalendarView = 'month' | 'week';

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (day: string, count: number) => toDay(new Date(toDate(day).getTime() + count * DAY_MS));

// Today where the person is.
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// Weeks start on Monday (ISO 8601).
export const startOfWeek = (day: string) => addDays(day, -((toDate(day).getUTCDay() + 6) % 7));

export const startOfMonth = (day: string) => `${day.slice(0, 8)}01`;

export function addMonths(day: string, count: number): string {
  const date = toDate(startOfMonth(day));
  date.setUTCMonth(date.getUTCMonth() + count);
  return toDay(date);
}

// The days a view shows around `anchor`: whole weeks, Monday first.
export function visibleDays(view: CalendarView, anchor: string): string[] {
  const first = startOfWeek(view === 'week' ? anchor : startOfMonth(anchor));
  let count = 7;
  if (view === 'month') {
    const last = addDays(addMonths(anchor, 1), -1);
    count = Math.round((toDate(startOfWeek(last)).getTime() - toDate(first).getTime()) / DAY_MS) + 7;
  }
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

export const shift = (view: CalendarView, anchor: string, step: number) =>
  view === 'week' ? addDays(anchor, 7 * step) : addMonths(anchor, step);

// One formatter per style, made once: toLocaleDateString builds a new one on every call, and a month
// names each of its 42 days. Made on first use: the app's first reads import the day arithmetic above
// on every app page, and a formatter's first making loads the browser's locale data.
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return (day: string) => (made ??= new Intl.DateTimeFormat('en', { timeZone: 'UTC', ...options })).format(toDate(day));
};
const longDay = formatter({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const shortWeekday = formatter({ weekday: 'short' });
const longWeekday = formatter({ weekday: 'long' });
const monthTitle = formatter({ month: 'long', year: 'numeric' });
const weekStart = formatter({ month: 'short', day: 'numeric' });
const weekEnd = formatter({ month: 'short', day: 'numeric', year: 'numeric' });

export const dayName = longDay;
export const weekdayNames = (days: string[]) => days.slice(0, 7).map((day) => ({ short: shortWeekday(day), long: longWeekday(day) }));

export function rangeTitle(view: CalendarView, anchor: string): string {
  if (view === 'month') return monthTitle(anchor);
  const days = visibleDays('week', anchor);
  return `${weekStart(days[0]!)} – ${weekEnd(days[6]!)}`;
}
