import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, adminPaths, type AdminUser } from '#src/shared/admin/paths.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, currentWorkspaceId, person, type Person } from '../../../tests/support/workspaces.ts';
import { adminPerson, userPath } from '../../../tests/support/admin.ts';
import { newUserRow } from '#src/server/accounts/users.ts';
import { likePattern } from '#src/server/db/like-pattern.ts';

describe('likePattern', () => {
  it('makes the LIKE wildcards and the escape character match themselves', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likePattern('MiXed')).toBe('%mixed%');
  });
});

// Search by name or email, parameterised and with the wildcards escaped;
// filters; server-side pages in a stable order; a user's detail.
describe.each(engines)('admin user management on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  let admin: Person;
  const search = async (query: string) => admin.c.get(`${adminPaths.users}?${query}`);
  const names = (users: AdminUser[]) => users.map((user) => user.name).sort();

  beforeAll(async () => {
    t = app();
    admin = await adminPerson(t, 'Root Admin');
    for (const name of ['Zeta 50% Off', 'Zeta 50 Percent', 'Zeta a_b', 'Zeta aXb', "Zeta O'Brien", 'Zeta Quote"s']) await person(t, name);
  });

  it('searches names and emails case-insensitively, with %, _ and quotes matching only themselves', async () => {
    expect(names((await search('q=zeta')).body.users)).toHaveLength(6);
    expect(names((await search(`q=${encodeURIComponent('50%')}`)).body.users)).toEqual(['Zeta 50% Off']);
    expect(names((await search('q=a_b')).body.users)).toEqual(['Zeta a_b']);
    expect(names((await search(`q=${encodeURIComponent("o'brien")}`)).body.users)).toEqual(["Zeta O'Brien"]);
    expect(names((await search(`q=${encodeURIComponent('quote"s')}`)).body.users)).toEqual(['Zeta Quote"s']);
    expect((await search(`q=${encodeURIComponent("' OR '1'='1")}`)).body.users).toEqual([]);
    expect(
      (await search(`q=${encodeURIComponent('%')}`)).body.users.every((u: AdminUser) => u.name.includes('%') || u.email.includes('%')),
    ).toBe(true);
    // By email: every test address ends @example.com.
    expect((await search('q=EXAMPLE.COM')).body.total).toBeGreaterThanOrEqual(7);
  });

  it('refuses huge, repeated, unknown or malformed query input with 400 {error}', async () => {
    const huge = `q=${encodeURIComponent('%_'.repeat(50_000))}`;
    for (const query of [
      `q=${'a'.repeat(101)}`,
      huge,
      'q=a&q=b',
      'role=owner',
      'status=gone',
      'page=0',
      'page=-1',
      'page=1.5',
      'page=99999999',
      'sort=name',
      'q=%00',
    ]) {
      const answer = await search(query);
      const label = query.slice(0, 40);
      // A URL past the server's limit is refused before routing (431); every other one by the schema.
      expect(answer.status, label).toBe(query === huge ? 431 : 400);
      expect(typeof answer.body.error, label).toBe('string');
    }
    expect((await search(`q=${encodeURIComponent('%_'.repeat(50))}`)).status).toBe(200);
  });

  it('filters by role and status', async () => {
    const all = await search('q=zeta');
    expect(all.body.users.every((u: AdminUser) => u.role === 'user' && u.status === 'Active')).toBe(true);
    expect((await search('q=zeta&role=admin')).body.users).toEqual([]);
    const admins = (await search('role=admin')).body.users as AdminUser[];
    expect(admins.map((u) => u.id)).toContain(admin.id);
    expect(admins.every((u) => u.role === 'admin')).toBe(true);
    const target = all.body.users[0] as AdminUser;
    await admin.c.post(userPath(adminPaths.suspend, target.id), {});
    expect((await search('q=zeta&status=suspended')).body.users.map((u: AdminUser) => u.id)).toEqual([target.id]);
    expect((await search('q=zeta&status=active')).body.total).toBe(5);
    expect((await search('q=zeta&status=pending')).body.total).toBe(0);
    await admin.c.post(userPath(adminPaths.reactivate, target.id), {});
  });

  it('pages newest first in a stable order: every account once, with the total', async () => {
    for (let index = 0; index < ADMIN_PAGE_SIZE + 3; index += 1) {
      // Many share one millisecond: the id breaks the tie.
      const row = newUserRow(
        { email: `pager${index}@example.com`, name: `Pager ${index}`, passwordHash: null, emailVerified: true },
        1_700_000_000_000 + (index % 3),
      );
      await t.db.kysely.insertInto('users').values(row).execute();
    }
    const first = await search('q=pager&page=1');
    const second = await search('q=pager&page=2');
    const third = await search('q=pager&page=3');
    expect(first.body).toMatchObject({ total: ADMIN_PAGE_SIZE + 3, page: 1, pageSize: ADMIN_PAGE_SIZE });
    expect(first.body.users).toHaveLength(ADMIN_PAGE_SIZE);
    expect(second.body.users).toHaveLength(3);
    expect(third.body.users).toEqual([]);
    const seen = [...first.body.users, ...second.body.users].map((u: AdminUser) => u.email);
    expect(new Set(seen).size).toBe(ADMIN_PAGE_SIZE + 3);
    const times = [...first.body.users, ...second.body.users].map((u: AdminUser) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await search('q=pager&page=1')).body.users).toEqual(first.body.users);
  });

  it("shows a user's workspaces in both of their workspaces, their sessions and recent audit entries; an unknown id is 404", async () => {
    const owner = await person(t, 'Detail Owner');
    const personal = await currentWorkspaceId(owner);
    const team = await createWorkspace(owner, 'Detail Team');
    await admin.c.put(userPath(adminPaths.role, owner.id), { role: 'admin' });
    const detail = await admin.c.get(userPath(adminPaths.user, owner.id));
    expect(detail.status).toBe(200);
    expect(detail.body.user).toMatchObject({ id: owner.id, name: 'Detail Owner', role: 'admin', status: 'Active', emailVerified: true });
    expect(detail.body.workspaces.map((w: { id: string }) => w.id).sort()).toEqual([team, personal].sort());
    expect(detail.body.workspaces.every((w: { role: string }) => w.role === 'owner')).toBe(true);
    expect(detail.body.sessions.count).toBe(1);
    expect(Date.parse(detail.body.sessions.newestAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(detail.body.activity.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['user.role', 'workspace.create']),
    );
    expect(detail.body.activity.find((a: { action: string }) => a.action === 'user.role')).toMatchObject({
      actorName: 'Root Admin',
      targetLabel: 'Detail Owner',
    });
    const unknown = await admin.c.get(userPath(adminPaths.user, '00000000-0000-4000-8000-ffffffffffff'));
    expect(unknown.status).toBe(404);
    expect(typeof unknown.body.error).toBe('string');
  });
});
