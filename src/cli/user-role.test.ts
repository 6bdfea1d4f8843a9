import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityText } from '#src/shared/admin/messages.ts';
import { client, createVerifiedUser, signedInClient, startTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/support/test-db.ts';

const run = promisify(execFile);

describe.each(engines)('npm run user:role on %s', (engine) => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    t = await startTestApp(engine, { database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const userRole = (...args: string[]) => {
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: '' };
    if (engine === 'sqlite') env.DATA_DIR = dirname(database.location);
    else env.DATABASE_URL = database.location;
    return run(process.execPath, ['--import', 'tsx', 'src/cli/user-role.ts', ...args], { env });
  };

  it('makes an existing user an admin and back', async () => {
    const account = await createVerifiedUser(t);
    const { stdout } = await userRole(account.email.toUpperCase(), 'admin');
    expect(stdout).toContain('is now an admin');
    // It names the database it changed (a PostgreSQL address without a password).
    expect(stdout).toContain(`Database: ${engine === 'sqlite' ? database.location : ''}`);
    const c = await signedInClient(t, account);
    expect((await c.get('/current-user')).body.user.role).toBe('admin');
    await userRole(account.email, 'user');
    expect((await c.get('/current-user')).body.user.role).toBe('user');
    // Both changes are in the admins' trail, as done from the command line.
    const trail = await t.db.kysely
      .selectFrom('admin_audit')
      .select(['action', 'details', 'ip'])
      .where('target', '=', (await c.get('/current-user')).body.user.id)
      .orderBy('created_at')
      .execute();
    expect(trail.map((row) => ({ action: row.action, details: JSON.parse(row.details), ip: row.ip }))).toEqual([
      { action: 'user.role', details: { role: 'admin', from: 'user', via: 'command line' }, ip: null },
      { action: 'user.role', details: { role: 'user', from: 'admin', via: 'command line' }, ip: null },
    ]);
    expect(
      activityText({
        action: 'user.role',
        actorName: null,
        targetLabel: 'Casey',
        workspaceName: null,
        details: { role: 'user', via: 'command line' },
      }),
    ).toBe('The command line made Casey a user');
  });

  it('lets a new admin in when the beta asks for approval (product rules A3)', async () => {
    const account = await createVerifiedUser(t);
    await t.db.kysely.updateTable('users').set({ approval: 'pending' }).where('email', '=', account.email).execute();
    await userRole(account.email, 'admin');
    const c = await signedInClient(t, account);
    expect((await c.get('/current-user')).body.user).toMatchObject({ role: 'admin', awaitingApproval: false });
    expect((await c.get('/admin/overview')).status).toBe(200);
  });

  it('says so when the email is unknown or the role is not one of admin/user', async () => {
    await expect(userRole('nobody@example.com', 'admin')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No user with the email'),
    });
    await expect(userRole('someone@example.com', 'root')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage') });
    expect((await client(t.url).get('/health')).status).toBe(200);
  });
});

describe('npm run user:role without the server’s database', () => {
  it('refuses to create one, and says where it looked', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tessera-user-role-'));
    try {
      const env = { ...process.env, DATABASE_URL: '', DATA_DIR: empty };
      await expect(
        run(process.execPath, ['--import', 'tsx', 'src/cli/user-role.ts', 'ada@example.com', 'admin'], { env }),
      ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(`No database at ${join(empty, 'tessera.db')}`) });
      expect(existsSync(join(empty, 'tessera.db'))).toBe(false);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
