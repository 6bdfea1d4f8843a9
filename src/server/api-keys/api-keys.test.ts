import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '#src/shared/api-keys/paths.ts';
import { sha256 } from '#src/server/accounts/secrets.ts';
import { MAX_LIVE_KEYS } from './service.ts';
import { auditActions, createWorkspace, currentWorkspaceId, del, invite, person } from '../../../tests/support/workspaces.ts';
import { apiKeyError } from '#src/shared/api-keys/messages.ts';
import { keyClient } from '../../../tests/support/api-keys.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// Keys are made, listed and revoked by owners, shown once, stored hashed.
describe.each(engines)('API keys on %s', (engine) => {
  const app = useTestApp(engine);

  it('shows a new key once, lists it by prefix and last four, stores only its hash, and audits create and revoke', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const workspaceId = await currentWorkspaceId(owner);
    const created = await owner.c.post(`/workspaces/${workspaceId}/api-keys`, { name: 'Zapier', expiresInDays: 30 });
    expect(created.status).toBe(201);
    const { secret, apiKey } = created.body;
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(apiKey).toMatchObject({
      name: 'Zapier',
      prefix: secret.slice(0, 8),
      lastFour: secret.slice(-4),
      createdBy: { userId: owner.id, name: 'Olive Owner' },
      lastUsedAt: null,
    });
    expect(Date.parse(apiKey.expiresAt) - Date.parse(apiKey.createdAt)).toBe(30 * 24 * 60 * 60 * 1000);

    const listed = await owner.c.get(`/workspaces/${workspaceId}/api-keys`);
    expect(listed.status).toBe(200);
    expect(listed.body.apiKeys).toEqual([apiKey]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(8, -4));

    const rows = await t.db.kysely.selectFrom('api_keys').selectAll().where('workspace_id', '=', workspaceId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(sha256(secret));
    expect(JSON.stringify(rows)).not.toContain(secret);

    const revoked = await del(owner.c, `/workspaces/${workspaceId}/api-keys/${apiKey.id}`);
    expect(revoked.status).toBe(200);
    expect((await owner.c.get(`/workspaces/${workspaceId}/api-keys`)).body.apiKeys).toEqual([]);
    expect((await del(owner.c, `/workspaces/${workspaceId}/api-keys/${apiKey.id}`)).status).toBe(404);
    expect(await auditActions(t, workspaceId)).toEqual(['api_key.create', 'api_key.revoke', 'workspace.create']);
    const trail = await t.db.kysely.selectFrom('audit_log').select('details').where('workspace_id', '=', workspaceId).execute();
    expect(JSON.stringify(trail)).not.toContain(secret);
  });

  it('keeps keys to owners: a member gets 403, a stranger 404, and another workspace’s key id is 404', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const member = await person(t, 'Mel Member');
    const stranger = await person(t, 'Sam Stranger');
    const workspaceId = await createWorkspace(owner, 'Shared');
    const { token } = await invite(t, owner, workspaceId, member.email);
    expect((await member.c.post('/invitations/accept', { token })).status).toBe(200);

    expect((await member.c.get(`/workspaces/${workspaceId}/api-keys`)).status).toBe(403);
    expect((await member.c.post(`/workspaces/${workspaceId}/api-keys`, { name: 'Mine' })).status).toBe(403);
    expect((await stranger.c.get(`/workspaces/${workspaceId}/api-keys`)).status).toBe(404);
    expect((await stranger.c.post(`/workspaces/${workspaceId}/api-keys`, { name: 'Mine' })).status).toBe(404);

    const { body } = await owner.c.post(`/workspaces/${workspaceId}/api-keys`, { name: 'CI' });
    const strangersWorkspace = await currentWorkspaceId(stranger);
    expect((await del(stranger.c, `/workspaces/${strangersWorkspace}/api-keys/${body.apiKey.id}`)).status).toBe(404);
    expect((await del(member.c, `/workspaces/${workspaceId}/api-keys/${body.apiKey.id}`)).status).toBe(403);
    expect((await owner.c.get(`/workspaces/${workspaceId}/api-keys`)).body.apiKeys).toHaveLength(1);
    expect((await stranger.c.get(`/workspaces/${strangersWorkspace}/api-keys`)).body.apiKeys).toEqual([]);
  });

  it('refuses bad input with a sentence and creates nothing', async () => {
    const t = app();
    const owner = await person(t);
    const workspaceId = await currentWorkspaceId(owner);
    const path = `/workspaces/${workspaceId}/api-keys`;
    const cases: Array<[unknown, string]> = [
      [{}, 'Key name is required.'],
      [{ name: '  ' }, 'Key name is required.'],
      [{ name: 'x'.repeat(81) }, 'Key name must be at most 80 characters.'],
      [{ name: 'ok', expiresInDays: 12 }, 'Expiry must be one of 7, 30, 90, 365 days, or null for none.'],
      [{ name: 'ok', secret: 'tsr_mine' }, 'Unexpected field: "secret".'],
    ];
    for (const [body, error] of cases) {
      const answer = await owner.c.post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error });
    }
    expect((await owner.c.get(path)).body.apiKeys).toEqual([]);
  });

  it('caps live keys per workspace: the one past the cap is refused, and revoking one makes room', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const workspaceId = await currentWorkspaceId(owner);
    const made: string[] = [];
    for (let i = 0; i < MAX_LIVE_KEYS; i++) {
      const answer = await owner.c.post(`/workspaces/${workspaceId}/api-keys`, { name: `Key ${i + 1}` });
      expect(answer.status).toBe(201);
      made.push(answer.body.apiKey.id);
    }
    const refused = await owner.c.post(`/workspaces/${workspaceId}/api-keys`, { name: 'One too many' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: apiKeyError.tooManyKeys(MAX_LIVE_KEYS) });
    expect((await owner.c.get(`/workspaces/${workspaceId}/api-keys`)).body.apiKeys).toHaveLength(MAX_LIVE_KEYS);
    // Another workspace has its own room.
    const other = await createWorkspace(owner, 'Other');
    expect((await owner.c.post(`/workspaces/${other}/api-keys`, { name: 'Elsewhere' })).status).toBe(201);
    expect((await del(owner.c, `/workspaces/${workspaceId}/api-keys/${made[0]}`)).status).toBe(200);
    expect((await owner.c.post(`/workspaces/${workspaceId}/api-keys`, { name: 'In its place' })).status).toBe(201);
  });

  it('stops a key the moment the owner who made it is made a member, and lets it work again when they are owner again', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const workspaceId = await currentWorkspaceId(owner);
    const second = await person(t, 'Seth Second');
    const { token } = await invite(t, owner, workspaceId, second.email);
    expect((await second.c.post('/invitations/accept', { token })).status).toBe(200);
    expect((await owner.c.put(`/workspaces/${workspaceId}/members/${second.id}`, { role: 'owner' })).status).toBe(200);
    const secret = (await owner.c.post(`/workspaces/${workspaceId}/api-keys`, { name: 'Owner made' })).body.secret as string;
    const key = keyClient(t.url, secret);
    expect((await key.post('/tasks', { title: 'While owner' })).status).toBe(201);

    expect((await second.c.put(`/workspaces/${workspaceId}/members/${owner.id}`, { role: 'member' })).status).toBe(200);
    const demoted = await key.post('/tasks', { title: 'After demotion' });
    expect(demoted.status).toBe(401);
    expect((await key.get('/tasks')).status).toBe(401);

    expect((await second.c.put(`/workspaces/${workspaceId}/members/${owner.id}`, { role: 'owner' })).status).toBe(200);
    expect((await key.get('/tasks')).body.tasks.map((task: { title: string }) => task.title)).toEqual(['While owner']);
  });

  // Outside production every answer goes through its route's response schema, so an answer that drifts
  // from it (here a key whose stored prefix is not one) fails the test that reads it instead of reaching
  // the browser unnoticed.
  it('refuses to answer what its response schema does not allow', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const workspaceId = await currentWorkspaceId(owner);
    expect((await owner.c.post(`/workspaces/${workspaceId}/api-keys`, { name: 'Zapier' })).status).toBe(201);
    await t.db.kysely.updateTable('api_keys').set({ prefix: 'drifted' }).where('workspace_id', '=', workspaceId).execute();
    expect((await owner.c.get(`/workspaces/${workspaceId}/api-keys`)).status).toBe(500);
  });
});
