import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openSqlite, type Db } from './connect.ts';
import { migrate, migrationStatus } from './migrations.ts';
import { writeNewDatabase } from './new-database.ts';

// A new SQLite file in a folder of its own, removed afterwards.
async function withNewDatabase(use: (db: Db) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-migrate-'));
  const db = await openSqlite(join(dir, 'tessera.db'));
  try {
    await use(db);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// On SQLite a run of migrations is one transaction: a database whose last migration cannot apply is
// left exactly as it was, not with the run's earlier migrations in it and no record of them.
describe('migrations on SQLite', () => {
  it('apply all together or not at all', () =>
    withNewDatabase(async (db) => {
      // In the way of the last migration, which creates this table.
      await db.kysely.schema.createTable('task_arrivals').addColumn('task_id', 'text').execute();
      await expect(migrate(db.kysely)).rejects.toThrow(/054-analytics-arrivals/);
      const tables = await db.kysely.introspection.getTables();
      expect(tables.map((table) => table.name)).toEqual(['task_arrivals']);

      await db.kysely.schema.dropTable('task_arrivals').execute();
      await migrate(db.kysely);
      const names = (await db.kysely.introspection.getTables()).map((table) => table.name);
      expect(names).toEqual(expect.arrayContaining(['users', 'workspaces', 'tasks', 'task_arrivals']));
    }));
});

// A restart asks one question of a migrated database; a database short of a migration still gets it.
describe('a database that has every migration', () => {
  it('is left as it is, and one short of a migration gets it', () =>
    withNewDatabase(async (db) => {
      await migrate(db.kysely);
      await migrate(db.kysely);
      expect((await migrationStatus(db.kysely)).pending).toEqual([]);

      await db.kysely.schema.dropTable('doc_task_links').execute();
      await sql`DELETE FROM kysely_migration WHERE name = '053-doc-task-links'`.execute(db.kysely);
      expect((await migrationStatus(db.kysely)).pending).toEqual(['053-doc-task-links']);
      await migrate(db.kysely);
      expect((await migrationStatus(db.kysely)).pending).toEqual([]);
      expect((await db.kysely.introspection.getTables()).map((table) => table.name)).toContain('doc_task_links');
    }));
});

// A new embedded database is a copy of one the build migrated: private to its owner, migrated, and
// never written over an existing database.
describe('a new database from the template', () => {
  it('starts migrated and private, and an existing database is never replaced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-template-'));
    try {
      const template = join(dir, 'template.sqlite');
      await writeNewDatabase(template);

      const file = join(dir, 'data', 'tessera.db');
      const db = await openSqlite(file, { template });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect((await migrationStatus(db.kysely)).pending).toEqual([]);
      await sql`INSERT INTO system_settings (key, value, updated_at) VALUES ('kept', '"yes"', 1)`.execute(db.kysely);
      await db.close();

      const again = await openSqlite(file, { template });
      const { rows } = await sql<{ value: string }>`SELECT value FROM system_settings WHERE key = 'kept'`.execute(again.kysely);
      expect(rows).toEqual([{ value: '"yes"' }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
