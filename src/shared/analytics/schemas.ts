// The zod request schema of analytics.
import { z } from 'zod';
import { text } from '#src/shared/validation.ts';
import { ANALYTICS_RANGE_DAYS_MAX } from './paths.ts';

const DAY_MS = 86_400_000;
const isCalendarDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const day = (label: string) =>
  text(label)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date like 2026-01-31.` })
    .refine(isCalendarDay, { error: `${label} is not a real date.` });

export const AnalyticsQuerySchema = z
  .strictObject({ from: day('From'), to: day('To') })
  .refine((range) => range.from <= range.to, { error: 'The range must end on or after the day it starts.' })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS < ANALYTICS_RANGE_DAYS_MAX, {
    error: `A range covers at most ${ANALYTICS_RANGE_DAYS_MAX} days.`,
  });
