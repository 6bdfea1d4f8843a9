import type { BackupFile, DatabaseInfoResponse } from '#src/shared/ops/paths.ts';
import type { BackupScheduleInput } from '#src/shared/ops/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { migrationStatus } from '#src/server/db/migrations.ts';
import { writeAdminAudit, type AdminActor } from '#src/server/admin/admin-audit.ts';
import { DEFAULT_SCHEDULE, type BackupScheduleSetting, type Backups } from './backups.ts';
import { databaseBytes, engineVersion, rowCounts } from './database-info.ts';
import { readStoredSettings, storeSetting } from './settings-store.ts';

export const BACKUP_SCHEDULE_NAME = 'database.backup';
// Quiet hours for most teams, and apart from the digests' hour.
export const BACKUP_HOUR_UTC = 3;
const SCHEDULE_KEY = 'backupSchedule';

interface Log {
  info(obj: object, msg: string): void;
}

// Database Tools: what the database is and holds, and its backups. Admin actions leave an admin_audit
// row; the daily backup runs through the jobs runner's schedule, so one instance makes it.
export function createDatabaseTools({ db, clock, backups, log }: { db: Db; clock: Clock; backups: Backups; log: Log }) {
  async function schedule(): Promise<BackupScheduleSetting> {
    const stored = (await readStoredSettings(db.kysely)).get(SCHEDULE_KEY) as Partial<BackupScheduleSetting> | undefined;
    return { ...DEFAULT_SCHEDULE, ...stored };
  }

  async function nextRunAt(): Promise<string | null> {
    const row = await db.kysely
      .selectFrom('job_schedules')
      .select('next_run_at')
      .where('name', '=', BACKUP_SCHEDULE_NAME)
      .executeTakeFirst();
    return row ? new Date(Number(row.next_run_at)).toISOString() : null;
  }

  return {
    async info(): Promise<DatabaseInfoResponse> {
      const [version, bytes, migrations, tables, files, unavailable, current, nextAt] = await Promise.all([
        engineVersion(db),
        databaseBytes(db),
        migrationStatus(db.kysely),
        rowCounts(db),
        backups.list(),
        backups.unavailable(),
        schedule(),
        nextRunAt(),
      ]);
      return {
        engine: db.engine,
        version,
        bytes,
        migrations,
        tables,
        backups: files,
        backupUnavailable: unavailable,
        schedule: { ...current, nextAt: current.every === 'off' ? null : nextAt },
      };
    },

    open: backups.open,

    async backupNow(actor: AdminActor): Promise<BackupFile> {
      const file = await backups.make(clock());
      await db.kysely.transaction().execute((tx) => writeAdminAudit(tx, actor, { action: 'backup.create', target: file.name }, clock()));
      return file;
    },

    async deleteBackup(actor: AdminActor, name: string): Promise<void> {
      await backups.remove(name);
      await db.kysely.transaction().execute((tx) => writeAdminAudit(tx, actor, { action: 'backup.delete', target: name }, clock()));
    },

    async setSchedule(actor: AdminActor, input: BackupScheduleInput): Promise<DatabaseInfoResponse['schedule']> {
      const now = clock();
      await db.kysely.transaction().execute(async (tx) => {
        await storeSetting(tx, SCHEDULE_KEY, input, actor.user.id, now);
        await writeAdminAudit(tx, actor, { action: 'backup.schedule', target: 'system', details: { ...input } }, now);
      });
      return { ...input, nextAt: input.every === 'off' ? null : await nextRunAt() };
    },

    // The schedule's run, daily at BACKUP_HOUR_UTC: a backup, then only the newest `keep` are kept.
    async scheduledBackup(now: number): Promise<void> {
      const current = await schedule();
      if (current.every === 'off' || (await backups.unavailable())) return;
      const file = await backups.make(now);
      const removed = await backups.prune(current.keep);
      log.info({ backup: file.name, removed }, 'scheduled backup made');
    },
  };
}

export type DatabaseTools = ReturnType<typeof createDatabaseTools>;
