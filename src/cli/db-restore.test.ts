import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsPaths } from '#src/shared/ops/paths.ts';
import { startTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/support/test-db.ts';
import { adminPerson } from '../../tests/support/admin.ts';
import { person } from '../../tests/support/workspaces.ts';

const run = promisify(execFile);

describe.each(engines)('npm run db:restore on %s', (engine) => {
  let database: TestDatabase;
  let t: TestApp | null;
  const backups = mkdtempSync(join(tmpdir(), 'tessera-restore-'));
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    t = await startTestApp(engine, { database, env: { BACKUP_DIR: backups } });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    rmSync(backups, { recursive: true, force: true });
  });

  const restore = async (file: string) => {
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: '', BACKUP_DIR: backups };
    if (engine === 'sqlite') env.DATA_DIR = dirname(database.location);
    else env.DATABASE_URL = database.location;
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/db-restore.ts', file], { env });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };
  const emails = async (app: TestApp | null) => {
    const db = app?.db ?? (await database.open());
    try {
      return (await db.kysely.selectFrom('users').select('email').execute()).map((row) => row.email).sort();
    } finally {
      if (!app) await db.close();
    }
  };

  it('refuses while a server runs, refuses a file that is not a backup, then restores and keeps the old database aside', async () => {
    const admin = await adminPerson(t!);
    const kept = await person(t!, 'Kept Before');
    const made = await admin.c.post(opsPaths.backups, {});
    expect(made.status).toBe(201);
    const file = join(backups, made.body.backup.name as string);
    const later = await person(t!, 'Made After');
    const everyone = await emails(t);
    expect(everyone).toContain(later.email);

    const busy = await restore(file);
    expect(busy.code).toBe(1);
    expect(busy.out).toMatch(/Nothing was restored\. A server .*is (using|connected to) /);
    expect(await emails(t)).toEqual(everyone);

    await t!.app.close();
    await t!.db.close();
    t = null;
    const junk = join(backups, 'not-a-backup.db');
    writeFileSync(junk, 'hello, this is not a database');
    const refused = await restore(junk);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Nothing was restored.');
    expect(await emails(null)).toEqual(everyone);

    const done = await restore(file);
    expect(done.out).toContain('Done.');
    expect(done.code).toBe(0);
    const after = await emails(null);
    expect(after).toContain(kept.email);
    expect(after).not.toContain(later.email);
    const aside = /(?:kept at|saved in) (\S+)\.$/m.exec(done.out)?.[1];
    expect(aside && existsSync(aside)).toBe(true);
  });
});
