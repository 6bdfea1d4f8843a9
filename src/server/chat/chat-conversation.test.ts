import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatError } from '#src/shared/chat/messages.ts';
import { THREAD_PAGE_SIZE, type Channel, type ChatMessage, type ChatPerson, type ThreadResponse } from '#src/shared/chat/paths.ts';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { cookieOf, readEvents, team, type Team } from '../../../tests/support/tasks.ts';
import { del, type Person } from '../../../tests/support/workspaces.ts';
import { base, bodies, general, send, teammate } from '../../../tests/support/chat.ts';

const notificationsOf = async (p: Person, kind: string) =>
  ((await p.c.get('/me/notifications')).body.notifications as { kind: string; excerpt: string | null; link: string | null }[]).filter(
    (item) => item.kind === kind,
  );

describe.each(engines)('chat conversations on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  let t: TestApp;
  let tm: Team;
  let generalId: string;
  beforeEach(async () => {
    t = app();
    tm = await team(t);
    generalId = (await general(tm.owner, tm.id)).id;
    await general(tm.member, tm.id);
  });

  it('keeps replies in their thread, counts them, and tells the thread’s followers', async () => {
    const third = await teammate(t, tm.owner, tm.id, 'Theo Third');
    const root = await send(tm.member, tm.id, generalId, 'Release on Friday?');
    const first = await send(tm.owner, tm.id, generalId, 'Yes, after QA', { parentId: root.id });
    expect(first).toMatchObject({ parentId: root.id });
    await send(third, tm.id, generalId, 'I can test Thursday', { parentId: root.id });

    // The channel shows its own messages, with the thread's count; replies are not channel unreads.
    const listed = (await tm.member.c.get(`${base(tm.id)}/${generalId}/messages`)).body.messages as ChatMessage[];
    expect(listed.map((message) => [message.body, message.replyCount])).toEqual([['Release on Friday?', 2]]);
    expect(listed[0]!.lastReplyAt).toEqual(expect.any(String));
    expect((await general(tm.owner, tm.id)).unread).toBe(1);

    const thread = await tm.member.c.get(`${base(tm.id)}/${generalId}/messages/${root.id}/replies`);
    expect(thread.body.parent.id).toBe(root.id);
    expect(thread.body.replies.map((message: ChatMessage) => message.body)).toEqual(['Yes, after QA', 'I can test Thursday']);
    expect(thread.body.following).toBe(true);
    // The root's author heard both replies, the first replier the second one; nobody their own.
    expect(await notificationsOf(tm.member, 'thread_reply')).toHaveLength(2);
    expect(await notificationsOf(tm.owner, 'thread_reply')).toHaveLength(1);
    expect(await notificationsOf(third, 'thread_reply')).toHaveLength(0);

    // A reply to a reply is refused; a reply is not a thread of its own.
    const nested = await tm.owner.c.post(`${base(tm.id)}/${generalId}/messages`, { body: 'Deeper', parentId: first.id });
    expect(nested.status).toBe(400);
    expect(nested.body).toEqual({ error: chatError.notInThread });
    expect((await tm.owner.c.get(`${base(tm.id)}/${generalId}/messages/${first.id}/replies`)).status).toBe(404);

    // Deleting a reply shortens the thread; deleting the root takes its replies along.
    expect((await del(tm.owner.c, `${base(tm.id)}/${generalId}/messages/${first.id}`)).status).toBe(200);
    expect((await tm.member.c.get(`${base(tm.id)}/${generalId}/messages`)).body.messages[0].replyCount).toBe(1);
    expect((await del(tm.member.c, `${base(tm.id)}/${generalId}/messages/${root.id}`)).status).toBe(200);
    expect(await t.db.kysely.selectFrom('chat_messages').select('id').where('workspace_id', '=', tm.id).execute()).toEqual([]);
  });

  it('pages a long thread from its latest replies back to its first, with a cursor, every reply once', async () => {
    const root = await send(tm.member, tm.id, generalId, 'Long discussion');
    const total = THREAD_PAGE_SIZE * 2 + 30;
    // The long past of the thread written straight to the table (hundreds of sends are slow to make);
    // its last replies sent as anyone would.
    const sent = 3;
    await t.db.kysely
      .insertInto('chat_messages')
      .values(
        Array.from({ length: total - sent }, (_, index) => ({
          id: randomUUID(),
          workspace_id: tm.id,
          channel_id: generalId,
          author_id: index % 2 ? tm.member.id : tm.owner.id,
          body: `Reply ${index + 1}`,
          created_at: Date.now(),
          edited_at: null,
          parent_id: root.id,
          reply_count: 0,
        })),
      )
      .execute();
    await t.db.kysely
      .updateTable('chat_messages')
      .set({ reply_count: total - sent })
      .where('id', '=', root.id)
      .execute();
    for (let n = total - sent + 1; n <= total; n += 1) await send(tm.owner, tm.id, generalId, `Reply ${n}`, { parentId: root.id });
    const path = `${base(tm.id)}/${generalId}/messages/${root.id}/replies`;
    const pages: ThreadResponse[] = [];
    let before: string | null = '';
    while (before !== null) {
      const answer = await tm.member.c.get(before ? `${path}?before=${before}` : path);
      expect(answer.status).toBe(200);
      const page = answer.body as ThreadResponse;
      pages.push(page);
      before = page.olderCursor;
    }
    expect(pages.map((page) => [page.parent.id, page.parent.replyCount, page.replies.length])).toEqual([
      [root.id, total, THREAD_PAGE_SIZE],
      [root.id, total, THREAD_PAGE_SIZE],
      [root.id, total, 30],
    ]);
    // Each page oldest first; the latest page first.
    const bodiesInOrder = pages.toReversed().flatMap((page) => page.replies.map((reply) => reply.body));
    expect(bodiesInOrder).toEqual(Array.from({ length: total }, (_, index) => `Reply ${index + 1}`));
    expect(pages[0]!.replies[0]!.body).toBe(`Reply ${total - THREAD_PAGE_SIZE + 1}`);
    for (const bad of ['abc', '-1', '1.5', '9'.repeat(16)]) {
      const refused = await tm.member.c.get(`${path}?before=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    expect((await tm.member.c.get(`${path}?before=1&after=2`)).status).toBe(400);
  });

  it('toggles one reaction per person and emoji, counted for everyone and marked as mine', async () => {
    const message = await send(tm.owner, tm.id, generalId, 'Shipped!');
    const react = (p: Person, emoji: string) => p.c.post(`${base(tm.id)}/${generalId}/messages/${message.id}/reactions`, { emoji });
    expect((await react(tm.owner, '🎉')).body.message.reactions).toEqual([{ emoji: '🎉', count: 1, mine: true }]);
    expect((await react(tm.member, '🎉')).body.message.reactions).toEqual([{ emoji: '🎉', count: 2, mine: true }]);
    await react(tm.member, '👍🏽');
    const seenByOwner = (await tm.owner.c.get(`${base(tm.id)}/${generalId}/messages`)).body.messages[0] as ChatMessage;
    expect(seenByOwner.reactions).toEqual([
      { emoji: '🎉', count: 2, mine: true },
      { emoji: '👍🏽', count: 1, mine: false },
    ]);
    // Again takes it back.
    expect((await react(tm.owner, '🎉')).body.message.reactions).toEqual([
      { emoji: '🎉', count: 1, mine: false },
      { emoji: '👍🏽', count: 1, mine: false },
    ]);
    for (const emoji of ['', 'thumbsup', '<b>', '🎉'.repeat(9), 'a🎉']) {
      const answer = await react(tm.owner, emoji);
      expect([emoji, answer.status]).toEqual([emoji, 400]);
      expect(answer.body.error).toEqual(expect.any(String));
    }
  });

  it('lets owners tell the whole channel with @channel, and members only after confirming', async () => {
    const third = await teammate(t, tm.owner, tm.id, 'Theo Third');
    const refused = await tm.member.c.post(`${base(tm.id)}/${generalId}/messages`, { body: '@channel standup moved' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: chatError.confirmChannel });
    expect(await bodies(tm.owner, tm.id, generalId)).toEqual([]);
    await send(tm.member, tm.id, generalId, '@channel standup moved', { confirmChannel: true });
    expect((await notificationsOf(tm.owner, 'mentioned')).map((item) => item.excerpt)).toEqual(['#general: @channel standup moved']);
    // It opens the channel, not the board.
    expect((await notificationsOf(tm.owner, 'mentioned')).map((item) => item.link)).toEqual([`/chat?channel=${generalId}`]);
    expect(await notificationsOf(third, 'mentioned')).toHaveLength(1);
    expect(await notificationsOf(tm.member, 'mentioned')).toHaveLength(0);
    await send(tm.owner, tm.id, generalId, 'Reminder @here: lunch');
    expect(await notificationsOf(third, 'mentioned')).toHaveLength(2);
    // A member cannot sneak it in by an edit; an email address is not a mention.
    const plain = await send(tm.member, tm.id, generalId, 'Write to ops@channel.example');
    expect((await tm.member.c.put(`${base(tm.id)}/${generalId}/messages/${plain.id}`, { body: 'Hey @channel' })).status).toBe(409);
    expect(await notificationsOf(tm.owner, 'mentioned')).toHaveLength(1);
  });

  it('tells people mentioned in a direct message, a reply or an edit, once each', async () => {
    const dm = (await tm.owner.c.post(`/workspaces/${tm.id}/chat/dms`, { userIds: [tm.member.id] })).body.channel as Channel;
    await send(tm.owner, tm.id, dm.id, `Look, ${mentionToken(tm.member.id)}`);
    expect((await notificationsOf(tm.member, 'mentioned')).map((item) => item.excerpt)).toEqual(['Look, @Mina Member']);
    const root = await send(tm.owner, tm.id, generalId, 'Plan');
    const answer = await send(tm.owner, tm.id, generalId, `Agreed ${mentionToken(tm.member.id)}?`, { parentId: root.id });
    await tm.owner.c.put(`${base(tm.id)}/${generalId}/messages/${answer.id}`, { body: `Agreed, ${mentionToken(tm.member.id)}?` });
    expect(await notificationsOf(tm.member, 'mentioned')).toHaveLength(2);
  });

  it('searches a channel, jumps to a day and pages forward from there', async () => {
    const day = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now());
    day('2026-03-01T09:00:00Z');
    await send(tm.owner, tm.id, generalId, 'Kick-off 100% agreed');
    day('2026-03-02T09:00:00Z');
    const second = await send(tm.owner, tm.id, generalId, 'Budget_final is done');
    await send(tm.owner, tm.id, generalId, 'budget questions', { parentId: second.id });
    day('2026-03-04T09:00:00Z');
    const fourth = await send(tm.owner, tm.id, generalId, 'Retro notes');
    const get = (query: string) => tm.member.c.get(`${base(tm.id)}/${generalId}/messages?${query}`);

    expect((await get('q=BUDGET')).body.messages.map((message: ChatMessage) => message.body)).toEqual(['Budget_final is done']);
    // `%` and `_` are plain characters, not wildcards.
    expect((await get('q=100%25')).body.messages.map((message: ChatMessage) => message.body)).toEqual(['Kick-off 100% agreed']);
    expect((await get('q=Kick_off')).body.messages).toEqual([]);
    expect((await get('on=2026-03-03')).body).toEqual({ seq: fourth.seq });
    expect((await get('on=2026-03-02')).body).toEqual({ seq: second.seq });
    expect((await get('on=2026-04-01')).body).toEqual({ seq: null });
    expect((await get(`after=${second.seq}`)).body).toMatchObject({ messages: [{ body: 'Retro notes' }], nextCursor: null });
    for (const query of ['on=2026-02-30', 'on=yesterday', `before=1&after=2`, 'q=', `q=${'x'.repeat(201)}`, 'after=-1']) {
      const answer = await get(query);
      expect([query, answer.status]).toEqual([query, 400]);
    }
  });

  it('announces typing to the channel and shows who is online or away', async () => {
    const reader = await readEvents(t.url, tm.member.c, tm.id);
    try {
      expect((await tm.owner.c.post(`${base(tm.id)}/${generalId}/typing`, {})).status).toBe(200);
      const typing = await reader.waitFor((event) => event.type === 'chat.typing');
      expect(typing).toMatchObject({ channelId: generalId, threadId: null, actorId: tm.owner.id });
      expect((await tm.owner.c.post(`/workspaces/${tm.id}/chat/presence`, { state: 'online' })).status).toBe(200);
      await reader.waitFor((event) => event.type === 'chat.presence');
    } finally {
      reader.close();
    }
    const people = async () =>
      ((await tm.member.c.get(`${base(tm.id)}/${generalId}/people`)).body.people as ChatPerson[]).map((p) => [p.name, p.presence]);
    expect(await people()).toEqual([
      ['Mina Member', 'offline'],
      ['Olive Owner', 'online'],
    ]);
    await tm.member.c.post(`/workspaces/${tm.id}/chat/presence`, { state: 'away' });
    expect(await people()).toEqual([
      ['Mina Member', 'away'],
      ['Olive Owner', 'online'],
    ]);
    // Silent for long enough, a person is offline.
    t.clock.advance(5 * 60_000);
    expect(await people()).toEqual([
      ['Mina Member', 'offline'],
      ['Olive Owner', 'offline'],
    ]);
    for (const body of [{ state: 'busy' }, { state: 'online', extra: 1 }, {}]) {
      expect((await tm.owner.c.post(`/workspaces/${tm.id}/chat/presence`, body)).status).toBe(400);
    }
    expect((await tm.owner.c.post(`${base(tm.id)}/${generalId}/typing`, { parentId: 'nope' })).status).toBe(400);
  });

  it('refuses hostile input on the new paths with a 4xx and changes nothing', async () => {
    const root = await send(tm.owner, tm.id, generalId, 'Root');
    const cases: [string, unknown][] = [
      [`${base(tm.id)}/${generalId}/messages`, { body: 'Hi', parentId: 'not-an-id' }],
      [`${base(tm.id)}/${generalId}/messages`, { body: 'Hi', parentId: root.id, confirmChannel: 'yes' }],
      [`${base(tm.id)}/${generalId}/messages`, { body: ['Hi'] }],
      [`${base(tm.id)}/${generalId}/messages/${root.id}/reactions`, { emoji: 42 }],
      [`${base(tm.id)}/${generalId}/messages/${root.id}/reactions`, { emoji: '🎉', extra: true }],
      [`/workspaces/${tm.id}/chat/dms`, { userIds: [] }],
      [`/workspaces/${tm.id}/chat/dms`, { userIds: 'everyone' }],
      [`/workspaces/${tm.id}/chat/dms`, { userIds: Array.from({ length: 8 }, () => tm.member.id) }],
      [`/workspaces/${tm.id}/chat/dms`, { userIds: ['\u202Eevil'] }],
    ];
    for (const [path, body] of cases) {
      const answer = await tm.owner.c.post(path, body);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    const malformed = await fetch(`${t.url}/api/workspaces/${tm.id}/chat/dms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieOf(tm.owner.c), origin: t.url },
      body: '{"userIds": [',
    });
    expect(malformed.status).toBe(400);
    expect(await bodies(tm.owner, tm.id, generalId)).toEqual(['Root']);
    expect((await tm.owner.c.get(`${base(tm.id)}/${generalId}/messages`)).body.messages[0]).toMatchObject({ replyCount: 0, reactions: [] });
  });
});
