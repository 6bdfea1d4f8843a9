import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { securityError } from '#src/shared/account-security/messages.ts';
import { EXPORT_AVAILABLE_MS, type AccountExportInfo } from '#src/shared/account-security/paths.ts';
import { personLimits } from '#src/server/http/rate-limit.ts';
import { client, createVerifiedUser, signedInClient, useTestApp, type Client, type TestApp } from '../../../tests/support/test-app.ts';
import { softAuthenticator } from '../../../tests/support/soft-authenticator.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask } from '../../../tests/support/tasks.ts';
import { createWorkspace, currentWorkspaceId, del, invite, person } from '../../../tests/support/workspaces.ts';
import { enableTwoFactor } from '../../../tests/support/two-factor.ts';

// The job runner is driven by hand here, so each step is seen as a person would see it.
const manualJobs = { JOBS_POLL_MS: '0' };

// Asks for an export, lets the background job make it, and answers the ready export.
async function prepared(t: TestApp, c: Client): Promise<AccountExportInfo> {
  const asked = await c.post('/account/exports', {});
  expect(asked.status).toBe(202);
  expect(asked.body.export).toMatchObject({ status: 'pending', readyAt: null });
  await t.app.jobs.runDue();
  const listed = (await c.get('/account/exports')).body.exports as AccountExportInfo[];
  const ready = listed.find((one) => one.id === asked.body.export.id)!;
  expect(ready).toMatchObject({ status: 'ready' });
  return ready;
}

const download = (t: TestApp, c: Client, id: string) =>
  fetch(`${t.url}/api/account/exports/${id}/download`, { headers: { cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });

describe.each(engines)('data export on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000', ...manualJobs } });

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
    const options = (await mate.c.post('/account/passkeys/options', {})).body;
    const registration = softAuthenticator().register(options.options, { origin: t.config.publicOrigin });
    expect(
      (await mate.c.post('/account/passkeys', { challengeId: options.challengeId, name: 'Mabel laptop', response: registration })).status,
    ).toBe(201);
    // Tasks and comments: hers, the owner's, and the stranger's.
    const hers = await createTask(mate.c, team, { title: 'Mabel writes the launch email', labels: ['launch'] });
    const ownersTask = await createTask(owner.c, team, { title: 'Olive reviews pricing' });
    const binned = await createTask(mate.c, team, { title: 'Mabel binned this' });
    expect((await del(mate.c, `/workspaces/${team}/tasks/${binned.id}`)).status).toBe(200);
    expect((await mate.c.post(`/workspaces/${team}/tasks/${ownersTask.id}/comments`, { body: 'Mabel: looks right' })).status).toBe(201);
    expect((await owner.c.post(`/workspaces/${team}/tasks/${hers.id}/comments`, { body: 'Olive: thanks' })).status).toBe(201);
    await createTask(stranger.c, strangerWorkspace, { title: 'Stranger secret plan' });

    const ready = await prepared(t, mate.c);
    const answer = await download(t, mate.c, ready.id);
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
    expect(data.passkeys).toEqual([expect.objectContaining({ name: 'Mabel laptop', lastUsedAt: null })]);

    // Nothing of another account, and nothing secret of this one.
    expect(text).not.toContain(strangerWorkspace);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain(await currentWorkspaceId(stranger));
    const user = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', mate.id).executeTakeFirstOrThrow();
    expect(text).not.toContain(user.password_hash!);
    expect(text).not.toMatch(/argon2|token_hash|password_hash|secret/i);
    expect(text).not.toContain(secret);
    const passkey = await t.db.kysely.selectFrom('passkeys').select('public_key').executeTakeFirstOrThrow();
    expect(text).not.toContain(passkey.public_key);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
    for (const { token_hash } of await t.db.kysely.selectFrom('sessions').select('token_hash').execute())
      expect(text).not.toContain(token_hash);
    for (const value of mate.c.jar.values()) expect(text).not.toContain(value);
    expect(Number(answer.headers.get('content-length'))).toBe(ready.sizeBytes);
    // The request is in the trail.
    expect((await mate.c.get('/account/security')).body.events[0].action).toBe('account.export');
  });

  it('is made in the background, announced by email, downloaded only by its owner, and gone after a day', async () => {
    const t = app();
    const owner = await person(t, 'Otto Owner');
    const asked = await owner.c.post('/account/exports', {});
    expect(asked.status).toBe(202);
    // Asking again while it is being made answers the same one.
    expect((await owner.c.post('/account/exports', {})).body.export.id).toBe(asked.body.export.id);
    expect((await owner.c.get('/account/exports')).body.exports).toEqual([asked.body.export]);
    // Not ready yet: nothing to download.
    expect(await (await download(t, owner.c, asked.body.export.id)).json()).toEqual({ error: securityError.exportNotFound });
    await t.app.jobs.runDue();
    const mail = await t.mail.waitFor(owner.email, (m) => /ready to download/.test(m.subject));
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`${t.config.publicOrigin}/profile-settings#security-export`);
    const [ready] = (await owner.c.get('/account/exports')).body.exports as AccountExportInfo[];
    expect(ready).toMatchObject({ id: asked.body.export.id, status: 'ready' });
    expect(Date.parse(ready!.expiresAt!) - Date.parse(ready!.readyAt!)).toBe(EXPORT_AVAILABLE_MS);
    const file = join(t.config.dataDir, 'exports', `${ready!.id}.json`);
    expect(existsSync(file)).toBe(true);

    // Someone else, signed in, gets "not found" for it and never sees it listed; a guest must sign in.
    const stranger = await person(t, 'Sid Stranger');
    const refused = await download(t, stranger.c, ready!.id);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: securityError.exportNotFound });
    expect((await stranger.c.get('/account/exports')).body.exports).toEqual([]);
    expect((await download(t, client(t.url), ready!.id)).status).toBe(401);
    expect((await download(t, owner.c, ready!.id)).status).toBe(200);

    // A day later: no longer offered, and the sweep deletes the file.
    t.clock.advance(EXPORT_AVAILABLE_MS + 60 * 60_000);
    expect((await download(t, owner.c, ready!.id)).status).toBe(404);
    expect((await owner.c.get('/account/exports')).body.exports).toEqual([]);
    await t.app.jobs.runDue();
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(join(t.config.dataDir, 'exports')).filter((name) => name.startsWith(ready!.id))).toEqual([]);
  });

  it('refuses a body with anything in it, and changes nothing', async () => {
    const t = app();
    const c = await signedInClient(t, await createVerifiedUser(t));
    const answer = await c.post('/account/exports', { everything: true });
    expect(answer.status).toBe(400);
    expect(typeof answer.body.error).toBe('string');
    expect((await c.get('/account/exports')).body.exports).toEqual([]);
  });

  it('needs a session', async () => {
    const t = app();
    expect((await client(t.url).get('/account/exports')).status).toBe(401);
    expect((await client(t.url).post('/account/exports', {})).status).toBe(401);
    const account = await createVerifiedUser(t);
    expect((await (await signedInClient(t, account)).get('/account/exports')).status).toBe(200);
  });
});

describe.each(engines)('how often data can be exported on %s', (engine) => {
  const app = useTestApp(engine, { env: manualJobs });

  it('allows five exports an hour per person, then says when to try again, without stopping anyone else', async () => {
    const t = app();
    const c = await signedInClient(t, await createVerifiedUser(t));
    for (let i = 0; i < personLimits.accountExport.person.max; i++) await prepared(t, c);
    const refused = await c.post('/account/exports', {});
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/) });
    const other = await signedInClient(t, await createVerifiedUser(t));
    expect((await other.post('/account/exports', {})).status).toBe(202);
  });
});
