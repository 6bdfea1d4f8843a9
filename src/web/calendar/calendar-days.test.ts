import { describe, expect, it } from 'vitest';
import { addDays, rangeTitle, shift, startOfWeek, visibleDays } from './calendar-days.ts';

describe('calendar days', () => {
  it('shows whole Monday-first weeks around a month', () => {
    const days = visibleDays('month', '2026-03-18');
    expect(days[0]).toBe('2026-02-23');
    expect(days.at(-1)).toBe('2026-04-05');
    expect(days).toHaveLength(42);
    expect(visibleDays('month', '2027-02-10')).toHaveLength(28);
  });

  it('moves by whole days across a daylight-saving change and across months', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 7)).toBe('2026-10-31');
    expect(startOfWeek('2026-03-01')).toBe('2026-02-23');
    expect(shift('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shift('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(rangeTitle('week', '2026-03-18')).toBe('Mar 16 – Mar 22, 2026');
  });
});
