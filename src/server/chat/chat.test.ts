import { describe, expect, it } from 'vitest';
import { chatError } from '#src/shared/chat/messages.ts';
import type { Channel, ChatMessage } from '#src/shared/chat/paths.ts';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { writeLimits } from '#src/server/http/rate-limit.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { readEvents, team, type Team, useTeam } from '../../../tests/support/tasks.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { base, bodies, channels, general, send } from '../../../tests/support/chat.ts';

describe.each(engines)('team chat on %s', (engine) => {
  let t: TestApp;
  let tm: Team;
  useTeam(engine, (made) => ({ t, tm } = made));

  it('gives every workspace one #general everyone is in, and counts unread messages per person until read', async () => {
    const [fromOwner, fromMember] = await Promise.all([general(tm.owner, tm.id), general(tm.member, tm.id)]);
    expect(fromOwner.id).toBe(fromMember.id);
    expect((await channels(tm.owner, tm.id)).channels.map((channel) => channel.name)).toEqual(['general']);
    expect(fromMember).toMatchObject({ joined: true, unread: 0, private: false });

    const first = await send(tm.owner, tm.id, fromOwner.id, 'Hello **team**');
    const second = await send(tm.owner, tm.id, fromOwner.id, 'Stand-up at ten');
    expect(second.seq).toBeGreaterThan(first.seq);
    expect((await general(tm.member, tm.id)).unread).toBe(2);
    expect((await channels(tm.member, tm.id)).unreadTotal).toBe(2);
    // What I wrote is read.
    expect((await general(tm.owner, tm.id)).unread).toBe(0);

    const read = await tm.member.c.post(`${base(tm.id)}/${fromOwner.id}/read`, { seq: first.seq });
    expect(read.body.channel).toMatchObject({ unread: 1, lastReadSeq: first.seq });
    // The position never moves back, and never past the last message.
    await tm.member.c.post(`${base(tm.id)}/${fromOwner.id}/read`, { seq: 0 });
    expect((await general(tm.member, tm.id)).unread).toBe(1);
    await tm.member.c.post(`${base(tm.id)}/${fromOwner.id}/read`, { seq: Number.MAX_SAFE_INTEGER });
    expect(await general(tm.member, tm.id)).toMatchObject({ unread: 0, lastReadSeq: second.seq });
    expect(await bodies(tm.member, tm.id, fromOwner.id)).toEqual(['Stand-up at ten', 'Hello **team**']);
  });

  it('pages history newest first by cursor', async () => {
    const { id } = await general(tm.owner, tm.id);
    for (let n = 1; n <= 55; n += 1) await send(tm.owner, tm.id, id, `Message ${n}`);
    const first = await tm.member.c.get(`${base(tm.id)}/${id}/messages`);
    expect(first.body.messages).toHaveLength(50);
    expect(first.body.messages[0].body).toBe('Message 55');
    const rest = await tm.member.c.get(`${base(tm.id)}/${id}/messages?before=${first.body.nextCursor}`);
    expect(rest.body.messages.map((message: ChatMessage) => message.body)).toEqual([
      'Message 5',
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
    ]);
    expect(rest.body.nextCursor).toBeNull();
  });

  it('keeps a private channel a 404 to a non-member and to another workspace, until a member adds them', async () => {
    const made = await tm.owner.c.post(base(tm.id), { name: 'Leads', private: true });
    expect(made.status).toBe(201);
    const secret = made.body.channel as Channel;
    expect(secret).toMatchObject({ name: 'leads', private: true, joined: true });
    await send(tm.owner, tm.id, secret.id, 'Salary talk');

    expect((await channels(tm.member, tm.id)).channels.map((channel) => channel.name)).toEqual(['general']);
    const path = `${base(tm.id)}/${secret.id}`;
    for (const answer of [
      await tm.member.c.get(`${path}/messages`),
      await tm.member.c.post(`${path}/messages`, { body: 'Let me in' }),
      await tm.member.c.post(`${path}/join`, {}),
      await tm.member.c.post(`${path}/read`, { seq: 1 }),
      await tm.member.c.post(`${path}/members`, { userId: tm.member.id }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: chatError.channelNotFound });
    }

    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Theirs');
    const generalId = (await general(tm.owner, tm.id)).id;
    expect((await stranger.c.get(base(tm.id))).status).toBe(404);
    expect((await stranger.c.get(`${base(tm.id)}/${generalId}/messages`)).status).toBe(404);
    // Their own workspace's door does not open ours either.
    expect((await stranger.c.get(`${base(theirs)}/${generalId}/messages`)).status).toBe(404);
    expect((await stranger.c.post(`${base(theirs)}/${secret.id}/messages`, { body: 'Hi' })).status).toBe(404);

    expect((await tm.owner.c.post(`${path}/members`, { userId: tm.member.id })).status).toBe(200);
    expect(await bodies(tm.member, tm.id, secret.id)).toEqual(['Salary talk']);
    expect((await tm.owner.c.post(`${path}/members`, { userId: stranger.id })).body).toEqual({ error: chatError.notMember });
  });

  it('hands a teammate a new message whole on the live stream, after the channel’s message before it; other changes name the channel; Recent Activity stays clear', async () => {
    const { id } = await general(tm.owner, tm.id);
    const reader = await readEvents(t.url, tm.member.c, tm.id);
    try {
      const first = await send(tm.owner, tm.id, id, 'First words');
      const thread = await send(tm.member, tm.id, id, 'A reply', { parentId: first.id });
      const second = await send(tm.owner, tm.id, id, 'Second words');
      await reader.waitFor((one) => one.type === 'chat.message' && one.message.id === second.id);
      const heard = reader.events.filter((one) => 'channelId' in one && one.type !== 'chat.typing');
      // The message as the page shows it (what its author was answered); a reply is not the channel's
      // own message, so the next one still follows the first.
      expect(heard).toEqual([
        expect.objectContaining({ type: 'chat.message', channelId: id, message: first, previousSeq: null }),
        expect.objectContaining({ type: 'chat.changed', channelId: id, threadId: first.id }),
        expect.objectContaining({ type: 'chat.message', channelId: id, message: second, previousSeq: first.seq }),
      ]);
      expect(reader.raw()).not.toContain(thread.body);
      await tm.owner.c.put(`${base(tm.id)}/${id}/messages/${second.id}`, { body: 'Second words, edited' });
      expect(await reader.waitFor((one) => one.type === 'chat.changed' && one.threadId === null)).toMatchObject({ channelId: id });
      expect(reader.raw()).not.toContain('Second words, edited');
    } finally {
      reader.close();
    }
    // Talk is not activity: the dashboard's Recent Activity stays the work's.
    const dashboard = await tm.member.c.get(`/workspaces/${tm.id}/dashboard`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.recentActivity).toEqual([]);
  });

  it('lets authors edit their own messages (shown as edited) and authors or owners delete them', async () => {
    const { id } = await general(tm.owner, tm.id);
    const mine = await send(tm.member, tm.id, id, 'Typo hre');
    const owners = await send(tm.owner, tm.id, id, 'From the owner');
    const path = (message: ChatMessage) => `${base(tm.id)}/${id}/messages/${message.id}`;

    const edited = await tm.member.c.put(path(mine), { body: 'Typo here' });
    expect(edited.body.message).toMatchObject({ body: 'Typo here', editedAt: expect.any(String) });
    const refused = await tm.member.c.put(path(owners), { body: 'Hijacked' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: chatError.notYourMessage });
    expect((await del(tm.member.c, path(owners))).status).toBe(403);
    expect((await tm.owner.c.put(path(mine), { body: 'Owner edit' })).status).toBe(403);

    expect((await del(tm.owner.c, path(mine))).status).toBe(200);
    expect((await del(tm.owner.c, path(owners))).status).toBe(200);
    expect(await bodies(tm.member, tm.id, id)).toEqual([]);
    expect((await del(tm.owner.c, path(owners))).status).toBe(404);
  });

  it('tells a mentioned teammate through their notifications, but never someone outside a private channel', async () => {
    const { id } = await general(tm.owner, tm.id);
    await send(tm.owner, tm.id, id, `Can you look, ${mentionToken(tm.member.id)}?`);
    const mentions = (await tm.member.c.get('/me/notifications')).body.notifications.filter(
      (item: { kind: string }) => item.kind === 'mentioned',
    );
    expect(mentions).toHaveLength(1);
    expect(mentions[0].excerpt).toContain('#general: Can you look');

    const secret = (await tm.owner.c.post(base(tm.id), { name: 'owners-only', private: true })).body.channel as Channel;
    await send(tm.owner, tm.id, secret.id, `Do not tell ${mentionToken(tm.member.id)}`);
    const after = (await tm.member.c.get('/me/notifications')).body.notifications.filter(
      (item: { kind: string }) => item.kind === 'mentioned',
    );
    expect(after).toHaveLength(1);
    expect(JSON.stringify(after)).not.toContain('Do not tell');
  });

  it('renames, archives, joins and leaves, with #general fixed and names unique', async () => {
    const made = (await tm.member.c.post(base(tm.id), { name: 'random' })).body.channel as Channel;
    expect((await tm.owner.c.post(base(tm.id), { name: 'Random' })).body).toEqual({ error: chatError.nameTaken });
    expect((await tm.owner.c.post(`${base(tm.id)}/${made.id}/join`, {})).body.channel).toMatchObject({ joined: true });
    expect((await tm.member.c.put(`${base(tm.id)}/${made.id}`, { name: 'watercooler' })).body.channel.name).toBe('watercooler');
    expect((await tm.owner.c.post(`${base(tm.id)}/${made.id}/leave`, {})).status).toBe(200);
    expect((await general(tm.owner, tm.id)).joined).toBe(true);
    expect((await channels(tm.owner, tm.id)).channels.find((channel) => channel.id === made.id)).toMatchObject({ joined: false });

    const generalId = (await general(tm.owner, tm.id)).id;
    expect((await tm.owner.c.post(`${base(tm.id)}/${generalId}/leave`, {})).body).toEqual({ error: chatError.generalStays });
    expect((await tm.owner.c.put(`${base(tm.id)}/${generalId}`, { archived: true })).status).toBe(409);

    const mine = (await tm.owner.c.post(base(tm.id), { name: 'owners' })).body.channel as Channel;
    expect((await tm.member.c.put(`${base(tm.id)}/${mine.id}`, { archived: true })).body).toEqual({ error: chatError.notYourChannel });
    expect((await tm.owner.c.put(`${base(tm.id)}/${made.id}`, { archived: true })).body.channel.archived).toBe(true);
    const posted = await tm.member.c.post(`${base(tm.id)}/${made.id}/messages`, { body: 'Anyone?' });
    expect(posted.status).toBe(409);
    expect(posted.body).toEqual({ error: chatError.archived });
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const { id } = await general(tm.owner, tm.id);
    const cases: [string, unknown, string][] = [
      [`${base(tm.id)}/${id}/messages`, { body: '   ' }, 'Message is required.'],
      [`${base(tm.id)}/${id}/messages`, { body: 'x'.repeat(4001) }, 'Message must be at most 4,000 characters.'],
      [`${base(tm.id)}/${id}/messages`, { body: 'bell\u0007' }, 'Message contains characters that are not allowed.'],
      [`${base(tm.id)}/${id}/messages`, { body: 'hi', extra: 1 }, expect.any(String) as unknown as string],
      [base(tm.id), { name: 'has space' }, 'Channel name may use only lower-case letters, digits, dashes and underscores.'],
      [base(tm.id), { name: 'ok', private: 'yes' }, 'Private must be true or false.'],
      [`${base(tm.id)}/${id}/read`, { seq: -1 }, 'seq must be a message position.'],
    ];
    for (const [path, body, error] of cases) {
      const answer = await tm.owner.c.post(path, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error });
    }
    expect((await tm.owner.c.get(`${base(tm.id)}/${id}/messages?before=abc`)).status).toBe(400);
    expect(await bodies(tm.owner, tm.id, id)).toEqual([]);
    expect((await channels(tm.owner, tm.id)).channels.map((channel) => channel.name)).toEqual(['general']);
  });
});

describe.each(engines)('team chat for a portal guest on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it('is a 404 to a guest of the workspace', async () => {
    const t = app();
    const { owner, guest, id } = await portalSetup(t);
    const { id: channelId } = await general(owner, id);
    expect((await guest.c.get(base(id))).status).toBe(404);
    expect((await guest.c.get(`${base(id)}/${channelId}/messages`)).status).toBe(404);
    expect((await guest.c.post(`${base(id)}/${channelId}/messages`, { body: 'Hi' })).status).toBe(404);
  });
});

describe.each(engines)('chat write limits on %s', (engine) => {
  const app = useTestApp(engine);

  // Hundreds of requests by design: on a loaded machine this takes longer than the default 30 s.
  it('stops one person past the chat limit with 429, and not their teammate', async () => {
    const t = app();
    const { owner, member, id } = await team(t);
    const { id: channelId } = await general(owner, id);
    const first = await send(owner, id, channelId, 'One');
    // Marking read is the cheapest chat write; it still counts (the send above was one).
    const read = () => owner.c.post(`${base(id)}/${channelId}/read`, { seq: first.seq });
    const left = writeLimits.person.max - 1;
    for (let sent = 0; sent < left; sent += 25) {
      const answers = await Promise.all(Array.from({ length: Math.min(25, left - sent) }, read));
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
    }
    const refused = await owner.c.post(`${base(id)}/${channelId}/messages`, { body: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(await bodies(owner, id, channelId)).toEqual(['One']);
    expect((await member.c.post(`${base(id)}/${channelId}/messages`, { body: 'Still here' })).status).toBe(201);
    // The board's allowance is its own.
    expect((await owner.c.post(`/workspaces/${id}/tasks`, { title: 'Unaffected' })).status).toBe(201);
  }, 120_000);
});
