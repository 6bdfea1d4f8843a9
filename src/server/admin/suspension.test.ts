import { beforeEach, describe, expect, it } from 'vitest';
import { adminPaths } from '#src/shared/admin/paths.ts';
import { adminError } from '#src/shared/admin/messages.ts';
import { client, useTestApp, whoAmI, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createKey, keyClient } from '../../../tests/support/api-keys.ts';
import { currentWorkspaceId, person } from '../../../tests/support/workspaces.ts';
import { adminPerson, auditRows, userPath } from '../../../tests/support/admin.ts';

const PASSWORD = 'tessera-pass-1';

// Suspending ends every session at once and sign-in answers 403 with a clear
// message until an admin reactivates the account.
describe.each(engines)('suspension on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('signs the user out everywhere at their next request, and sign-in answers 403 until reactivated', async () => {
    const admin = await adminPerson(t);
    const target = await person(t, 'Sam Suspended');
    const laptop = target.c;
    const phone = client(t.url);
    expect((await phone.post('/login', { email: target.email, password: PASSWORD })).status).toBe(200);
    // Both browsers are recognised (and the session memo has their answers) before the suspension.
    expect(await whoAmI(laptop)).toBe(target.email);
    expect(await whoAmI(phone)).toBe(target.email);

    const suspended = await admin.c.post(userPath(adminPaths.suspend, target.id), {});
    expect(suspended.status).toBe(200);
    expect(suspended.body.user).toMatchObject({ id: target.id, status: 'Suspended' });

    expect(await whoAmI(laptop)).toBeNull();
    expect(await whoAmI(phone)).toBeNull();
    expect((await phone.get('/workspaces')).status).toBe(401);
    expect(await t.db.kysely.selectFrom('sessions').select('token_hash').where('user_id', '=', target.id).execute()).toEqual([]);

    const refused = await client(t.url).post('/login', { email: target.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: adminError.suspended });
    // A wrong password still answers like any wrong password: the standing is told to the owner only.
    expect((await client(t.url).post('/login', { email: target.email, password: 'not-the-password' })).status).toBe(401);

    const reactivated = await admin.c.post(userPath(adminPaths.reactivate, target.id), {});
    expect(reactivated.body.user.status).toBe('Active');
    expect((await client(t.url).post('/login', { email: target.email, password: PASSWORD })).status).toBe(200);

    const rows = await auditRows(t, target.id);
    expect(rows.map((row) => [row.action, row.actor_user_id])).toEqual([
      ['user.suspend', admin.id],
      ['user.reactivate', admin.id],
    ]);
    expect(JSON.parse(rows[0]!.details)).toEqual({ sessionsEnded: 2 });
    expect(rows.every((row) => row.ip !== null && row.created_at > 0)).toBe(true);
  });

  it("stops the suspended user's API keys and starts them again on reactivation", async () => {
    const admin = await adminPerson(t);
    const owner = await person(t, 'Key Holder');
    const key = await createKey(owner, await currentWorkspaceId(owner));
    const api = keyClient(t.url, key);
    expect((await api.get('/tasks')).status).toBe(200);
    await admin.c.post(userPath(adminPaths.suspend, owner.id), {});
    expect((await api.get('/tasks')).status).toBe(401);
    await admin.c.post(userPath(adminPaths.reactivate, owner.id), {});
    expect((await api.get('/tasks')).status).toBe(200);
  });

  it('writes no audit row for a change that changes nothing, and refuses an unknown account with 404', async () => {
    const admin = await adminPerson(t);
    const target = await person(t, 'Idle Target');
    expect((await admin.c.post(userPath(adminPaths.reactivate, target.id), {})).status).toBe(200);
    expect((await admin.c.put(userPath(adminPaths.role, target.id), { role: 'user' })).status).toBe(200);
    expect(await auditRows(t, target.id)).toEqual([]);
    const unknown = await admin.c.post(userPath(adminPaths.suspend, '00000000-0000-4000-8000-000000000001'), {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(adminError.userNotFound);
  });

  it('refuses bodies that are not the empty object or a known role, changing nothing', async () => {
    const admin = await adminPerson(t);
    const target = await person(t, 'Body Target');
    for (const [path, body] of [
      [userPath(adminPaths.suspend, target.id), { reason: 'x' }],
      [userPath(adminPaths.suspend, target.id), []],
    ] as const) {
      const answer = await admin.c.post(path, body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    for (const role of ['owner', 'superadmin', '', null]) {
      expect((await admin.c.put(userPath(adminPaths.role, target.id), { role })).status).toBe(400);
    }
    expect((await admin.c.put(userPath(adminPaths.role, target.id), { role: 'admin', extra: 1 })).status).toBe(400);
    const row = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    expect([row.role, row.status]).toEqual(['user', 'active']);
  });
});
