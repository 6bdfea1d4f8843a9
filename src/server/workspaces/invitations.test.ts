import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workspaceError, workspaceNotice } from '#src/shared/workspaces/messages.ts';
import { INVITATION_TTL_MS } from '#src/shared/workspaces/paths.ts';
import { hashPassword } from '#src/server/accounts/passwords.ts';
import { createUsers } from '#src/server/accounts/users.ts';
import { invitationLimits } from '#src/server/http/rate-limit.ts';
import { startSmtpSink } from '../../../tests/support/smtp-sink.ts';
import { client, signedInClient, startTestApp, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { cookieOf } from '../../../tests/support/tasks.ts';
import { engines } from '../../../tests/support/test-db.ts';
import {
  auditActions,
  createWorkspace,
  currentWorkspaceId,
  decodedMail,
  decodedSubject,
  del,
  invite,
  person,
} from '../../../tests/support/workspaces.ts';

// An owner invites by email; the link (a 256-bit token, stored hashed) joins that address
// once, within 7 days, unless revoked; sending is rate limited per user and per workspace.
describe.each(engines)('invitations on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('emails the invitee a link whose token is stored only as a hash, with names escaped in HTML', async () => {
    const owner = await person(t, 'Olive & <Co>');
    const id = await createWorkspace(owner, '<b>Launch</b> "crew"');
    const email = 'Invitee.One@Example.com';
    const answer = await owner.c.post(`/workspaces/${id}/invitations`, { email });
    expect(answer.status).toBe(201);
    expect(answer.body.invitation).toMatchObject({ email: 'invitee.one@example.com', invitedBy: 'Olive & <Co>' });
    expect(Date.parse(answer.body.invitation.expiresAt) - Date.parse(answer.body.invitation.createdAt)).toBe(INVITATION_TTL_MS);

    const mail = await t.mail.waitFor('invitee.one@example.com');
    // The address may have no account yet: the subject carries no text a user chose.
    expect(decodedSubject(mail)).toBe('You are invited to a workspace on Tessera');
    const body = decodedMail(mail);
    const token = new RegExp(`${t.url}/invitations#([A-Za-z0-9_-]{43})`).exec(body)?.[1];
    expect(token).toBeDefined();
    expect(Buffer.from(token!, 'base64url')).toHaveLength(32);
    expect(mail.subject).not.toContain(token!);
    // Plain text as typed in the text part; escaped in the HTML part.
    const [text, html] = body.split('Content-Type: text/html');
    expect(text).toContain('Olive & <Co> invited you to join the workspace "<b>Launch</b> "crew""');
    expect(html).toContain('&lt;b&gt;Launch&lt;/b&gt; &quot;crew&quot;');
    expect(html).toContain('Olive &amp; &lt;Co&gt;');
    expect(html).not.toContain('<b>Launch</b>');
    expect(html).toContain(`href="${t.url}/invitations#${token}"`);

    const rows = await t.db.kysely.selectFrom('invitations').selectAll().where('workspace_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token!);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('workspace_id', '=', id)
      .where('action', '=', 'invitation.create')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_user_id: owner.id, target: 'invitee.one@example.com' })]);
  });

  it('shows what a link is for without a session, then joins the invited person once', async () => {
    const owner = await person(t, 'Olive Owner');
    const id = await createWorkspace(owner, 'Shared');
    const invitee = await person(t, 'Ivy Invitee');
    const { token } = await invite(t, owner, id, invitee.email);

    const preview = await client(t.url).post('/invitations/lookup', { token });
    expect(preview.status).toBe(200);
    expect(preview.body.invitation).toMatchObject({ workspaceName: 'Shared', invitedBy: 'Olive Owner', email: invitee.email });

    const accepted = await invitee.c.post('/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ alreadyMember: false, workspace: { id, name: 'Shared', role: 'member', memberCount: 2 } });
    // They land in it.
    expect((await invitee.c.get('/workspaces')).body.currentId).toBe(id);
    expect((await owner.c.get(`/workspaces/${id}`)).body.invitations).toEqual([]);
    expect(await auditActions(t, id)).toContain('invitation.accept');

    // Single use.
    for (const answer of [
      await invitee.c.post('/invitations/accept', { token }),
      await client(t.url).post('/invitations/lookup', { token }),
    ]) {
      expect(answer.status).toBe(410);
      expect(answer.body).toEqual({ error: workspaceError.invitationInvalid });
    }
  });

  it('lets a person register from the link and land in the shared workspace', async () => {
    const owner = await person(t, 'Olive Owner');
    const id = await createWorkspace(owner, 'Shared');
    const email = 'newcomer@example.com';
    const { token } = await invite(t, owner, id, email);
    const newcomer = await person(t, 'Nia Newcomer', email);
    expect((await newcomer.c.post('/invitations/accept', { token })).status).toBe(200);
    const list = await newcomer.c.get('/workspaces');
    expect(list.body.currentId).toBe(id);
    // Belonging to a workspace already, they get no personal one.
    expect(list.body.workspaces.map((w: { name: string }) => w.name)).toEqual(['Shared']);
  });

  it('does not join a different signed-in person, and stays usable for the right one', async () => {
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const invitee = await person(t, 'Ivy Invitee');
    const other = await person(t, 'Oscar Other');
    const { token } = await invite(t, owner, id, invitee.email);
    const refused = await other.c.post('/invitations/accept', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(workspaceError.invitationOtherEmail(invitee.email));
    expect((await other.c.get(`/workspaces/${id}`)).status).toBe(404);
    expect((await invitee.c.post('/invitations/accept', { token })).status).toBe(200);
  });

  it('expires after 7 days', async () => {
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const invitee = await person(t, 'Late Larry');
    const { token } = await invite(t, owner, id, invitee.email);
    t.clock.advance(INVITATION_TTL_MS - 60_000);
    expect((await client(t.url).post('/invitations/lookup', { token })).status).toBe(200);
    t.clock.advance(120_000);
    expect((await client(t.url).post('/invitations/lookup', { token })).body).toEqual({ error: workspaceError.invitationInvalid });
    const accepted = await invitee.c.post('/invitations/accept', { token });
    expect(accepted.status).toBe(410);
    expect((await owner.c.get(`/workspaces/${id}`)).body.invitations).toEqual([]);
    expect((await invitee.c.get(`/workspaces/${id}`)).status).toBe(404);
  });

  it('can be revoked by an owner before it is used', async () => {
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const invitee = await person(t, 'Ivy Invitee');
    const { token, id: invitationId } = await invite(t, owner, id, invitee.email);
    const revoked = await del(owner.c, `/workspaces/${id}/invitations/${invitationId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ok: true, message: workspaceNotice.revoked });
    expect((await invitee.c.post('/invitations/accept', { token })).body).toEqual({ error: workspaceError.invitationInvalid });
    const again = await del(owner.c, `/workspaces/${id}/invitations/${invitationId}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(workspaceError.invitationNotFound);
    const row = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('workspace_id', '=', id)
      .where('action', '=', 'invitation.revoke')
      .execute();
    expect(row).toEqual([expect.objectContaining({ target: invitee.email, actor_user_id: owner.id })]);
  });

  it('sends a fresh link when an address is invited again; the old one stops working', async () => {
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const invitee = await person(t, 'Ivy Invitee');
    const first = await invite(t, owner, id, invitee.email);
    const second = await invite(t, owner, id, invitee.email);
    expect(second.token).not.toBe(first.token);
    expect((await owner.c.get(`/workspaces/${id}`)).body.invitations.map((i: { id: string }) => i.id)).toEqual([second.id]);
    expect((await invitee.c.post('/invitations/accept', { token: first.token })).status).toBe(410);
    expect((await invitee.c.post('/invitations/accept', { token: second.token })).status).toBe(200);
  });

  it('refuses to invite someone who is already a member, whatever the case of the address', async () => {
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const invitee = await person(t, 'Ivy Invitee');
    const { token } = await invite(t, owner, id, invitee.email);
    await invitee.c.post('/invitations/accept', { token });
    const refused = await owner.c.post(`/workspaces/${id}/invitations`, { email: invitee.email.toUpperCase() });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(workspaceError.alreadyMember(invitee.email));
    expect((await owner.c.get(`/workspaces/${id}`)).body.invitations).toEqual([]);
  });

  it('answers alreadyMember when the invitee had joined by another link', async () => {
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const invitee = await person(t, 'Ivy Invitee');
    const { token: firstToken } = await invite(t, owner, id, invitee.email);
    // Two links for one address cannot both be pending (the second replaces the first), so the second
    // link here is made the way a second owner's invitation would race: straight into the table.
    const { token: secondToken } = await invite(t, owner, id, 'placeholder@example.com');
    await t.db.kysely.updateTable('invitations').set({ email: invitee.email }).where('email', '=', 'placeholder@example.com').execute();
    expect((await invitee.c.post('/invitations/accept', { token: firstToken })).body.alreadyMember).toBe(false);
    const again = await invitee.c.post('/invitations/accept', { token: secondToken });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyMember: true, workspace: { id, role: 'member' } });
    expect((await invitee.c.post('/invitations/accept', { token: secondToken })).status).toBe(410);
  });

  it('lets exactly one of several simultaneous accepts of one link through', async () => {
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const invitee = await person(t, 'Ivy Invitee');
    const { token } = await invite(t, owner, id, invitee.email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => invitee.c.post('/invitations/accept', { token })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(5);
    const accepts = await t.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('workspace_id', '=', id)
      .where('action', '=', 'invitation.accept')
      .execute();
    expect(accepts).toHaveLength(1);
  });

  it('refuses bad input with a clear message and sends nothing', async () => {
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const sent = t.mail.messages.length;
    const bad = [
      [{}, 'Email is required.'],
      [{ email: 'not-an-email' }, 'Enter a valid email address.'],
      [{ email: ['a@example.com'] }, 'Email must be text.'],
      [{ email: 'a@example.com', role: 'owner' }, 'Unexpected field: "role".'],
    ] as const;
    for (const [body, error] of bad) {
      const answer = await owner.c.post(`/workspaces/${id}/invitations`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(error);
    }
    for (const token of ['short', 'x'.repeat(43) + '=', 42]) {
      const answer = await owner.c.post('/invitations/accept', { token });
      expect(answer.status).toBe(400);
    }
    expect((await client(t.url).post('/invitations/lookup', { token: 'A'.repeat(43) })).status).toBe(410);
    expect((await owner.c.post(`/workspaces/${id}/open`, { extra: 1 })).body.error).toBe('Unexpected field: "extra".');
    expect(
      (await owner.c.post(`/workspaces/${id}/invitations`, 'email=a@example.com', { 'content-type': 'application/x-www-form-urlencoded' }))
        .status,
    ).toBe(415);
    expect(
      (await owner.c.post(`/workspaces/${id}/invitations`, { email: 'x@example.com' }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(await t.db.kysely.selectFrom('invitations').select('id').where('workspace_id', '=', id).execute()).toEqual([]);
    expect(t.mail.messages.length).toBe(sent);
  });

  it('limits invitations per inviting user, across workspaces, with Retry-After', async () => {
    const owner = await person(t);
    const first = await currentWorkspaceId(owner);
    const second = await createWorkspace(owner, 'Second');
    const max = invitationLimits.user.max;
    for (let i = 0; i < max; i++) {
      const target = i % 2 ? first : second;
      expect((await owner.c.post(`/workspaces/${target}/invitations`, { email: `spray${i}@example.com` })).status).toBe(201);
    }
    const limited = await owner.c.post(`/workspaces/${first}/invitations`, { email: 'one-more@example.com' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(t.mail.messages.some((m) => m.to.includes('one-more@example.com'))).toBe(false);
    t.clock.advance(invitationLimits.user.windowMs + 1000);
    expect((await owner.c.post(`/workspaces/${first}/invitations`, { email: 'one-more@example.com' })).status).toBe(201);
  });

  it('limits invitations per workspace, whoever of its owners sends them', async () => {
    const first = await person(t, 'Owner One');
    const id = await currentWorkspaceId(first);
    const owners = [first];
    const sentBy = [0];
    // Enough owners that their own allowances add up past the workspace's.
    while (owners.length * invitationLimits.user.max <= invitationLimits.workspace.max) {
      const next = await person(t, `Owner ${owners.length + 1}`);
      const { token } = await invite(t, first, id, next.email);
      sentBy[0]! += 1;
      await next.c.post('/invitations/accept', { token });
      await first.c.put(`/workspaces/${id}/members/${next.id}`, { role: 'owner' });
      owners.push(next);
      sentBy.push(0);
    }
    const total = () => sentBy.reduce((sum, n) => sum + n, 0);
    while (total() < invitationLimits.workspace.max) {
      const turn = sentBy.findIndex((n) => n < invitationLimits.user.max);
      const answer = await owners[turn]!.c.post(`/workspaces/${id}/invitations`, { email: `bulk${total()}@example.com` });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      sentBy[turn]! += 1;
    }
    // An owner with allowance of their own left is still stopped by the workspace's…
    const spare = sentBy.findIndex((n) => n < invitationLimits.user.max);
    expect(spare).toBeGreaterThanOrEqual(0);
    const limited = await owners[spare]!.c.post(`/workspaces/${id}/invitations`, { email: 'too-many@example.com' });
    expect(limited.status).toBe(429);
    // …and can still invite to a workspace of their own.
    const theirs = await createWorkspace(owners[spare]!, 'Elsewhere');
    expect((await owners[spare]!.c.post(`/workspaces/${theirs}/invitations`, { email: 'too-many@example.com' })).status).toBe(201);
  }, 60_000);

  it('does not let a member spend the workspace allowance', async () => {
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const member = await person(t, 'Mina Member');
    const { token } = await invite(t, owner, id, member.email);
    await member.c.post('/invitations/accept', { token });
    for (let i = 0; i < invitationLimits.workspace.max + 1; i++) {
      expect((await member.c.post(`/workspaces/${id}/invitations`, { email: `m${i}@example.com` })).status).toBe(403);
    }
    expect((await owner.c.post(`/workspaces/${id}/invitations`, { email: 'still-fine@example.com' })).status).toBe(201);
  }, 60_000);
});

describe.each(engines)('invitation links with a configured origin on %s', (engine) => {
  const app = useTestApp(engine, { env: { APP_ORIGIN: 'https://tessera.example' } });

  it('point at the public origin, not the address the request came to', async () => {
    const t = app();
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    const answer = await owner.c.post(`/workspaces/${id}/invitations`, { email: 'public@example.com' });
    expect(answer.status).toBe(201);
    const mail = await t.mail.waitFor('public@example.com');
    expect(decodedMail(mail)).toMatch(/https:\/\/tessera\.example\/invitations#[A-Za-z0-9_-]{43}/);
  });
});

describe.each(engines)('invitation links without a configured origin on %s', (engine) => {
  const app = useTestApp(engine);

  it('point at the server’s own address even when the request names another host', async () => {
    const t = app();
    const owner = await person(t);
    const id = await currentWorkspaceId(owner);
    // What a misconfigured proxy passes on, or an attacker with their own account writes.
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${id}/invitations`,
      headers: { host: 'evil.example', origin: 'http://evil.example', cookie: cookieOf(owner.c), 'content-type': 'application/json' },
      payload: { email: 'victim@example.com' },
    });
    expect(answer.statusCode).toBe(201);
    const mail = decodedMail(await t.mail.waitFor('victim@example.com'));
    expect(mail).not.toContain('evil.example');
    expect(mail).toContain(`${t.url}/invitations#`);
  });
});

describe.each(engines)('an invitation whose email cannot be sent on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // A mail server that has gone away: its port refuses connections.
    const gone = await startSmtpSink();
    await gone.close();
    t = await startTestApp(engine, { mail: gone });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says so, and stays pending so the owner can send it again', async () => {
    // With no mail, no verification code arrives: the account is made verified in the database.
    const account = { email: 'olive@example.com', password: 'tessera-pass-1' };
    await createUsers(t.db).insert(
      { email: account.email, name: 'Olive Owner', passwordHash: await hashPassword(account.password), emailVerified: true },
      t.clock.now(),
    );
    const c = await signedInClient(t, account);
    const id = (await c.get('/workspaces')).body.currentId;
    const answer = await c.post(`/workspaces/${id}/invitations`, { email: 'unlucky@example.com' });
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ error: workspaceError.inviteEmailFailed });
    expect((await c.get(`/workspaces/${id}`)).body.invitations.map((i: { email: string }) => i.email)).toEqual(['unlucky@example.com']);
  });
});
