import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import { createKey, keyClient } from '../../../tests/support/api-keys.ts';
import { createWorkspace, invite, person } from '../../../tests/support/workspaces.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { readWorkspace, withWorkspace } from './door.ts';
import type { WorkspaceScope } from './scope.ts';

// The one door (decision 024): both ways in, one rule, re-read under the workspace lock.
describe.each(engines)('the workspace door on %s', (engine) => {
  const app = useTestApp(engine);

  async function teamOf(name: string) {
    const t = app();
    const owner = await person(t, `${name} Owner`);
    const member = await person(t, `${name} Member`);
    const workspaceId = await createWorkspace(owner, name);
    const { token } = await invite(t, owner, workspaceId, member.email);
    expect((await member.c.post('/invitations/accept', { token })).status).toBe(200);
    return { t, owner, member, workspaceId };
  }

  const setRole = (team: Awaited<ReturnType<typeof teamOf>>, userId: string, role: string) =>
    sql`update memberships set role = ${role} where workspace_id = ${team.workspaceId} and user_id = ${userId}`.execute(team.t.db.kysely);

  // A person who is no member, made the guest of one client's contact the way an accepted portal
  // invitation makes them.
  async function guestOf(team: Awaited<ReturnType<typeof teamOf>>) {
    const k = team.t.db.kysely;
    const guest = await person(team.t, 'Gil Guest');
    const clientId = randomUUID();
    const contactId = randomUUID();
    const now = Date.now();
    const base = { workspace_id: team.workspaceId, created_at: now };
    await k
      .insertInto('clients')
      .values({
        ...base,
        id: clientId,
        name: 'Acme',
        company: '',
        status: 'Active',
        notes: '',
        last_contact_at: null,
        created_by: null,
        updated_at: now,
      })
      .execute();
    await k
      .insertInto('client_contacts')
      .values({ ...base, id: contactId, client_id: clientId, name: 'Gil Guest', email: guest.email, unsubscribed_at: null })
      .execute();
    await k
      .insertInto('client_guests')
      .values({
        workspace_id: team.workspaceId,
        user_id: guest.id,
        client_id: clientId,
        contact_id: contactId,
        joined_at: now,
        last_opened_at: now,
      })
      .execute();
    const scope: WorkspaceScope = {
      workspaceId: team.workspaceId,
      actor: { userId: guest.id, apiKeyId: null, ip: null },
      role: 'client',
      guest: { clientId, contactId },
    };
    return { guest, scope };
  }

  it('lets a guest in where the portal asks for one, with their client re-read under the lock, and nowhere else', async () => {
    const team = await teamOf('Guests');
    const k = team.t.db.kysely;
    const { guest, scope } = await guestOf(team);
    for (const path of ['', '/tasks', '/columns', '/labels', '/api-keys', '/webhooks', '/dashboard']) {
      const answer = await guest.c.get(`/workspaces/${team.workspaceId}${path}`);
      expect([path, answer.status, answer.body]).toEqual([path, 404, { error: workspaceError.notFound }]);
    }
    expect((await guest.c.post(`/workspaces/${team.workspaceId}/tasks`, { title: 'Sneaky' })).status).toBe(404);
    expect((await guest.c.get(`/workspaces/${team.workspaceId}/portal`)).status).toBe(200);

    expect(await withWorkspace(k, scope, 'client', async (_tx, entered) => entered.guest)).toEqual(scope.guest);
    await expect(withWorkspace(k, scope, 'member', async () => 'entered')).rejects.toMatchObject({ statusCode: 404 });
    await expect(readWorkspace(k, scope, 'member', async () => 'read')).rejects.toMatchObject({ statusCode: 404 });
    // The portal is the guest's alone: a member, even an owner, is a stranger there.
    const owner: WorkspaceScope = {
      workspaceId: team.workspaceId,
      actor: { userId: team.owner.id, apiKeyId: null, ip: null },
      role: 'owner',
    };
    await expect(withWorkspace(k, owner, 'client', async () => 'entered')).rejects.toMatchObject({ statusCode: 404 });
    expect((await team.owner.c.get(`/workspaces/${team.workspaceId}/portal`)).status).toBe(404);
    // A guest removed since their scope was resolved acts no more.
    await k.deleteFrom('client_guests').where('user_id', '=', guest.id).execute();
    await expect(withWorkspace(k, scope, 'client', async () => 'entered')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('re-reads membership and role under the lock: a scope resolved before a removal or a demotion acts no more', async () => {
    const team = await teamOf('Stale');
    const k = team.t.db.kysely;
    const stale: WorkspaceScope = {
      workspaceId: team.workspaceId,
      actor: { userId: team.member.id, apiKeyId: null, ip: null },
      role: 'owner',
    };
    const rename = (scope: WorkspaceScope) =>
      withWorkspace(k, scope, 'owner', (tx) =>
        tx.updateTable('workspaces').set({ name: 'Taken' }).where('id', '=', scope.workspaceId).execute(),
      );
    await expect(rename(stale)).rejects.toMatchObject({ statusCode: 403 });
    await k.deleteFrom('memberships').where('workspace_id', '=', team.workspaceId).where('user_id', '=', team.member.id).execute();
    await expect(rename(stale)).rejects.toMatchObject({ statusCode: 404 });
    const names = await k.selectFrom('workspaces').select('name').where('id', '=', team.workspaceId).execute();
    expect(names).toEqual([{ name: 'Stale' }]);
  });

  it('lets an API key act only while the person who made it is an owner of its workspace', async () => {
    const team = await teamOf('Keys');
    await setRole(team, team.member.id, 'owner');
    const key = keyClient(team.t.url, await createKey(team.member, team.workspaceId));
    expect((await key.get('/tasks')).status).toBe(200);
    await setRole(team, team.member.id, 'member');
    const stopped = await key.get('/tasks');
    expect(stopped.status).toBe(401);
    expect(stopped.headers.get('www-authenticate')).toBe('Bearer');
    expect((await key.post('/tasks', { title: 'Not while a member' })).status).toBe(401);
    await setRole(team, team.member.id, 'owner');
    expect((await key.post('/tasks', { title: 'Owner again' })).status).toBe(201);
  });
});
