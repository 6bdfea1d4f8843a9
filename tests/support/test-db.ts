import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite, type Db, type Engine } from '#src/server/db/connect.ts';
import { migrate } from '#src/server/db/migrations.ts';

export const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;

// SQLite always; PostgreSQL too whenever a server is configured.
export const engines: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  engine: Engine;
  // For SQLite the file path, for PostgreSQL the connection string.
  location: string;
  open(): Promise<Db>;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// Each run makes its own uniquely named database and drops it afterwards; the shared server may
// hold other runs' data.
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
    const file = join(dir, 'tessera.db');
    const db = await openSqlite(file);
    await migrate(db.kysely);
    await db.close();
    return { engine, location: file, open: () => openSqlite(file), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!postgresUrl) throw new Error('PostgreSQL tests need DATABASE_URL or TEST_DATABASE_URL');
  const name = `tessera_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(postgresUrl, name);
  const db = await openPostgres(url);
  await migrate(db.kysely);
  await db.close();
  return {
    engine,
    location: url,
    open: () => openPostgres(url),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
