import { describe, expect, it } from 'vitest';
import type { AudienceResponse, CampaignResponse } from '#src/shared/campaigns/paths.ts';
import type { ClientPageResponse, DashboardResponse } from '#src/shared/clients/paths.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { CaughtMail } from '../../../tests/support/smtp-sink.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';
import { createWorkspace, decodedMail, decodedSubject, person } from '../../../tests/support/workspaces.ts';
import { addClient, portalSetup } from '../../../tests/support/clients.ts';
import { unsubscribeToken } from '#src/server/notifications/unsubscribe-token.ts';
import { contactUnsubscribeToken } from './unsubscribe-token.ts';

const DAY = 86_400_000;
const mailTo = (t: TestApp, email: string, since: number) => t.mail.messages.slice(since).filter((m) => m.to.includes(email.toLowerCase()));
const headerOf = (mail: CaughtMail, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(mail.raw.replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim();

// The one-click POST a mail program makes (RFC 8058): a form body, from no page of ours, with no cookie.
function oneClick(t: TestApp, url: string) {
  const { pathname, search } = new URL(url);
  return fetch(`${t.url}${pathname}${search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' },
    body: 'List-Unsubscribe=One-Click',
  });
}
const unsubscribeWith = (t: TestApp, token: string) => oneClick(t, `${t.url}/api/campaigns/unsubscribe?token=${encodeURIComponent(token)}`);

const dashboard = async (t: TestApp, c: Awaited<ReturnType<typeof team>>['owner'], id: string) =>
  (await c.c.get<DashboardResponse>(`/workspaces/${id}/dashboard`)).body;

// A team whose owner has two clients: Acme with two contacts, Birch with one.
async function withClients(t: TestApp) {
  const base = await team(t);
  const acme = await addClient(base.owner, base.id, {
    name: 'Acme',
    contacts: [
      { name: 'Ada Acme', email: `ada.${base.id}@acme.example` },
      { name: 'Abe Acme', email: `abe.${base.id}@acme.example` },
    ],
  });
  const birch = await addClient(base.owner, base.id, {
    name: 'Birch',
    contacts: [{ name: 'Bo Birch', email: `bo.${base.id}@birch.example` }],
  });
  return { ...base, acme, birch };
}

describe.each(engines)('email campaigns on %s', (engine) => {
  const app = useTestApp(engine, { env: { JOBS_POLL_MS: '0', CAMPAIGN_DAILY_LIMIT: '4', RATE_LIMIT_MULTIPLIER: '1000' } });

  it('sends one outbox email per picked contact, counts each in Emails Sent once it has left, and records who received it', async () => {
    const t = app();
    const { owner, member, id, acme, birch } = await withClients(t);
    const since = t.mail.messages.length;
    const answer = await owner.c.post<CampaignResponse>(`/workspaces/${id}/campaigns`, {
      subject: 'Our March update',
      body: 'Hello!\n\nThe **new site** launches on Monday.',
      clientIds: [acme.id],
      contactIds: [birch.contacts[0]!.id],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.campaign).toMatchObject({ subject: 'Our March update', sent: 3, skipped: 0, sentBy: 'Olive Owner' });
    expect(answer.body.recipients.map((each) => [each.name, each.status])).toEqual([
      ['Abe Acme', 'sent'],
      ['Ada Acme', 'sent'],
      ['Bo Birch', 'sent'],
    ]);
    // Nothing has left yet: Emails Sent holds only the member's invitation.
    expect((await dashboard(t, owner, id)).emailsSent).toBe(1);

    await t.app.jobs.runDue();
    const [mail] = mailTo(t, acme.contacts[0]!.email, since);
    expect(decodedSubject(mail!)).toBe('Our March update');
    expect(decodedMail(mail!)).toContain('The **new site** launches on Monday.');
    expect(decodedMail(mail!)).toContain('/unsubscribe-updates#');
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mailTo(t, birch.contacts[0]!.email, since)).toHaveLength(1);
    expect((await dashboard(t, owner, id)).emailsSent).toBe(4);
    // A second run of the worker sends and counts nothing again.
    await t.app.jobs.runDue();
    expect(t.mail.messages.length - since).toBe(3);
    expect((await dashboard(t, owner, id)).emailsSent).toBe(4);

    const record = await owner.c.get<CampaignResponse>(`/workspaces/${id}/campaigns/${answer.body.campaign.id}`);
    expect(record.body.recipients.map((each) => each.email)).toEqual(answer.body.recipients.map((each) => each.email));
    // An email sent is contact with the client, and in the activity like any change: the workspace's
    // and each reached client's.
    const birchPage = (await owner.c.get<ClientPageResponse>(`/workspaces/${id}/clients/${birch.id}`)).body;
    expect(birchPage.client.lastContactAt).not.toBeNull();
    const sentence = 'Olive Owner sent an email update to 3 contacts';
    expect(birchPage.activity.map((item) => item.text)).toContain(sentence);
    expect((await dashboard(t, owner, id)).recentActivity[0]!.text).toBe(sentence);
    // Its subject stays with the owners: the log is every member's.
    expect(JSON.stringify((await dashboard(t, member, id)).recentActivity)).not.toContain('March');
  });

  it('unsubscribes one contact with the mail’s one-click link, without signing in, and skips them from then on', async () => {
    const t = app();
    const { owner, id, acme } = await withClients(t);
    const ada = acme.contacts.find((each) => each.name === 'Ada Acme');
    const abe = acme.contacts.find((each) => each.name === 'Abe Acme');
    const since = t.mail.messages.length;
    await owner.c.post(`/workspaces/${id}/campaigns`, { subject: 'First', body: 'One', contactIds: [ada!.id] });
    await t.app.jobs.runDue();
    const [mail] = mailTo(t, ada!.email, since);
    const link = /<([^>]+)>/.exec(headerOf(mail!, 'List-Unsubscribe')!)![1]!;
    const answer = await oneClick(t, link);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, message: 'You will no longer get updates from Team by email.' });

    const page = (await owner.c.get<ClientPageResponse>(`/workspaces/${id}/clients/${acme.id}`)).body;
    expect(page.client.contacts.find((each) => each.id === ada!.id)!.unsubscribedAt).not.toBeNull();
    expect(page.client.contacts.find((each) => each.id === abe!.id)!.unsubscribedAt).toBeNull();
    const audience = (await owner.c.get<AudienceResponse>(`/workspaces/${id}/campaigns/audience`)).body;
    expect(Object.fromEntries(audience.clients[0]!.contacts.map((each) => [each.name, each.unsubscribedAt !== null]))).toEqual({
      'Ada Acme': true,
      'Abe Acme': false,
    });

    const later = t.mail.messages.length;
    const second = await owner.c.post<CampaignResponse>(`/workspaces/${id}/campaigns`, {
      subject: 'Second',
      body: 'Two',
      clientIds: [acme.id],
    });
    expect(second.body.campaign).toMatchObject({ sent: 1, skipped: 1 });
    expect((await dashboard(t, owner, id)).recentActivity[0]!.text).toBe(
      'Olive Owner sent an email update to 1 contact (1 unsubscribed, skipped)',
    );
    expect(second.body.recipients.map((each) => [each.name, each.status])).toEqual([
      ['Abe Acme', 'sent'],
      ['Ada Acme', 'unsubscribed'],
    ]);
    await t.app.jobs.runDue();
    expect(t.mail.messages.slice(later).flatMap((each) => each.to)).toEqual([abe!.email]);
    // Only unsubscribed contacts picked: nothing to send, and nothing recorded.
    const nobody = await owner.c.post(`/workspaces/${id}/campaigns`, { subject: 'Third', body: 'Three', contactIds: [ada!.id] });
    expect(nobody.status).toBe(409);
    expect(nobody.body).toEqual({ error: 'Everyone you picked has unsubscribed, or has no contact to send to.' });
  });

  it('refuses an unsubscribe token that was changed, or made for another purpose or with another secret', async () => {
    const t = app();
    const { acme, owner, id, member } = await withClients(t);
    const contactId = acme.contacts[0]!.id;
    const good = contactUnsubscribeToken(t.config.appSecret, contactId);
    const otherContact = `${acme.contacts[1]!.id}.${good.split('.')[1]}`;
    const otherSecret = contactUnsubscribeToken('some-other-secret-of-at-least-32-characters', contactId);
    const tampered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    // A notification's unsubscribe token, signed with the same secret, is not a campaign's.
    const notification = unsubscribeToken(t.config.appSecret, member.id, 'assigned');
    for (const bad of [otherContact, otherSecret, tampered, notification, 'not-a-token']) {
      const answer = await unsubscribeWith(t, bad);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: expect.any(String) });
    }
    const contacts = (await owner.c.get<ClientPageResponse>(`/workspaces/${id}/clients/${acme.id}`)).body.client.contacts;
    expect(contacts.map((each) => each.unsubscribedAt)).toEqual([null, null]);
  });

  it('holds a workspace to its daily cap with a clear 429, and sends again the next day', async () => {
    const t = app();
    const { owner, id, acme, birch } = await withClients(t);
    expect((await owner.c.post(`/workspaces/${id}/campaigns`, { subject: 'One', body: 'x', clientIds: [acme.id] })).status).toBe(201);
    expect((await owner.c.post(`/workspaces/${id}/campaigns`, { subject: 'Two', body: 'x', clientIds: [acme.id] })).status).toBe(201);
    const refused = await owner.c.post(`/workspaces/${id}/campaigns`, { subject: 'Three', body: 'x', clientIds: [acme.id, birch.id] });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error:
        'This workspace may send 4 campaign emails a day and has 0 left today; this update would send 3. Pick fewer contacts or send it tomorrow.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await owner.c.get<AudienceResponse>(`/workspaces/${id}/campaigns/audience`)).body).toMatchObject({
      remainingToday: 0,
      dailyLimit: 4,
    });
    // Nothing of the refused send was kept or queued.
    const since = t.mail.messages.length;
    await t.app.jobs.runDue();
    expect(mailTo(t, birch.contacts[0]!.email, since)).toEqual([]);

    t.clock.advance(DAY);
    expect((await owner.c.post(`/workspaces/${id}/campaigns`, { subject: 'Four', body: 'x', clientIds: [acme.id, birch.id] })).status).toBe(
      201,
    );
  });

  it('counts notification emails in Emails Sent once they have left', async () => {
    const t = app();
    const { owner, member, id } = await team(t);
    await createTask(owner.c, id, { title: 'Yours', assigneeId: member.id });
    expect((await dashboard(t, owner, id)).emailsSent).toBe(1);
    const since = t.mail.messages.length;
    await t.app.jobs.runDue();
    expect(mailTo(t, member.email, since).map(decodedSubject)).toEqual(['Olive Owner assigned you “Yours”']);
    // Every notification mail of this workspace that left counts (the owner also hears that the member joined).
    const left = mailTo(t, member.email, since).length + mailTo(t, owner.email, since).length;
    expect((await dashboard(t, owner, id)).emailsSent).toBe(1 + left);
  });

  it('is for owners: a member is told so, a portal guest and another workspace get 404, and nothing is sent', async () => {
    const t = app();
    const setup = await portalSetup(t);
    const { owner, member, guest, id, client } = setup;
    const sent = await owner.c.post<CampaignResponse>(`/workspaces/${id}/campaigns`, { subject: 'Hi', body: 'x', clientIds: [client.id] });
    expect(sent.status).toBe(201);
    const body = { subject: 'Hi', body: 'x', clientIds: [client.id] };
    const paths = ['/campaigns/audience', `/campaigns/${sent.body.campaign.id}`];

    for (const path of paths) expect((await member.c.get(`/workspaces/${id}${path}`)).status).toBe(403);
    expect((await member.c.post(`/workspaces/${id}/campaigns`, body)).status).toBe(403);
    for (const path of paths) expect((await guest.c.get(`/workspaces/${id}${path}`)).status).toBe(404);
    expect((await guest.c.post(`/workspaces/${id}/campaigns`, body)).status).toBe(404);

    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    for (const path of paths) expect((await stranger.c.get(`/workspaces/${id}${path}`)).status).toBe(404);
    expect((await stranger.c.post(`/workspaces/${id}/campaigns`, body)).status).toBe(404);
    // Naming this workspace's client or campaign from their own workspace finds nothing.
    const cross = await stranger.c.post(`/workspaces/${theirs}/campaigns`, body);
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual({ error: 'One of the picked clients does not exist in this workspace.' });
    expect(
      (await stranger.c.post(`/workspaces/${theirs}/campaigns`, { subject: 'Hi', body: 'x', contactIds: [client.contacts[0]!.id] })).status,
    ).toBe(404);
    expect((await stranger.c.get(`/workspaces/${theirs}/campaigns/${sent.body.campaign.id}`)).status).toBe(404);
    expect((await owner.c.get<CampaignResponse>(`/workspaces/${id}/campaigns/${sent.body.campaign.id}`)).body.campaign.sent).toBe(1);
  });

  it('refuses a bad send with a 400 {error} and sends nothing', async () => {
    const t = app();
    const { owner, id, acme } = await withClients(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject: 'Hi', body: 'x' }, 'Pick at least one client or contact.'],
      [{ subject: '', body: 'x', clientIds: [acme.id] }, 'Subject is required.'],
      [{ subject: 'Line\nbreak', body: 'x', clientIds: [acme.id] }, 'Subject contains characters that are not allowed.'],
      [{ subject: 'Hi', body: 'x'.repeat(10_001), clientIds: [acme.id] }, 'Message must be at most 10,000 characters.'],
      [{ subject: 'Hi', body: 'x', clientIds: ['nope'] }, 'Client is not valid.'],
      [{ subject: 'Hi', body: 'x', clientIds: [acme.id], extra: 1 }, 'Unexpected field: "extra".'],
    ];
    for (const [body, error] of cases) {
      const answer = await owner.c.post(`/workspaces/${id}/campaigns`, body);
      expect([answer.status, answer.body]).toEqual([400, { error }]);
    }
    expect((await owner.c.get<AudienceResponse>(`/workspaces/${id}/campaigns/audience`)).body.remainingToday).toBe(4);
  });
});
