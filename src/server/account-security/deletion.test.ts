import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityError } from '#src/shared/account-security/messages.ts';
import { serverError } from '#src/shared/server-messages.ts';
import { client, startTestApp, useTestApp, whoAmI, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { startFakeGoogle } from '../../../tests/support/fake-google.ts';
import { auditActions, createWorkspace, currentWorkspaceId, del, invite, person, type Person } from '../../../tests/support/workspaces.ts';
import { createTask } from '../../../tests/support/tasks.ts';
import { enableTwoFactor } from '../../../tests/support/two-factor.ts';

const PASSWORD = 'tessera-pass-1';

async function join(t: TestApp, owner: Person, workspaceId: string, member: Person) {
  const { token } = await invite(t, owner, workspaceId, member.email);
  expect((await member.c.post('/invitations/accept', { token })).status).toBe(200);
}

describe.each(engines)('account deletion on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it('refuses while they are the only owner of a workspace with other members, and changes nothing', async () => {
    const t = app();
    const owner = await person(t, 'Oona Owner');
    const team = await createWorkspace(owner, 'Oona Crew');
    await join(t, owner, team, await person(t, 'Milo Member'));
    const answer = await del(owner.c, '/account', { password: PASSWORD });
    expect(answer).toMatchObject({ status: 409, body: { error: securityError.soleOwner(['Oona Crew']) } });
    expect(answer.body.error).toContain('Make another member an owner, or delete the workspace');
    expect(await whoAmI(owner.c)).toBe(owner.email);
    expect(await t.db.kysely.selectFrom('workspaces').select('id').where('id', '=', team).execute()).toHaveLength(1);
  });

  it('needs the right password', async () => {
    const t = app();
    const p = await person(t);
    expect(await del(p.c, '/account', { password: 'not-the-password' })).toMatchObject({
      status: 400,
      body: { error: securityError.passwordWrong },
    });
    expect((await del(p.c, '/account', {})).status).toBe(400);
    expect(await whoAmI(p.c)).toBe(p.email);
  });

  it('deletes the account: sessions end, sole workspaces go, shared ones stay, email sent, no sign-in after', async () => {
    const t = app();
    const leaver = await person(t, 'Lee Leaver');
    const personal = await currentWorkspaceId(leaver);
    const elsewhere = (await client(t.url).post('/login', { email: leaver.email, password: PASSWORD })).status;
    expect(elsewhere).toBe(200);
    const otherBrowser = client(t.url);
    await otherBrowser.post('/login', { email: leaver.email, password: PASSWORD });
    await enableTwoFactor(leaver.c);
    // A shared workspace with a second owner (it stays), and one they joined as a member (it stays).
    const boss = await person(t, 'Bo Boss');
    const shared = await createWorkspace(boss, 'Shared Space');
    await join(t, boss, shared, leaver);
    const coOwned = await createWorkspace(leaver, 'Co-owned');
    const partner = await person(t, 'Pat Partner');
    await join(t, leaver, coOwned, partner);
    expect((await leaver.c.put(`/workspaces/${coOwned}/members/${partner.id}`, { role: 'owner' })).status).toBe(200);
    // Their content in the shared workspace: a task they created, one assigned to them, a comment.
    const theirs = await createTask(leaver.c, shared, { title: 'Lee drafts the plan' });
    const assigned = await createTask(boss.c, shared, { title: 'Lee reviews', assigneeId: leaver.id });
    expect(assigned.assignee?.id).toBe(leaver.id);
    expect((await leaver.c.post(`/workspaces/${shared}/tasks/${assigned.id}/comments`, { body: 'On it' })).status).toBe(201);

    const answer = await del(leaver.c, '/account', { password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().join()).toMatch(/max-age=0|expires=thu, 01 jan 1970/i);
    expect(await whoAmI(leaver.c)).toBeNull();
    expect(await whoAmI(otherBrowser)).toBeNull();
    await t.mail.waitFor(leaver.email, (m) => /account is deleted/.test(m.subject));

    const k = t.db.kysely;
    expect(await k.selectFrom('users').select('id').where('id', '=', leaver.id).execute()).toEqual([]);
    for (const table of ['sessions', 'memberships', 'two_factor', 'recovery_codes', 'sign_in_challenges'] as const) {
      expect(await k.selectFrom(table).select('user_id').where('user_id', '=', leaver.id).execute(), table).toEqual([]);
    }
    expect(await k.selectFrom('workspaces').select('id').where('id', '=', personal).execute()).toEqual([]);
    const kept = await k.selectFrom('workspaces').select(['id', 'created_by']).where('id', 'in', [shared, coOwned]).execute();
    expect(kept).toHaveLength(2);
    // Their content outlives them with no author: the screens show "Deleted user".
    expect(kept.find((w) => w.id === coOwned)?.created_by).toBeNull();
    expect(await auditActions(t, shared)).toContain('member.leave');
    const kept1 = (await boss.c.get(`/workspaces/${shared}/tasks/${theirs.id}`)).body.task;
    expect(kept1).toMatchObject({ title: 'Lee drafts the plan', createdBy: null });
    expect((await boss.c.get(`/workspaces/${shared}/tasks/${assigned.id}`)).body.task.assignee).toBeNull();
    const comments = (await boss.c.get(`/workspaces/${shared}/tasks/${assigned.id}/comments`)).body.comments;
    expect(comments).toEqual([expect.objectContaining({ body: 'On it', author: null })]);
    expect(await auditActions(t, personal)).toContain('workspace.delete');
    // The trail keeps one event with no personal data.
    const events = await k.selectFrom('account_events').selectAll().where('user_id', '=', leaver.id).execute();
    expect(events.map((e) => [e.action, e.ip])).toEqual([['account.delete', null]]);

    const again = await client(t.url).post('/login', { email: leaver.email, password: PASSWORD });
    expect(again).toMatchObject({ status: 401, body: { error: serverError.badCredentials } });
    // The address is free for a new account.
    expect((await client(t.url).post('/register', { name: 'Lee Again', email: leaver.email, password: 'another-pass-42' })).status).toBe(
      201,
    );
  });
});

describe.each(engines)('what a deleted account leaves in shared workspaces on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000', WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_POLL_MS: '0' } });

  it('disables the webhooks they made and keeps no address of theirs in the audit trail', async () => {
    const t = app();
    const leaving = await person(t, 'Lena Leaving');
    const staying = await person(t, 'Sam Staying');
    const team = await createWorkspace(leaving, 'Shared crew');
    await join(t, leaving, team, staying);
    expect((await leaving.c.put(`/workspaces/${team}/members/${staying.id}`, { role: 'owner' })).status).toBe(200);
    const made = await leaving.c.post(`/workspaces/${team}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: ['task.created'] });
    expect(made.status).toBe(201);
    const ips = () =>
      t.db.kysely.selectFrom('audit_log').select('ip').where('actor_user_id', '=', leaving.id).where('ip', 'is not', null).execute();
    expect((await ips()).length).toBeGreaterThan(0);

    expect((await del(leaving.c, '/account', { password: PASSWORD })).status).toBe(200);
    expect(await ips()).toEqual([]);
    const endpoint = (await staying.c.get(`/workspaces/${team}/webhooks`)).body.endpoints[0];
    expect(endpoint).toMatchObject({ id: made.body.endpoint.id, enabled: false });
    expect(await auditActions(t, team)).toContain('webhook.disable');
    // The workspace and its other owner carry on.
    expect((await staying.c.post(`/workspaces/${team}/tasks`, { title: 'Still ours' })).status).toBe(201);
  });
});

describe.each(engines)('deleting a Google-only account on %s', (engine) => {
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  let t: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await startTestApp(engine, { env: { ...google.env, RATE_LIMIT_MULTIPLIER: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('asks for a fresh Google sign-in of the same account instead of a password', async () => {
    const identity = google.identity();
    const c = client(t.url);
    expect((await c.post('/firebase-auth', { idToken: await google.idToken(identity) })).status).toBe(200);
    expect(await del(c, '/account', { password: 'anything-at-all' })).toMatchObject({
      status: 400,
      body: { error: securityError.googleOnlyNeedsGoogle },
    });
    expect(await del(c, '/account', { idToken: await google.idToken(google.identity()) })).toMatchObject({
      status: 400,
      body: { error: securityError.googleMismatch },
    });
    expect((await del(c, '/account', { idToken: await google.idToken(identity) })).status).toBe(200);
    expect(await whoAmI(c)).toBeNull();
    await t.mail.waitFor(identity.email, (m) => /account is deleted/.test(m.subject));
  });
});
