// Analytics of a workspace from its own history. Paths are relative to API_BASE.
import type { z } from 'zod';
import type { AnalyticsResponseSchema, AssigneeFiguresSchema, FlowDaySchema, WeekFiguresSchema } from './responses.ts';

export const analyticsPaths = {
  // GET ?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, both included): AnalyticsResponse.
  analytics: '/workspaces/:id/analytics',
} as const;

export const ANALYTICS_RANGE_DAYS_MAX = 366;

export type WeekFigures = z.infer<typeof WeekFiguresSchema>;
export type FlowDay = z.infer<typeof FlowDaySchema>;
export type AssigneeFigures = z.infer<typeof AssigneeFiguresSchema>;
export type AnalyticsResponse = z.infer<typeof AnalyticsResponseSchema>;
