import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/support/test-db.ts';
import { migrate } from './migrations.ts';
import { openSqlite, type Db } from './connect.ts';
import { prepareQuery, type Slot } from './prepared-query.ts';

const counterOf = (db: Db) =>
  prepareQuery((slot: Slot<{ key: string }>) =>
    db.kysely.selectFrom('rate_limits').select(['key', 'count']).where('key', '=', slot('key')),
  );
const insertCounter = (db: Db) =>
  prepareQuery((slot: Slot<{ key: string; count: number }>) =>
    db.kysely
      .insertInto('rate_limits')
      .values({ key: slot('key'), count: slot('count'), reset_at: 1 })
      .returning('count'),
  );

describe.each(engines)('prepared reads and unflushed writes on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;
  let other: Db;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    db = await database.open();
    other = await database.open();
  });
  afterEach(async () => {
    await db.close();
    await other.close();
    await database.drop();
  });

  it('fills a prepared query by name and returns what an unflushed write put there', async () => {
    expect(await db.writeUnflushed(insertCounter(db), { key: 'a', count: 3 })).toEqual([{ count: 3 }]);
    expect(await db.readFirst(counterOf(db), { key: 'a' })).toEqual({ key: 'a', count: 3 });
    expect(await db.readFirst(counterOf(db), { key: 'b' })).toBeUndefined();
  });

  it('changes its change version when another connection commits, and only then', async () => {
    const before = db.changeVersion();
    expect(db.changeVersion()).toBe(before);
    await other.kysely.insertInto('rate_limits').values({ key: 'a', count: 1, reset_at: 1 }).execute();
    // Another connection's commit is read from the next turn of the event loop.
    await new Promise(setImmediate);
    if (engine === 'postgres') expect(db.changeVersion()).toBeNull();
    else expect(db.changeVersion()).not.toBe(before);
    const after = db.changeVersion();
    // Its own commit is seen by the very next call, in the same turn.
    await db.kysely.updateTable('rate_limits').set({ count: 2 }).execute();
    if (engine === 'sqlite') expect(db.changeVersion()).not.toBe(after);
    expect(await db.readFirst(counterOf(db), { key: 'a' })).toEqual({ key: 'a', count: 2 });
  });

  it('keeps an unflushed write out of a transaction that is open, so its rollback does not undo it', async () => {
    let written: Promise<unknown> | undefined;
    await expect(
      db.kysely.transaction().execute(async (tx) => {
        await tx.insertInto('rate_limits').values({ key: 'in-transaction', count: 1, reset_at: 1 }).execute();
        written = db.writeUnflushed(insertCounter(db), { key: 'beside', count: 1 });
        await tx.insertInto('rate_limits').values({ key: 'in-transaction-too', count: 1, reset_at: 1 }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await written;
    const keys = (await db.kysely.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys).toEqual(['beside']);
  });
});

describe('the SQLite database file', () => {
  it('is readable and writable by its owner alone, with its WAL and shared-memory files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-mode-'));
    const file = join(dir, 'tessera.db');
    try {
      const db = await openSqlite(file);
      await sql`create table t (x integer)`.execute(db.kysely);
      await sql`insert into t values (1)`.execute(db.kysely);
      for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(statSync(name).mode & 0o777, name).toBe(0o600);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Another process on the same file, as the role command or a second server is: a thread of its own with
// its own connection, so its wait for the lock does not stop ours.
function otherProcess(file: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const db = new (require('better-sqlite3'))(workerData);
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 1, 1)');
    parentPort.on('message', ({ key, holdMs }) => {
      if (holdMs) {
        db.exec('BEGIN IMMEDIATE');
        insert.run(key);
        parentPort.postMessage('holding');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, holdMs);
        db.exec('COMMIT');
      } else insert.run(key);
      parentPort.postMessage('written');
    });`,
    { eval: true, workerData: file },
  );
  const next = () => new Promise<string>((resolve) => worker.once('message', resolve));
  return { worker, next, send: (message: { key: string; holdMs?: number }) => worker.postMessage(message) };
}

describe('SQLite transactions beside another process writing the same file', () => {
  let database: TestDatabase;
  let db: Db;
  let other: ReturnType<typeof otherProcess>;
  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    db = await database.open();
    other = otherProcess(database.location);
  });
  afterEach(async () => {
    await other.worker.terminate();
    await db.close();
    await database.drop();
  });

  const keys = async () => (await db.kysely.selectFrom('rate_limits').select('key').orderBy('key').execute()).map((row) => row.key);

  it('make a write that comes while one is open wait for its commit, and both land', async () => {
    const written = other.next();
    await db.kysely.transaction().execute(async (tx) => {
      await tx.selectFrom('rate_limits').selectAll().execute();
      other.send({ key: 'other' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.insertInto('rate_limits').values({ key: 'ours', count: 1, reset_at: 1 }).execute();
    });
    expect(await written).toBe('written');
    expect(await keys()).toEqual(['other', 'ours']);
  });

  it('wait for a lock the other process holds instead of failing', async () => {
    const holding = other.next();
    other.send({ key: 'other', holdMs: 300 });
    expect(await holding).toBe('holding');
    await db.kysely.transaction().execute(async (tx) => {
      await tx.selectFrom('rate_limits').selectAll().execute();
      await tx.insertInto('rate_limits').values({ key: 'ours', count: 1, reset_at: 1 }).execute();
    });
    expect(await keys()).toEqual(['other', 'ours']);
  });
});

describe.each(engines)('rate-limit counts on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;
  let other: Db;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    db = await database.open();
    other = await database.open();
  });
  afterEach(async () => {
    await db.close();
    await other.close();
    await database.drop();
  });

  it('are shared by every instance and, on SQLite, leave the change version of the data where it was', async () => {
    const before = db.changeVersion();
    await other.counters.writeUnflushed(insertCounter(other), { key: 'a', count: 4 });
    // Another connection's commit would be seen from the next turn.
    await new Promise(setImmediate);
    expect(db.changeVersion()).toBe(before);
    const counted = await db.counters.kysely.selectFrom('rate_limits').select(['key', 'count']).execute();
    expect(counted).toEqual([{ key: 'a', count: 4 }]);
    // A change of the data still moves it.
    await other.kysely.insertInto('rate_limits').values({ key: 'data', count: 1, reset_at: 1 }).execute();
    await new Promise(setImmediate);
    if (engine === 'sqlite') expect(db.changeVersion()).not.toBe(before);
  });

  it('answers counts asked for together each with its own rows, and one refused count sinks no other', async () => {
    const count = (key: string, value: number) => db.counters.writeUnflushed(insertCounter(db), { key, count: value });
    expect(await Promise.all([count('k1', 1), count('k2', 2), count('k3', 3)])).toEqual([[{ count: 1 }], [{ count: 2 }], [{ count: 3 }]]);
    const [taken, fresh] = await Promise.allSettled([count('k1', 9), count('k4', 4)]);
    expect(taken.status).toBe('rejected');
    expect(fresh).toEqual({ status: 'fulfilled', value: [{ count: 4 }] });
    const keys = (await db.counters.kysely.selectFrom('rate_limits').select(['key', 'count']).orderBy('key').execute()).map((row) => [
      row.key,
      row.count,
    ]);
    expect(keys).toEqual([
      ['k1', 1],
      ['k2', 2],
      ['k3', 3],
      ['k4', 4],
    ]);
  });
});

describe('the SQLite rate-limit file', () => {
  it('is its owner’s alone, and when first made takes over the live counts the database held', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-counts-'));
    const file = join(dir, 'tessera.db');
    const counts = join(dir, 'tessera-rate-limits.db');
    try {
      const before = await openSqlite(file);
      await migrate(before.kysely);
      await before.close();
      // A database from before the file existed, with one live count and one whose window ended.
      rmSync(counts);
      const { default: SQLite } = await import('better-sqlite3');
      const raw = new SQLite(file);
      raw
        .prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?), (?, ?, ?)')
        .run('live', 7, Date.now() + 60_000, 'ended', 9, 1);
      raw.close();

      const db = await openSqlite(file);
      expect(existsSync(counts)).toBe(true);
      expect(statSync(counts).mode & 0o777).toBe(0o600);
      expect(await db.counters.kysely.selectFrom('rate_limits').select(['key', 'count']).execute()).toEqual([{ key: 'live', count: 7 }]);
      expect(await db.kysely.selectFrom('rate_limits').select('key').execute()).toEqual([]);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(engines.includes('postgres'))('statements on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    db = await database.open();
  });
  afterEach(async () => {
    await db.close();
    await database.drop();
  });

  it('are prepared once by name on a connection and then only run, giving the same rows', async () => {
    const prepared = await db.kysely.transaction().execute(async (tx) => {
      const read = () => tx.selectFrom('rate_limits').select('key').where('key', '=', 'absent').execute();
      expect(await read()).toEqual([]);
      expect(await read()).toEqual([]);
      return (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(tx)).rows;
    });
    const named = prepared.filter((row) => row.statement.includes('from "rate_limits"'));
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toMatch(/^tessera_\d+$/);
  });

  it('survive losing a connection that is in use: that transaction fails, the process stays up, the next read succeeds', async () => {
    const uncaught: unknown[] = [];
    const collect = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', collect);
    try {
      const lost = db.kysely.transaction().execute(async (tx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx);
        // A restart or failover ends the backend while we hold its connection between two statements.
        await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(db.kysely);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`SELECT 1`.execute(tx);
      });
      await expect(lost).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db.kysely)).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', collect);
    }
  });
});
