// Every date and time the app shows, in the reader's own language, order and time zone (Intl, with the
// browser's locale). One formatter of each kind, made once.
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dayAndSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

// A moment's date: when someone joined, when a key was made or expires.
export const formatDate = (iso: string) => day.format(new Date(iso));

// A moment's date and time: a session's sign-in, a comment.
export const formatDateTime = (iso: string) => dayAndTime.format(new Date(iso));

// To the second, where attempts a few seconds apart must read apart (webhook deliveries).
export const formatDateTimeSeconds = (iso: string) => dayAndSeconds.format(new Date(iso));

// A calendar day (`YYYY-MM-DD`, a task's due date): drawn as that day wherever the reader is, never
// shifted by their time zone.
export function formatDay(value: string): string {
  const [year, month, date] = value.split('-').map(Number);
  return year && month && date ? day.format(new Date(year, month - 1, date)) : value;
}

// "12 minutes ago", "yesterday": how long ago, in the largest whole unit.
const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function timeAgo(iso: string, now = Date.now()): string {
  const elapsed = Date.parse(iso) - now;
  for (const [unit, size] of steps) {
    if (Math.abs(elapsed) >= size) return relative.format(Math.round(elapsed / size), unit);
  }
  return relative.format(0, 'minute');
}
