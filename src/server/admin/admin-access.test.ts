import { beforeEach, describe, expect, it } from 'vitest';
import { adminPaths } from '#src/shared/admin/paths.ts';
import { adminError } from '#src/shared/admin/messages.ts';
import { client, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, person } from '../../../tests/support/workspaces.ts';
import { adminEndpoints, adminPerson, auditRows, userPath } from '../../../tests/support/admin.ts';

// The role is checked on the server for every endpoint; admins cannot
// act on themselves; the last admin stays; every action leaves an audit row.
describe.each(engines)('admin access on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('answers a plain user 404 {error} and a guest 401 {error} on every admin endpoint, changing nothing', async () => {
    const plain = await person(t, 'Pat Plain');
    const other = await person(t, 'Olga Other');
    // An owner of another workspace is still a plain user to the admin panel.
    await createWorkspace(other, 'Elsewhere');
    const guest = client(t.url);
    const before = await t.db.kysely.selectFrom('users').selectAll().orderBy('id').execute();
    for (const [method, path, body] of adminEndpoints(other.id)) {
      const asUser = await plain.c.call(method, path, body);
      expect(asUser.status, `${method} ${path}`).toBe(404);
      expect(typeof asUser.body.error).toBe('string');
      expect(JSON.stringify(asUser.body)).not.toContain(other.email);
      const asGuest = await guest.call(method, path, body);
      expect(asGuest.status, `${method} ${path}`).toBe(401);
      expect(typeof asGuest.body.error).toBe('string');
    }
    expect(await t.db.kysely.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await t.db.kysely.selectFrom('admin_audit').selectAll().execute()).toEqual([]);
    expect(t.mail.messages.some((m) => m.to.includes('friend@example.com'))).toBe(false);
  });

  it('takes a demotion at the very next request: the old admin is refused', async () => {
    const admin = await adminPerson(t, 'Ana Admin');
    const second = await adminPerson(t, 'Ben Admin');
    expect((await second.c.get(adminPaths.overview)).status).toBe(200);
    const demoted = await admin.c.put(userPath(adminPaths.role, second.id), { role: 'user' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.user).toMatchObject({ id: second.id, role: 'user' });
    expect((await second.c.get(adminPaths.overview)).status).toBe(404);
    const rows = await auditRows(t, second.id);
    expect(rows.map((row) => [row.action, row.actor_user_id, JSON.parse(row.details).role])).toEqual([['user.role', admin.id, 'user']]);
    expect(rows[0]!.ip).toMatch(/127\.0\.0\.1/);
  });

  it('refuses an admin acting on themselves, so the last admin cannot demote or suspend themselves either', async () => {
    const admin = await adminPerson(t, 'Solo Admin');
    for (const [method, path, body] of adminEndpoints(admin.id).filter(([method, path]) => method !== 'GET' && path.includes(admin.id))) {
      const answer = await admin.c.call(method, path, body);
      expect(answer.status, path).toBe(403);
      expect(answer.body.error).toBe(adminError.notYourself);
    }
    const me = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect([me.role, me.status]).toEqual(['admin', 'active']);
    expect((await admin.c.get(adminPaths.overview)).status).toBe(200);
  });

  it('keeps an admin when two admins demote each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await adminPerson(t, `Race A${round}`);
      const b = await adminPerson(t, `Race B${round}`);
      const [ab, ba] = await Promise.all([
        a.c.put(userPath(adminPaths.role, b.id), { role: 'user' }),
        b.c.put(userPath(adminPaths.role, a.id), { role: 'user' }),
      ]);
      expect([ab.status, ba.status].sort()).toEqual([200, 404]);
      const roles = await t.db.kysely.selectFrom('users').select('role').where('id', 'in', [a.id, b.id]).execute();
      expect(roles.filter((row) => row.role === 'admin')).toHaveLength(1);
      expect((await auditRows(t, a.id)).length + (await auditRows(t, b.id)).length).toBe(1);
    }
  });
});
