import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, createReadStream, mkdirSync, openSync, type ReadStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupFile, BackupSchedule } from '#src/shared/ops/paths.ts';
import { opsError } from '#src/shared/ops/messages.ts';
import { BACKUP_NAME } from '#src/shared/ops/schemas.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { fileStamp, PG_DUMP, pgTarget, runTool } from './pg-tools.ts';

const PARTIAL = '.partial';

export interface BackupScheduleSetting {
  every: BackupSchedule;
  keep: number;
}

export const DEFAULT_SCHEDULE: BackupScheduleSetting = { every: 'off', keep: 7 };

// Backups of the database, written owner-only (0600) into a folder of their own (0700). A backup is
// made under a .partial name and renamed when whole, so the list never shows half a file.
export function createBackups({ db, dir }: { db: Db; dir: string }) {
  let pgDumpMissing: Promise<boolean> | null = null;
  let making = false;

  function ensureDir(): void {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  // Why this server cannot make a backup, or null.
  async function unavailable(): Promise<string | null> {
    if (db.engine === 'sqlite') return db.sqliteFile ? null : opsError.backupFailed;
    pgDumpMissing ??= runTool(PG_DUMP, ['--version'], process.env).then(
      ({ code }) => code !== 0,
      () => true,
    );
    return (await pgDumpMissing) ? opsError.pgDumpMissing : null;
  }

  async function list(): Promise<BackupFile[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files = await Promise.all(
      names
        .filter((name) => BACKUP_NAME.test(name))
        .map(async (name) => {
          const info = await stat(join(dir, name));
          return { name, bytes: info.size, at: info.mtime.toISOString() };
        }),
    );
    return files.sort((a, b) => b.name.localeCompare(a.name));
  }

  async function make(now: number): Promise<BackupFile> {
    const reason = await unavailable();
    if (reason) throw new HttpError(503, reason);
    if (making) throw new HttpError(409, opsError.backupBusy);
    making = true;
    const name = `tessera-${fileStamp(now)}-${randomBytes(2).toString('hex')}.${db.engine === 'sqlite' ? 'db' : 'dump'}`;
    const final = join(dir, name);
    const partial = final + PARTIAL;
    try {
      ensureDir();
      closeSync(openSync(partial, 'wx', 0o600));
      if (db.sqliteBackup) {
        await db.sqliteBackup(partial);
      } else {
        const target = pgTarget(db.postgresUrl!);
        const { code, stderr } = await runTool(
          PG_DUMP,
          ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${target.dbname}`],
          target.env,
        );
        if (code !== 0) throw new Error(`pg_dump failed: ${stderr.trim()}`);
      }
      chmodSync(partial, 0o600);
      await rename(partial, final);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    } finally {
      making = false;
    }
    const info = await stat(final);
    return { name, bytes: info.size, at: info.mtime.toISOString() };
  }

  // Only a name the server gives a backup reaches the file system, so no path leaves the folder.
  async function existing(name: string): Promise<string> {
    if (!BACKUP_NAME.test(name)) throw new HttpError(404, opsError.noSuchBackup);
    const path = join(dir, name);
    try {
      if ((await stat(path)).isFile()) return path;
    } catch {
      // Answered below.
    }
    throw new HttpError(404, opsError.noSuchBackup);
  }

  return {
    dir,
    unavailable,
    list,
    make,
    async open(name: string): Promise<{ stream: ReadStream; bytes: number }> {
      const path = await existing(name);
      return { stream: createReadStream(path), bytes: (await stat(path)).size };
    },
    async remove(name: string): Promise<void> {
      await rm(await existing(name));
    },
    // Keeps the newest `keep` backups and deletes the rest.
    async prune(keep: number): Promise<string[]> {
      const old = (await list()).slice(keep).map((file) => file.name);
      await Promise.all(old.map((name) => rm(join(dir, name), { force: true })));
      return old;
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
