import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsPaths, type DatabaseInfoResponse } from '#src/shared/ops/paths.ts';
import { opsError } from '#src/shared/ops/messages.ts';
import { client, useTestApp, useTwoTestApps } from '../../../tests/support/test-app.ts';
import { createTestDatabase, engines } from '../../../tests/support/test-db.ts';
import { adminPerson } from '../../../tests/support/admin.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { createWorkspace, person, type Person } from '../../../tests/support/workspaces.ts';
import { createTask } from '../../../tests/support/tasks.ts';
import { integrityCheck } from './database-info.ts';
import { BACKUP_SCHEDULE_NAME } from './database-tools.ts';
import { restorePostgres, restoreSqlite } from './restore.ts';

const backupPath = (name: string) => workspacePath(opsPaths.backup, { name });
const DAY_MS = 24 * 60 * 60_000;

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'tessera-backups-'));
}

describe.each(engines)('database tools on %s', (engine) => {
  const dir = tempDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe('on one instance', () => {
    const app = useTestApp(engine, { env: { BACKUP_DIR: dir } });
    let admin: Person;
    beforeAll(async () => {
      admin = await adminPerson(app());
    });

    it('answers a plain user 404 on every database path, and makes no file', async () => {
      const t = app();
      const plain = await person(t, 'Pat Plain');
      const made = (await admin.c.post(opsPaths.backups, {})).body.backup.name as string;
      for (const [method, path, body] of [
        ['GET', opsPaths.database],
        ['POST', opsPaths.integrity, {}],
        ['POST', opsPaths.backups, {}],
        ['GET', backupPath(made)],
        ['DELETE', backupPath(made), {}],
        ['PUT', opsPaths.schedule, { every: 'daily', keep: 3 }],
      ] as const) {
        const answer = await plain.c.call(method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(typeof answer.body.error).toBe('string');
        expect((await client(t.url).call(method, path, body)).status).toBe(401);
      }
      expect((await admin.c.get<DatabaseInfoResponse>(opsPaths.database)).body.backups.map((b) => b.name)).toEqual([made]);
      expect((await admin.c.call('DELETE', backupPath(made), {})).status).toBe(200);
    });

    it('reports the engine, version, size, migrations and row counts, and a clean integrity check', async () => {
      const t = app();
      const info = (await admin.c.get<DatabaseInfoResponse>(opsPaths.database)).body;
      expect(info.engine).toBe(engine);
      expect(info.version).toMatch(/^\d+\.\d+/);
      expect(info.bytes).toBeGreaterThan(0);
      expect(info.migrations.pending).toEqual([]);
      expect(info.migrations.applied).toContain('035-system-settings');
      const users = await t.db.kysely.selectFrom('users').select(t.db.kysely.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(info.tables.find((row) => row.table === 'users')?.rows).toBe(Number(users.n));
      expect(info.backupUnavailable).toBeNull();
      expect(info.schedule).toEqual({ every: 'off', keep: 7, nextAt: null });
      const check = await admin.c.post(opsPaths.integrity, {});
      expect(check.body).toEqual({ ok: true, findings: ['ok'] });
    });

    it('backs up under concurrent writes to a file that restores whole, with every acknowledged write', async () => {
      const t = app();
      const owner = await person(t, 'Wendy Writer');
      const workspaceId = await createWorkspace(owner, 'Busy');
      const acknowledged: string[] = [];
      const writes = Array.from({ length: 30 }, (_, index) =>
        createTask(owner.c, workspaceId, { title: `Task ${index}` }).then((task) => void acknowledged.push(task.id)),
      );
      while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
      const before = [...acknowledged];
      const made = await admin.c.post(opsPaths.backups, {});
      await Promise.all(writes);
      expect(made.status).toBe(201);
      const file = join(dir, made.body.backup.name as string);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);

      const download = await fetch(`${t.url}/api${backupPath(made.body.backup.name)}`, {
        headers: { cookie: [...admin.c.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain(made.body.backup.name);
      expect((await download.arrayBuffer()).byteLength).toBe(statSync(file).size);

      const restored = await createTestDatabase(engine);
      try {
        if (engine === 'sqlite') await restoreSqlite(file, restored.location);
        else await restorePostgres(file, restored.location, dir);
        const db = await restored.open();
        try {
          expect(await integrityCheck(db)).toEqual({ ok: true, findings: ['ok'] });
          const ids = (await db.kysely.selectFrom('tasks').select('id').where('workspace_id', '=', workspaceId).execute()).map(
            (row) => row.id,
          );
          expect(ids).toEqual(expect.arrayContaining(before));
        } finally {
          await db.close();
        }
      } finally {
        await restored.drop();
      }
    });

    it('deletes a backup with an audit row, and answers 404 to a name it did not give', async () => {
      const t = app();
      const made = (await admin.c.post(opsPaths.backups, {})).body.backup.name as string;
      const deleted = await admin.c.call('DELETE', backupPath(made), {});
      expect(deleted.status).toBe(200);
      expect((await admin.c.get(backupPath(made))).status).toBe(404);
      for (const name of ['..%2F..%2Fapp-secret', 'tessera.db', `${made}.partial`]) {
        const answer = await admin.c.get(backupPath(name));
        expect([answer.status, answer.body.error]).toEqual([404, opsError.noSuchBackup]);
      }
      const audit = await t.db.kysely
        .selectFrom('admin_audit')
        .select(['action', 'target'])
        .where('target', '=', made)
        .orderBy('created_at')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['backup.create', 'backup.delete']);
    });

    it('refuses a bad schedule with a clear 400', async () => {
      for (const body of [{ every: 'hourly', keep: 3 }, { every: 'daily', keep: 0 }, { every: 'daily', keep: 2.5 }, { every: 'daily' }]) {
        const answer = await admin.c.put(opsPaths.schedule, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(typeof answer.body.error).toBe('string');
      }
    });
  });

  describe('on two instances', () => {
    const scheduled = tempDir();
    afterAll(() => rmSync(scheduled, { recursive: true, force: true }));
    const apps = useTwoTestApps(engine, { BACKUP_DIR: scheduled, JOBS_POLL_MS: '0' });

    it('makes the daily backup once across instances and keeps only the newest', async () => {
      const { a, b } = apps();
      const admin = await adminPerson(a);
      const saved = await admin.c.put(opsPaths.schedule, { every: 'daily', keep: 2 });
      expect(saved.body.schedule).toMatchObject({ every: 'daily', keep: 2 });
      await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
      const names = async () => (await admin.c.get<DatabaseInfoResponse>(opsPaths.database)).body.backups.map((file) => file.name);
      const first = await names();
      for (let day = 1; day <= 3; day += 1) {
        a.clock.advance(DAY_MS);
        b.clock.advance(DAY_MS);
        await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
        expect((await names()).length).toBe(Math.min(first.length + day, 2));
      }
      const row = await a.db.kysely
        .selectFrom('job_schedules')
        .selectAll()
        .where('name', '=', BACKUP_SCHEDULE_NAME)
        .executeTakeFirstOrThrow();
      expect(Number(row.next_run_at)).toBeGreaterThan(a.clock.now());
    });
  });
});
