// System Settings and Database Tools (the admin panel's Quick Actions): paths and shapes both sides
// share. Paths are relative to API_BASE and, like every /admin path, answer a plain user 404.

export const SETTING_KEYS = [
  'betaApproval',
  'signupsOpen',
  'publicOrigin',
  'rateLimitMultiplier',
  'mailFrom',
  'maintenanceBanner',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export interface SystemSettingValues {
  betaApproval: boolean;
  signupsOpen: boolean;
  // null: this server's own address.
  publicOrigin: string | null;
  rateLimitMultiplier: number;
  mailFrom: string;
  // '' shows no banner.
  maintenanceBanner: string;
}

// Which environment variable sets each one; where it is set, it wins over what the page stores.
export const SETTING_ENV: Partial<Record<SettingKey, string>> = {
  betaApproval: 'BETA_APPROVAL',
  publicOrigin: 'APP_ORIGIN',
  rateLimitMultiplier: 'RATE_LIMIT_MULTIPLIER',
  mailFrom: 'MAIL_FROM',
};

export interface SystemSettingsResponse {
  // What is in force on every instance.
  settings: SystemSettingValues;
  // The settings an environment variable fixes, by key, with the variable's name.
  fromEnvironment: Partial<Record<SettingKey, string>>;
}

export interface BannerResponse {
  banner: string | null;
}

export const BACKUP_KEEP_MAX = 90;
export const BACKUP_SCHEDULES = ['off', 'daily'] as const;
export type BackupSchedule = (typeof BACKUP_SCHEDULES)[number];

export interface BackupFile {
  name: string;
  bytes: number;
  at: string;
}

export interface TableCount {
  table: string;
  rows: number;
}

export interface DatabaseInfoResponse {
  engine: 'sqlite' | 'postgres';
  version: string;
  bytes: number;
  migrations: { applied: string[]; pending: string[] };
  tables: TableCount[];
  backups: BackupFile[];
  // Why backups cannot be made here (pg_dump missing), or null.
  backupUnavailable: string | null;
  schedule: { every: BackupSchedule; keep: number; nextAt: string | null };
}

export interface IntegrityResponse {
  ok: boolean;
  // What the check found, one line each ('ok' when nothing).
  findings: string[];
}

export interface ScheduleResponse {
  schedule: DatabaseInfoResponse['schedule'];
}

export interface BackupResponse {
  backup: BackupFile;
}

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
