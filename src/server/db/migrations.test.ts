import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from './connect.ts';
import { migrate } from './migrations.ts';

// On SQLite a run of migrations is one transaction: a database whose last migration cannot apply is
// left exactly as it was, not with the run's earlier migrations in it and no record of them.
describe('migrations on SQLite', () => {
  it('apply all together or not at all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-migrate-'));
    const db = await openSqlite(join(dir, 'tessera.db'));
    try {
      // In the way of the last migration, which creates this table.
      await db.kysely.schema.createTable('task_arrivals').addColumn('task_id', 'text').execute();
      await expect(migrate(db.kysely)).rejects.toThrow(/054-analytics-arrivals/);
      const tables = await db.kysely.introspection.getTables();
      expect(tables.map((table) => table.name)).toEqual(['task_arrivals']);

      await db.kysely.schema.dropTable('task_arrivals').execute();
      await migrate(db.kysely);
      const names = (await db.kysely.introspection.getTables()).map((table) => table.name);
      expect(names).toEqual(expect.arrayContaining(['users', 'workspaces', 'tasks', 'task_arrivals']));
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
