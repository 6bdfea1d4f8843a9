// "12 minutes ago", in the reader's language (the spec's sample shows times this way).
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
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
