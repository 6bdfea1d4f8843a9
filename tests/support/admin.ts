// What tests of several domains share about the admin panel: an admin made the way the operator command makes one, and the admin paths.
import { adminPaths } from '#src/shared/admin/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import type { TestApp } from './test-app.ts';
import { person, type Person } from './workspaces.ts';

// product rules D7: the role is set in the database, as `npm run user:role` does.
export async function adminPerson(t: TestApp, name = 'Ada Admin'): Promise<Person> {
  const p = await person(t, name);
  await t.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', p.id).execute();
  return p;
}

export const userPath = (template: string, id: string) => workspacePath(template, { id });

// Every admin endpoint, with a body that would be accepted from an admin.
export function adminEndpoints(targetId: string): Array<[method: string, path: string, body?: unknown]> {
  return [
    ['GET', adminPaths.overview],
    ['GET', `${adminPaths.users}?q=a&role=user&status=active&page=1`],
    ['GET', userPath(adminPaths.user, targetId)],
    ['PUT', userPath(adminPaths.role, targetId), { role: 'admin' }],
    ['POST', userPath(adminPaths.suspend, targetId), {}],
    ['POST', userPath(adminPaths.reactivate, targetId), {}],
    ['POST', userPath(adminPaths.approve, targetId), {}],
    ['POST', userPath(adminPaths.decline, targetId), {}],
    ['POST', adminPaths.invitations, { email: 'friend@example.com' }],
    ['GET', adminPaths.signups],
  ];
}

export async function auditRows(t: TestApp, target: string) {
  return t.db.kysely.selectFrom('admin_audit').selectAll().where('target', '=', target).orderBy('created_at').execute();
}
