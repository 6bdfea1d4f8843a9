import { statSync } from 'node:fs';
import { sql } from 'kysely';
import type { IntegrityResponse, TableCount } from '#src/shared/ops/paths.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';

// The tables an admin asks about first; the rest are indexes of these or short-lived rows.
export const MAIN_TABLES = [
  'users',
  'sessions',
  'workspaces',
  'memberships',
  'tasks',
  'comments',
  'clients',
  'projects',
  'notifications',
  'jobs',
  'webhook_deliveries',
  'audit_log',
  'admin_audit',
] as const satisfies ReadonlyArray<keyof Database>;

const QUICK_CHECK_MAX = 100;

export async function engineVersion(db: Db): Promise<string> {
  const query = db.engine === 'sqlite' ? sql<{ v: string }>`select sqlite_version() as v` : sql<{ v: string }>`show server_version`;
  const { rows } = await query.execute(db.kysely);
  const row = rows[0] as Record<string, string> | undefined;
  return row ? (row.v ?? row.server_version ?? '') : '';
}

// The database file and its write-ahead log on SQLite; what PostgreSQL reports for the database.
export async function databaseBytes(db: Db): Promise<number> {
  if (db.engine === 'postgres') {
    const { rows } = await sql<{ bytes: string | number }>`select pg_database_size(current_database()) as bytes`.execute(db.kysely);
    return Number(rows[0]?.bytes ?? 0);
  }
  if (!db.sqliteFile) return 0;
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  return size(db.sqliteFile) + size(`${db.sqliteFile}-wal`);
}

export async function rowCounts(db: Db): Promise<TableCount[]> {
  return Promise.all(
    MAIN_TABLES.map(async (table) => {
      const row = await db.kysely
        .selectFrom(table)
        .select(sql<number | string>`count(*)`.as('n'))
        .executeTakeFirst();
      return { table, rows: Number(row?.n ?? 0) };
    }),
  );
}

// Safe while the server runs. SQLite: quick_check (every page and index entry, without comparing
// index contents to rows, which integrity_check does at many times the cost). PostgreSQL: indexes a
// failed concurrent build left invalid, and, where the amcheck extension is installed, each B-tree
// index checked under the light lock it takes (AccessShareLock: writers go on).
export async function integrityCheck(db: Db): Promise<IntegrityResponse> {
  if (db.engine === 'sqlite') {
    const { rows } = await sql<{ quick_check: string }>`pragma quick_check(${sql.lit(QUICK_CHECK_MAX)})`.execute(db.kysely);
    const findings = rows.map((row) => Object.values(row)[0] as string);
    return { ok: findings.length === 1 && findings[0] === 'ok', findings };
  }
  const findings: string[] = [];
  const invalid = await sql<{ name: string }>`
    select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and (not i.indisvalid or not i.indisready)`.execute(db.kysely);
  for (const row of invalid.rows) findings.push(`Index ${row.name} is invalid: rebuild it with REINDEX INDEX CONCURRENTLY.`);
  const amcheck = await sql<{ n: number }>`select 1 as n from pg_extension where extname = 'amcheck'`.execute(db.kysely);
  if (amcheck.rows.length > 0) {
    const indexes = await sql<{ name: string }>`
      select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace join pg_am a on a.oid = c.relam
      where n.nspname = current_schema() and a.amname = 'btree' and i.indisvalid and i.indisready`.execute(db.kysely);
    for (const { name } of indexes.rows) {
      try {
        await sql`select bt_index_check(${name}::regclass)`.execute(db.kysely);
      } catch (error) {
        findings.push(`Index ${name}: ${(error as Error).message}`);
      }
    }
  } else {
    // Without amcheck, the catalogue is still read end to end: a damaged one fails here.
    await sql`select count(*) from pg_class c join pg_attribute a on a.attrelid = c.oid`.execute(db.kysely);
  }
  return { ok: findings.length === 0, findings: findings.length ? findings : ['ok'] };
}
