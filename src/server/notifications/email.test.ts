import { beforeAll, describe, expect, it } from 'vitest';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { CaughtMail } from '../../../tests/support/smtp-sink.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask, team, type Team } from '../../../tests/support/tasks.ts';
import { decodedMail, decodedSubject } from '../../../tests/support/workspaces.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const MANUAL = { JOBS_POLL_MS: '0' };
const DAY = 24 * 60 * 60_000;

const mailTo = (t: TestApp, email: string, since: number) => t.mail.messages.slice(since).filter((m) => m.to.includes(email.toLowerCase()));
const headerOf = (mail: CaughtMail, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(mail.raw.replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim();

// The one-click POST a mail program makes (RFC 8058): a form body, from no page of ours, with no cookie.
async function oneClick(t: TestApp, listUnsubscribe: string) {
  const url = new URL(/<([^>]+)>/.exec(listUnsubscribe)![1]!);
  return fetch(`${t.url}${url.pathname}${url.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' },
    body: 'List-Unsubscribe=One-Click',
  });
}

describe.each(engines)('notification email on %s', (engine) => {
  const app = useTestApp(engine, { env: MANUAL });
  let squad: Team;

  beforeAll(async () => {
    squad = await team(app(), 'Mail team');
  });

  it('mails a mention at once, with a link to the task and a one-click unsubscribe that changes only that kind', async () => {
    const t = app();
    const { owner, member, id } = squad;
    const since = t.mail.messages.length;
    const task = await createTask(owner.c, id, { title: 'Mail me' });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: `${mentionToken(member.id)} please check` });
    await t.app.jobs.runDue();
    const [mail] = mailTo(t, member.email, since);
    expect(decodedSubject(mail!)).toBe('Olive Owner mentioned you in “Mail me”');
    const body = decodedMail(mail!);
    expect(body).toContain('@Mina Member please check');
    expect(body).toContain(`/board?workspace=${id}&task=${task.id}`);
    expect(body).toContain('/profile-settings#notifications');
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The footer's link opens the web page that asks, then POSTs the same token.
    expect(body).toContain(`/unsubscribe#${unsubscribeToken(t.config.appSecret, member.id, 'mentioned')}`);
    const answer = await oneClick(t, headerOf(mail!, 'List-Unsubscribe')!);
    expect(answer.status).toBe(200);
    const preferences = (await member.c.get('/me/notification-preferences')).body.preferences;
    expect(preferences).toMatchObject({ mentioned: 'app', assigned: 'email', commented: 'digest' });
    // The next mention stays in the app; an assignment still mails.
    const later = t.mail.messages.length;
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: `${mentionToken(member.id)} again` });
    await createTask(owner.c, id, { title: 'Yours now', assigneeId: member.id });
    await t.app.jobs.runDue();
    expect(mailTo(t, member.email, later).map(decodedSubject)).toEqual(['Olive Owner assigned you “Yours now”']);
    await member.c.put('/me/notification-preferences', { preferences: { mentioned: 'email' } });
  });

  it('refuses an unsubscribe token that was changed, or made for another purpose', async () => {
    const t = app();
    const { member } = squad;
    const good = unsubscribeToken(t.config.appSecret, member.id, 'assigned');
    const post = (token: string) =>
      fetch(`${t.url}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const otherKind = good.replace('.assigned.', '.commented.');
    const otherSecret = unsubscribeToken('some-other-secret-of-at-least-32-characters', member.id, 'assigned');
    // One character changed (never to itself: a signature may already end in A).
    const tampered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [otherKind, otherSecret, tampered, 'not-a-token']) {
      const answer = await post(bad);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: expect.any(String) });
    }
    expect((await member.c.get('/me/notification-preferences')).body.preferences).toMatchObject({ assigned: 'email', commented: 'digest' });
  });

  it('mails nothing for a notification read in the app before its email went out', async () => {
    const t = app();
    const { owner, member, id } = squad;
    const since = t.mail.messages.length;
    const task = await createTask(owner.c, id, { title: 'Read it first', assigneeId: member.id });
    const [item] = (await member.c.get('/me/notifications?filter=unread')).body.notifications;
    expect(item.task.id).toBe(task.id);
    await member.c.post(`/me/notifications/${item.id}/read`, {});
    await t.app.jobs.runDue();
    expect(mailTo(t, member.email, since)).toEqual([]);
  });

  it('batches what is unread since the last digest into one daily email, leaving out what was read', async () => {
    const t = app();
    const { owner, member, id } = squad;
    await member.c.post('/me/notifications/read-all', {});
    const task = await createTask(member.c, id, { title: 'Digest me' });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'One' });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Two' });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Three' });
    const items = (await member.c.get('/me/notifications?filter=unread')).body.notifications;
    expect(items).toHaveLength(3);
    await member.c.post(`/me/notifications/${items[0].id}/read`, {});
    const since = t.mail.messages.length;
    await t.app.jobs.runDue();
    expect(mailTo(t, member.email, since)).toEqual([]);
    t.clock.advance(DAY);
    await t.app.jobs.runDue();
    const digests = mailTo(t, member.email, since);
    expect(digests.map(decodedSubject)).toEqual(['Your Tessera digest: 2 notifications']);
    expect(headerOf(digests[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The next digest holds only what came after this one.
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Four' });
    t.clock.advance(DAY);
    await t.app.jobs.runDue();
    expect(mailTo(t, member.email, since).map(decodedSubject)).toEqual([
      'Your Tessera digest: 2 notifications',
      'Your Tessera digest: 1 notification',
    ]);
    t.clock.advance(DAY);
    await t.app.jobs.runDue();
    expect(mailTo(t, member.email, since)).toHaveLength(2);
  });

  it('keeps preferences per person and kind, and refuses an unknown kind or delivery', async () => {
    const { owner, member } = squad;
    const answer = await owner.c.put('/me/notification-preferences', { preferences: { commented: 'app', due: 'email' } });
    expect(answer.body.preferences).toMatchObject({ commented: 'app', due: 'email', mentioned: 'email', status_changed: 'digest' });
    expect((await member.c.get('/me/notification-preferences')).body.preferences).toMatchObject({ commented: 'digest', due: 'digest' });
    for (const bad of [{ preferences: { sneezed: 'app' } }, { preferences: { due: 'pigeon' } }, { preferences: {}, extra: 1 }]) {
      const refused = await owner.c.put('/me/notification-preferences', bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: expect.any(String) });
    }
  });
});
