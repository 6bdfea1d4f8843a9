import { describe, expect, it } from 'vitest';
import { client, createVerifiedUser, signedInClient, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask } from '#src/server/tasks/test-helpers.ts';
import { createWorkspace, currentWorkspaceId, del, invite, person } from '#src/server/workspaces/test-helpers.ts';
import { enableTwoFactor } from './test-helpers.ts';

describe.each(engines)('data export on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it('downloads a JSON file of the profile, workspaces, tasks, comments, sessions and security events, and nothing secret', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const team = await createWorkspace(owner, 'Olive Team');
    const mate = await person(t, 'Mabel Mate');
    const personal = await currentWorkspaceId(mate);
    const { token } = await invite(t, owner, team, mate.email);
    expect((await mate.c.post('/invitations/accept', { token })).status).toBe(200);
    const stranger = await person(t, 'Stan Stranger');
    const strangerWorkspace = await createWorkspace(stranger, 'Stranger Things');
    const { recoveryCodes, secret } = await enableTwoFactor(mate.c);
    // Tasks and comments: hers, the owner's, and the stranger's.
    const hers = await createTask(mate.c, team, { title: 'Mabel writes the launch email', labels: ['launch'] });
    const ownersTask = await createTask(owner.c, team, { title: 'Olive reviews pricing' });
    const binned = await createTask(mate.c, team, { title: 'Mabel binned this' });
    expect((await del(mate.c, `/workspaces/${team}/tasks/${binned.id}`)).status).toBe(200);
    expect((await mate.c.post(`/workspaces/${team}/tasks/${ownersTask.id}/comments`, { body: 'Mabel: looks right' })).status).toBe(201);
    expect((await owner.c.post(`/workspaces/${team}/tasks/${hers.id}/comments`, { body: 'Olive: thanks' })).status).toBe(201);
    await createTask(stranger.c, strangerWorkspace, { title: 'Stranger secret plan' });

    const answer = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: [...mate.c.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="tessera-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: mate.id, name: 'Mabel Mate', email: mate.email });
    expect(data.signIn).toEqual({ password: true, google: false, twoFactor: true });
    const names = data.workspaces.map((w: { name: string }) => w.name).sort();
    expect(names).toEqual(["Mabel Mate's workspace", 'Olive Team'].sort());
    expect(data.workspaces.find((w: { id: string }) => w.id === team)).toMatchObject({ role: 'member', createdByYou: false });
    expect(data.workspaces.find((w: { id: string }) => w.id === personal)).toMatchObject({ role: 'owner', createdByYou: true });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).toMatchObject({ ip: '127.0.0.1' });
    expect(data.tasksCreated).toEqual([
      expect.objectContaining({
        id: hers.id,
        workspaceId: team,
        title: 'Mabel writes the launch email',
        labels: ['launch'],
        status: 'To do',
      }),
    ]);
    expect(data.commentsWritten).toEqual([expect.objectContaining({ taskId: ownersTask.id, body: 'Mabel: looks right' })]);
    expect(text).not.toContain('Olive: thanks');
    expect(text).not.toContain('Stranger secret plan');
    expect(data.securityEvents.map((e: { action: string }) => e.action)).toContain('two-factor.enable');

    // Nothing of another account, and nothing secret of this one.
    expect(text).not.toContain(strangerWorkspace);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain(await currentWorkspaceId(stranger));
    const user = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', mate.id).executeTakeFirstOrThrow();
    expect(text).not.toContain(user.password_hash!);
    expect(text).not.toMatch(/argon2|token_hash|password_hash|secret/i);
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
    for (const { token_hash } of await t.db.kysely.selectFrom('sessions').select('token_hash').execute())
      expect(text).not.toContain(token_hash);
    for (const value of mate.c.jar.values()) expect(text).not.toContain(value);
    // The download itself is in the trail.
    expect((await mate.c.get('/account/security')).body.events[0].action).toBe('account.export');
  });

  it('needs a session', async () => {
    const t = app();
    expect((await client(t.url).get('/account/export')).status).toBe(401);
    const account = await createVerifiedUser(t);
    expect((await (await signedInClient(t, account)).get('/account/export')).status).toBe(200);
  });
});
