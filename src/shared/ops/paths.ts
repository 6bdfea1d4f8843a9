// System Settings and Database Tools (the admin panel's Quick Actions): paths and shapes both sides
// share. Paths are relative to API_BASE and, like every /admin path, answer a plain user 404.
import type { z } from 'zod';
import type {
  BackupFileSchema,
  BackupResponseSchema,
  BannerResponseSchema,
  DatabaseInfoResponseSchema,
  IntegrityResponseSchema,
  ScheduleResponseSchema,
  SystemSettingsResponseSchema,
  SystemSettingValuesSchema,
  TableCountSchema,
} from './responses.ts';

export const SETTING_KEYS = [
  'betaApproval',
  'signupsOpen',
  'publicOrigin',
  'rateLimitMultiplier',
  'mailFrom',
  'maintenanceBanner',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

// Which environment variable sets each one; where it is set, it wins over what the page stores.
export const SETTING_ENV: Partial<Record<SettingKey, string>> = {
  betaApproval: 'BETA_APPROVAL',
  publicOrigin: 'APP_ORIGIN',
  rateLimitMultiplier: 'RATE_LIMIT_MULTIPLIER',
  mailFrom: 'MAIL_FROM',
};

export const BACKUP_KEEP_MAX = 90;
export const BACKUP_SCHEDULES = ['off', 'daily'] as const;
export type BackupSchedule = (typeof BACKUP_SCHEDULES)[number];

export const opsPaths = {
  // GET: the settings in force; PUT { …some keys }: change them.
  settings: '/admin/settings',
  // GET, public: the maintenance banner every page shows.
  banner: '/system/banner',
  // GET: engine, version, size, migrations, row counts, backups and their schedule.
  database: '/admin/database',
  // POST {}: run the integrity check.
  integrity: '/admin/database/integrity',
  // POST {}: make a backup now.
  backups: '/admin/database/backups',
  // GET: download (streamed); DELETE: remove.
  backup: '/admin/database/backups/:name',
  // PUT { every, keep }.
  schedule: '/admin/database/schedule',
} as const;

export type SystemSettingValues = z.infer<typeof SystemSettingValuesSchema>;
export type SystemSettingsResponse = z.infer<typeof SystemSettingsResponseSchema>;
export type BannerResponse = z.infer<typeof BannerResponseSchema>;
export type BackupFile = z.infer<typeof BackupFileSchema>;
export type TableCount = z.infer<typeof TableCountSchema>;
export type DatabaseInfoResponse = z.infer<typeof DatabaseInfoResponseSchema>;
export type IntegrityResponse = z.infer<typeof IntegrityResponseSchema>;
export type ScheduleResponse = z.infer<typeof ScheduleResponseSchema>;
export type BackupResponse = z.infer<typeof BackupResponseSchema>;
