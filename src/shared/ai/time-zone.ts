// Time zones by IANA name, apart from the date grammar (due-date.ts) so a schema can check a zone
// without loading chrono-node.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// Whether the runtime knows this IANA zone name (both sides use it to refuse a made-up one).
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

// The wall clock at `now` in `timeZone`, as a UTC instant with the same reading. Chrono then works in
// UTC (offset 0), where no day is 23 or 25 hours long, so "tomorrow" is the next calendar day in the
// person's zone whatever zone the server or the browser runs in.
export function wallClock(now: number, timeZone: string): Date {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(now)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!));
}
