// The zod request schemas of the calendar.
import { z } from 'zod';
import { entityId, text } from '#src/shared/validation.ts';
import { CALENDAR_PER_DAY_MAX, CALENDAR_RANGE_DAYS_MAX } from './paths.ts';
import { calendarError } from './messages.ts';

const DAY_MS = 86_400_000;

function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const day = (label: string) =>
  text(label)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date like 2026-01-31.` })
    .refine(isCalendarDay, { error: `${label} is not a real date.` });

export const CalendarQuerySchema = z
  .strictObject({
    from: day('From'),
    to: day('To'),
    mine: z.enum(['0', '1'], { error: 'Mine must be 0 or 1.' }).optional(),
    project: entityId('Project').optional(),
    perDay: text('Per day')
      .regex(/^[1-9]\d*$/, { error: calendarError.perDay(CALENDAR_PER_DAY_MAX) })
      .transform(Number)
      .refine((most) => most <= CALENDAR_PER_DAY_MAX, { error: calendarError.perDay(CALENDAR_PER_DAY_MAX) })
      .optional(),
  })
  .refine((range) => range.from <= range.to, { error: calendarError.rangeBackwards })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS < CALENDAR_RANGE_DAYS_MAX, {
    error: calendarError.rangeTooLong(CALENDAR_RANGE_DAYS_MAX),
  });
