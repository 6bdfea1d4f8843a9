import { chmodSync, copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import { fileStamp, PG_DUMP, PG_RESTORE, pgTarget, runTool } from './pg-tools.ts';

// What `npm run db:restore` says when it stops; the current database is untouched whenever it throws
// before the swap.
export class RestoreRefused extends Error {}

// SQLite: the backup must open and pass quick_check and be a Tessera database. The server must be
// stopped: taking the file's exclusive lock fails while any connection holds it. The current file is
// renamed aside (after its write-ahead log is folded in), and the backup copied into its place.
export async function restoreSqlite(backup: string, target: string, now = Date.now()): Promise<{ aside: string | null }> {
  const { default: SQLite } = await import('better-sqlite3');
  let source;
  try {
    source = new SQLite(backup, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RestoreRefused(`${backup} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    const check = source.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new RestoreRefused(`${backup} fails its integrity check: ${String(check)}`);
    const tables = source.prepare(`select name from sqlite_master where type = 'table' and name in ('users', 'kysely_migration')`).all();
    if (tables.length !== 2) throw new RestoreRefused(`${backup} is not a Tessera database (no users or migrations table).`);
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${backup} cannot be read as a SQLite database: ${(error as Error).message}`);
  } finally {
    source.close();
  }

  let aside: string | null = null;
  if (existsSync(target)) {
    const current = new SQLite(target, { fileMustExist: true, timeout: 200 });
    try {
      current.pragma('locking_mode = EXCLUSIVE');
      current.exec('BEGIN EXCLUSIVE');
      current.exec('COMMIT');
      current.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      current.close();
      throw new RestoreRefused(`A server is using ${target}. Stop every server that uses it, then run the restore again.`);
    }
    current.close();
    aside = join(dirname(target), `${basename(target)}.before-restore-${fileStamp(now)}`);
    renameSync(target, aside);
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  }
  const partial = `${target}.restoring`;
  copyFileSync(backup, partial);
  chmodSync(partial, 0o600);
  renameSync(partial, target);
  return { aside };
}

// PostgreSQL: the backup must be a pg_dump archive pg_restore can list. No other session may be
// connected to the database. The current database is dumped aside first; the restore then runs in a
// single transaction, so a failure leaves the database as it was.
export async function restorePostgres(backup: string, url: string, asideDir: string, now = Date.now()): Promise<{ aside: string }> {
  const target = pgTarget(url);
  const listed = await runTool(PG_RESTORE, ['--list', backup], target.env).catch(() => null);
  if (!listed)
    throw new RestoreRefused(
      'pg_restore is not installed. Install the PostgreSQL client tools (for example: apt-get install postgresql-client).',
    );
  if (listed.code !== 0) throw new RestoreRefused(`${backup} is not a pg_dump archive: ${listed.stderr.trim()}`);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const others = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (Number(others.rows[0]?.n ?? 0) > 0) {
      throw new RestoreRefused(
        'A server (or another session) is connected to this database. Stop every server that uses it, then run the restore again.',
      );
    }
  } finally {
    await client.end();
  }

  const aside = join(asideDir, `before-restore-${fileStamp(now)}.dump`);
  const dumped = await runTool(PG_DUMP, ['--format=custom', '--no-password', `--file=${aside}`, `--dbname=${target.dbname}`], target.env);
  if (dumped.code !== 0)
    throw new RestoreRefused(`The current database could not be saved aside, so nothing was restored: ${dumped.stderr.trim()}`);
  chmodSync(aside, 0o600);
  const restored = await runTool(
    PG_RESTORE,
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '--no-password',
      `--dbname=${target.dbname}`,
      backup,
    ],
    target.env,
  );
  if (restored.code !== 0)
    throw new RestoreRefused(`pg_restore failed and changed nothing: ${restored.stderr.trim()}. The database is as it was.`);
  return { aside };
}
