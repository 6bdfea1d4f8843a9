// The zod schemas of the System Settings, Database Tools and health answers (checked by the server
// outside production; the browser's types in paths.ts are inferred from them). Apart from schemas.ts,
// which the forms load.
import { z } from 'zod';
import { BACKUP_SCHEDULES, SETTING_KEYS } from './paths.ts';

// In SETTING_KEYS' order, the order the server builds them in.
export const SystemSettingValuesSchema = z.strictObject({
  betaApproval: z.boolean(),
  signupsOpen: z.boolean(),
  // null: this server's own address.
  publicOrigin: z.string().nullable(),
  rateLimitMultiplier: z.number(),
  mailFrom: z.string(),
  // '' shows no banner.
  maintenanceBanner: z.string(),
});

export const SystemSettingsResponseSchema = z.strictObject({
  // What is in force on every instance.
  settings: SystemSettingValuesSchema,
  // The settings an environment variable fixes, by key, with the variable's name.
  fromEnvironment: z.partialRecord(z.enum(SETTING_KEYS), z.string()),
});

export const BannerResponseSchema = z.strictObject({ banner: z.string().nullable() });

export const BackupFileSchema = z.strictObject({ name: z.string(), bytes: z.number().int().min(0), at: z.iso.datetime() });

export const TableCountSchema = z.strictObject({ table: z.string(), rows: z.number().int().min(0) });

export const BackupScheduleStateSchema = z.strictObject({
  every: z.enum(BACKUP_SCHEDULES),
  keep: z.number().int().min(1),
  // Null when off, or before the jobs runner first planned it.
  nextAt: z.iso.datetime().nullable(),
});

export const DatabaseInfoResponseSchema = z.strictObject({
  engine: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  bytes: z.number().int().min(0),
  migrations: z.strictObject({ applied: z.array(z.string()), pending: z.array(z.string()) }),
  tables: z.array(TableCountSchema),
  backups: z.array(BackupFileSchema),
  // Why backups cannot be made here (pg_dump missing), or null.
  backupUnavailable: z.string().nullable(),
  schedule: BackupScheduleStateSchema,
});

export const IntegrityResponseSchema = z.strictObject({
  ok: z.boolean(),
  // What the check found, one line each ('ok' when nothing).
  findings: z.array(z.string()),
});

export const ScheduleResponseSchema = z.strictObject({ schedule: BackupScheduleStateSchema });

export const BackupResponseSchema = z.strictObject({ backup: BackupFileSchema });

// /healthz and /readyz, outside /api: what orchestrators read.
export const LivenessResponseSchema = z.strictObject({ status: z.literal('ok') });
export const ReadinessResponseSchema = z.strictObject({
  status: z.enum(['ready', 'not ready']),
  checks: z.strictObject({
    database: z.boolean(),
    migrations: z.boolean(),
    mailTransport: z.enum(['smtp', 'console']),
    draining: z.boolean(),
  }),
  // Only while some are not applied.
  pendingMigrations: z.array(z.string()).optional(),
});
