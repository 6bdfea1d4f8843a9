import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, timeAgo } from './format-time.ts';

describe('date and time formatting', () => {
  it('says how long ago in the largest whole unit', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
    expect(timeAgo('2026-11-23T11:48:00Z', now)).toBe(relative.format(-12, 'minute'));
    expect(timeAgo('2026-11-23T09:00:00Z', now)).toBe(relative.format(-3, 'hour'));
    expect(timeAgo('2026-11-22T12:00:00Z', now)).toBe(relative.format(-1, 'day'));
    expect(timeAgo('2026-11-23T11:59:40Z', now)).toBe(relative.format(0, 'minute'));
  });

  it('shows a due day as that calendar day, whatever the time zone', () => {
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
    expect(formatDay('2026-01-31')).toBe(day.format(new Date(2026, 0, 31)));
    expect(formatDay('not a day')).toBe('not a day');
    expect(formatDate('2026-01-31T10:00:00Z')).toBe(day.format(new Date('2026-01-31T10:00:00Z')));
  });
});
