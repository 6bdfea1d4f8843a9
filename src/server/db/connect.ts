import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import type { Client as PgClient } from 'pg';
import type { PreparedQuery } from './prepared-query.ts';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  // The first row of a prepared query. On SQLite it reads through a connection of its own, which WAL
  // limits to committed data, so it neither waits for nor peeks into a writer's open transaction.
  readFirst: <Row, Params>(prepared: PreparedQuery<Row, Params>, values: Params) => Promise<Row | undefined>;
  // A prepared write whose commit is not waited onto the disk, for rows whose loss in a power failure
  // is harmless: a rate-limit count, a new session (its owner signs in again). A killed process loses
  // nothing either way; see docs/decisions/004-unflushed-commits.md.
  writeUnflushed: <Row, Params>(prepared: PreparedQuery<Row, Params>, values: Params) => Promise<Row[]>;
  // A number that changes whenever the data may have changed, from this process or any other: what
  // was read at one value is still true at the same value. Null where no such number is cheap.
  changeVersion: () => number | null;
  // Where the rate limiter keeps its `rate_limits` counts. On SQLite a file of its own beside the
  // database, so a count (one per /api/v1 request, one per sign-in) is not a commit of the main
  // database and leaves changeVersion, and the read memos that follow it, where they were; every
  // process on the same data directory shares it, as they share the database. Elsewhere the database
  // itself. See docs/decisions/039-rate-limit-counts-in-a-file-of-their-own.md.
  counters: Pick<Db, 'kysely' | 'writeUnflushed'>;
  // PostgreSQL only: a connection of its own, outside the pool, for LISTEN (the live board).
  dedicatedClient?: () => PgClient;
  // Database Tools' backups: SQLite copies through the online backup API on the writer connection
  // (its own writes during the copy land in the copy too, so it never restarts); PostgreSQL hands its
  // connection string to pg_dump. The file path on SQLite (null in memory), for restore and size.
  sqliteBackup?: (destination: string) => Promise<void>;
  sqliteFile?: string | null;
  postgresUrl?: string;
  // PostgreSQL's connection pool right now, for /metrics.
  poolStats?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
}

const STATEMENT_CACHE_SIZE = 200;

// Kysely prepares every query anew; our queries have a fixed set of shapes, so each is prepared once
// (docs/decisions/008-statement-cache-and-session-memo.md). On the session look-up this is most of the
// cost of a request. The oldest statement makes room once the cache is full.
interface CachedSqlite extends SqliteDatabase {
  prepare(sql: string): BetterSqlite3.Statement;
}

// `onWrite` hears of each statement that may change data just before Kysely runs it (Kysely's SQLite
// connection prepares and runs in one synchronous step).
function withStatementCache(sqlite: BetterSqlite3.Database, onWrite?: () => void): CachedSqlite {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      if (onWrite && !statement.reader) onWrite();
      return statement;
    },
  };
}

// PRAGMA data_version takes and drops a read lock on the WAL index: about 10 µs, a tenth of a signed-in
// request. Requests handled in the same turn of the event loop share one reading; a statement of our
// writer forgets it at once, so our own commits are seen by the very next call, and another process's
// commit (the role command, a second server on the file) from the next turn.
function versionPerTurn(read: () => number) {
  let known: number | null = null;
  const forget = () => {
    known = null;
  };
  return {
    forget,
    current(): number {
      if (known === null) {
        known = read();
        setImmediate(forget);
      }
      return known;
    },
  };
}

const runOn = <Row>(statements: CachedSqlite, { sql, parameters }: CompiledQuery<Row>): Row[] => {
  const statement = statements.prepare(sql);
  if (statement.reader) return statement.all(...parameters) as Row[];
  statement.run(...parameters);
  return [];
};

// Readable by its owner alone, like app-secret: the database holds password hashes and sealed
// secrets, the counts' keys hold addresses and emails. SQLite gives the -wal and -shm files the mode
// of the database file.
function createPrivate(file: string): void {
  mkdirSync(join(file, '..'), { recursive: true });
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

// A new embedded database starts as a copy of an empty one the build migrated (db/new-database.ts, run
// by scripts/new-database.ts): its 40 migrations' few hundred statements were ~55 ms of a first start.
// migrate() still runs on the copy, so a template older than the code only leaves the newer migrations
// to apply. The copy is flushed and then linked into place, which fails if the file appeared meanwhile
// (another instance starting on the same folder), and then that file is used.
export const NEW_DATABASE_TEMPLATE = 'dist/server/new-database.sqlite';

function copyTemplate(file: string, template: string): void {
  if (existsSync(file) || !existsSync(template)) return;
  mkdirSync(join(file, '..'), { recursive: true });
  const copy = `${file}.${process.pid}.new`;
  copyFileSync(template, copy);
  chmodSync(copy, 0o600);
  const handle = openSync(copy, 'r+');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  try {
    linkSync(copy, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(copy);
  }
}

// The rate limiter's file: the same `rate_limits` table as the main schema's (so the limiter's queries
// run unchanged on either), never waited onto the disk (a count lost in a power failure is harmless,
// decision 004). A file made now takes over the live counts the main database held, so an upgrade
// gives nobody a fresh allowance.
function openCounters(SQLite: typeof BetterSqlite3, file: string, main: BetterSqlite3.Database): BetterSqlite3.Database {
  const fresh = !existsSync(file);
  createPrivate(file);
  const counters = new SQLite(file);
  counters.pragma('journal_mode = WAL');
  counters.pragma('synchronous = NORMAL');
  counters.pragma('busy_timeout = 5000');
  counters.exec(`CREATE TABLE IF NOT EXISTS rate_limits (key text PRIMARY KEY, count integer NOT NULL, reset_at bigint NOT NULL);
    CREATE INDEX IF NOT EXISTS rate_limits_reset_at ON rate_limits (reset_at);`);
  const mainHasCounts = main.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rate_limits'`).get();
  if (fresh && mainHasCounts) {
    const insert = counters.prepare('INSERT OR IGNORE INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?)');
    const rows = main.prepare('SELECT key, count, reset_at FROM rate_limits WHERE reset_at > ?').raw().iterate(Date.now());
    counters.transaction(() => {
      for (const row of rows) insert.run(...(row as unknown[]));
    })();
    main.prepare('DELETE FROM rate_limits').run();
  }
  return counters;
}

// Kysely opens SQLite transactions DEFERRED: read first, take the write lock at the first write. If
// another process (the role command, a second server on the file) holds that lock then, SQLite fails the
// write at once with SQLITE_BUSY instead of waiting (waiting could deadlock two such readers), and if it
// committed meanwhile the snapshot is stale (SQLITE_BUSY_SNAPSHOT). IMMEDIATE takes the lock at BEGIN,
// where the busy timeout applies. In one process this costs nothing: Kysely runs one transaction at a
// time on the single writer connection.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

// PostgreSQL plans an unnamed statement anew at every run, and for the board's short reads planning cost
// more than running (1.0 against 0.7 ms in EXPLAIN ANALYZE). A named statement is parsed and planned once
// per connection and then only bound. Our statements have a fixed set of shapes, so each text gets one
// name, the same on every connection of a pool; past NAMED_STATEMENTS_MAX texts (lists of varying length
// make new ones) the rest run unnamed, which bounds what each connection keeps.
const NAMED_STATEMENTS_MAX = 300;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

function statementNamer(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS_MAX && NAMEABLE.test(text)) {
      name = `tessera_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}

interface QueryingClient {
  query: (...args: unknown[]) => unknown;
}

function prepareByName(client: QueryingClient, statementName: (text: string) => string | undefined): void {
  const query = client.query.bind(client);
  client.query = (config: unknown, values?: unknown, ...rest: unknown[]) => {
    const name = typeof config === 'string' && Array.isArray(values) ? statementName(config) : undefined;
    return name ? query({ name, text: config, values }, ...rest) : query(config, values, ...rest);
  };
}

// Each engine's driver loads only when it is used, which keeps the embedded start fast.
export async function openSqlite(file: string, { template }: { template?: string } = {}): Promise<Db> {
  const { default: SQLite } = await import('better-sqlite3');
  if (template && file !== ':memory:') copyTemplate(file, template);
  if (file !== ':memory:') createPrivate(file);
  const sqlite = new SQLite(file);
  // product rules G4: WAL and synchronous=FULL, so every acknowledged commit survives a crash.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const reader = file === ':memory:' ? sqlite : new SQLite(file, { readonly: true, fileMustExist: true });
  const dataVersion = reader.prepare('PRAGMA data_version').pluck();
  const version = versionPerTurn(() => dataVersion.get() as number);
  const statements = withStatementCache(sqlite, version.forget);
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements }) });
  const readerStatements = withStatementCache(reader);
  const relaxed = sqlite.prepare('PRAGMA synchronous = NORMAL');
  const flushed = sqlite.prepare('PRAGMA synchronous = FULL');
  const runUnflushed = <Row>(query: CompiledQuery<Row>): Row[] => {
    relaxed.run();
    try {
      return runOn(statements, query);
    } finally {
      flushed.run();
    }
  };
  // With no transaction open on the connection, a statement run here from start to end in one
  // synchronous step can land inside nothing; otherwise it waits its turn for Kysely's connection.
  const writeUnflushed: Db['writeUnflushed'] = async (prepared, values) =>
    sqlite.inTransaction
      ? kysely.connection().execute(async () => runUnflushed(prepared.bind(values)))
      : runUnflushed(prepared.bind(values));
  // In memory there is no change version to keep still, and no other process to share counts with.
  const countsFile = file === ':memory:' ? null : openCounters(SQLite, file.replace(/(\.db)?$/, '-rate-limits.db'), sqlite);
  const countsStatements = countsFile && withStatementCache(countsFile);
  const countsKysely = countsStatements && new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: countsStatements }) });
  return {
    kysely,
    engine: 'sqlite',
    // Nothing opens a transaction on it across an await, so a count never waits for another's; the rate
    // limiter gathers a turn's counts into one statement, which commits alone.
    counters:
      countsStatements && countsKysely
        ? { kysely: countsKysely, writeUnflushed: async (prepared, values) => runOn(countsStatements, prepared.bind(values)) }
        : { kysely, writeUnflushed },
    readFirst: async (prepared, values) => {
      const { sql, parameters } = prepared.bind(values);
      return readerStatements.prepare(sql).get(...parameters) as never;
    },
    // SQLite bumps a connection's data_version whenever another connection (our writer, another
    // process) commits. In memory there is a single connection, whose own commits it does not count.
    changeVersion: reader === sqlite ? () => null : version.current,
    sqliteBackup: async (destination) => void (await sqlite.backup(destination)),
    sqliteFile: file === ':memory:' ? null : file,
    writeUnflushed,
    close: async () => {
      if (reader !== sqlite) reader.close();
      await countsKysely?.destroy();
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
  // A dropped connection emits 'error': the pool listens only while it is idle, so one lost while in use
  // (a restart, a failover, a cut network) would crash the process. Its statement fails on its own, and
  // the pool discards a connection that can no longer query when it comes back.
  pool.on('error', () => undefined);
  const statementName = statementNamer();
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepareByName(client as unknown as QueryingClient, statementName);
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // PostgreSQL flushes in its own process; turning that off per transaction costs three more round trips.
  const writeUnflushed: Db['writeUnflushed'] = async (prepared, values) => (await kysely.executeQuery(prepared.bind(values))).rows;
  return {
    kysely,
    engine: 'postgres',
    readFirst: async (prepared, values) => (await kysely.executeQuery(prepared.bind(values))).rows[0],
    changeVersion: () => null,
    counters: { kysely, writeUnflushed },
    writeUnflushed,
    dedicatedClient: () => new pg.Client({ connectionString, connectionTimeoutMillis: 3000 }),
    postgresUrl: connectionString,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => kysely.destroy(),
  };
}

export function openDatabase(options: { databaseUrl: string | null; dataDir: string; template?: string }): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(join(options.dataDir, 'tessera.db'), { template: options.template });
}
