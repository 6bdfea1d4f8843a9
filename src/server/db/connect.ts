import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import type { Database } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  // The first row of a query compiled once at start-up, run with new parameters: hot paths skip
  // Kysely's per-call query building. On SQLite it reads through a connection of its own, which WAL
  // limits to committed data, so it neither waits for nor peeks into a writer's open transaction.
  readFirst: <Row>(query: CompiledQuery<Row>, parameters: readonly unknown[]) => Promise<Row | undefined>;
  close: () => Promise<void>;
}

const STATEMENT_CACHE_SIZE = 200;

// Kysely prepares every query anew; our queries have a fixed set of shapes, so each is prepared once.
// On the session look-up this is most of the cost of a request.
function withStatementCache(sqlite: import('better-sqlite3').Database): import('better-sqlite3').Database {
  const statements = new Map<string, import('better-sqlite3').Statement>();
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') {
        return (sql: string) => {
          let statement = statements.get(sql);
          if (!statement) {
            statement = target.prepare(sql);
            if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
            statements.set(sql, statement);
          }
          return statement;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

// Each engine's driver loads only when it is used, which keeps the embedded start fast.
export async function openSqlite(file: string): Promise<Db> {
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') mkdirSync(join(file, '..'), { recursive: true });
  const sqlite = new SQLite(file);
  // DESIGN: WAL and synchronous=FULL, so every acknowledged commit survives a crash.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const reader = file === ':memory:' ? sqlite : new SQLite(file, { readonly: true, fileMustExist: true });
  const statements = new Map<string, import('better-sqlite3').Statement>();
  return {
    kysely,
    engine: 'sqlite',
    readFirst: async <Row>(query: CompiledQuery<Row>, parameters: readonly unknown[]) => {
      let statement = statements.get(query.sql);
      if (!statement) statements.set(query.sql, (statement = reader.prepare(query.sql)));
      return statement.get(...parameters) as Row | undefined;
    },
    close: async () => {
      if (reader !== sqlite) reader.close();
      await kysely.destroy();
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // PostgreSQL returns BIGINT as text by default; our BIGINTs are epoch milliseconds, well inside 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // An outage must turn into a quick 503, not a hung request.
    connectionTimeoutMillis: 3000,
    query_timeout: 4000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped idle connection emits here; without a listener it would crash the process.
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    engine: 'postgres',
    readFirst: async <Row>(query: CompiledQuery<Row>, parameters: readonly unknown[]) =>
      (await kysely.executeQuery<Row>({ ...query, parameters })).rows[0],
    close: () => kysely.destroy(),
  };
}

export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(join(options.dataDir, 'tessera.db'));
}
