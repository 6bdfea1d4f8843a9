import {
  opsPaths,
  type BackupResponse,
  type BannerResponse,
  type DatabaseInfoResponse,
  type IntegrityResponse,
  type ScheduleResponse,
  type SystemSettingsResponse,
} from '#src/shared/ops/paths.ts';
import type { BackupScheduleInput, SystemSettingsInput } from '#src/shared/ops/schemas.ts';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

const backup = (name: string) => workspacePath(opsPaths.backup, { name });

// System Settings and Database Tools (src/shared/ops/paths.ts).
export const opsApi = {
  settings: () => api<SystemSettingsResponse>('GET', opsPaths.settings),
  saveSettings: (changes: SystemSettingsInput) => api<SystemSettingsResponse>('PUT', opsPaths.settings, changes),
  banner: () => api<BannerResponse>('GET', opsPaths.banner),
  database: () => api<DatabaseInfoResponse>('GET', opsPaths.database),
  integrity: () => api<IntegrityResponse>('POST', opsPaths.integrity, {}),
  backupNow: () => api<BackupResponse>('POST', opsPaths.backups, {}),
  deleteBackup: (name: string) => api<OkResponse>('DELETE', backup(name), {}),
  saveSchedule: (schedule: BackupScheduleInput) => api<ScheduleResponse>('PUT', opsPaths.schedule, schedule),
  // A plain link: the browser streams the file to disk with the session cookie.
  downloadHref: (name: string) => API_BASE + backup(name),
};

export const opsKeys = {
  settings: ['admin', 'settings'] as const,
  database: ['admin', 'database'] as const,
  banner: ['system', 'banner'] as const,
};
