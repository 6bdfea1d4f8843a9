// A due date is a calendar day (`YYYY-MM-DD`), shown in the reader's language without a time zone shift.
const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return year && month && date ? format.format(new Date(year, month - 1, date)) : day;
}

// A comment's time, in the reader's language and zone.
export const formatMoment = (iso: string) => timeFormat.format(new Date(iso));
