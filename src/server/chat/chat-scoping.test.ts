import { beforeEach, describe, expect, it } from 'vitest';
import { chatError } from '#src/shared/chat/messages.ts';
import type { Channel, ChatMessage } from '#src/shared/chat/paths.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { readEvents, team, type Team } from '../../../tests/support/tasks.ts';
import { createWorkspace, del, person, type Person } from '../../../tests/support/workspaces.ts';
import { base, channels, general, send, teammate } from '../../../tests/support/chat.ts';

// Every way a message, its id or its channel's id could reach someone who may not read it.
describe.each(engines)('private chat scoping on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  let t: TestApp;
  let tm: Team;
  let outsider: Person;
  beforeEach(async () => {
    t = app();
    tm = await team(t);
    outsider = await teammate(t, tm.owner, tm.id, 'Otto Outsider');
  });

  it('never names a private channel, its messages or its typing on an outsider’s live stream, live or replayed', async () => {
    const { id: generalId } = await general(tm.owner, tm.id);
    await send(tm.owner, tm.id, generalId, 'Morning');
    const beforeSecrets = await latestEventId(t, tm.id);
    const secret = (await tm.owner.c.post(base(tm.id), { name: 'leads', private: true })).body.channel as Channel;
    await tm.owner.c.post(`${base(tm.id)}/${secret.id}/members`, { userId: tm.member.id });
    const listening = await readEvents(t.url, outsider.c, tm.id);
    const insider = await readEvents(t.url, tm.member.c, tm.id);
    try {
      const hidden = await send(tm.owner, tm.id, secret.id, 'Salary talk');
      expect((await tm.owner.c.post(`${base(tm.id)}/${secret.id}/typing`, {})).status).toBe(200);
      expect((await tm.owner.c.post(`${base(tm.id)}/${secret.id}/messages/${hidden.id}/reactions`, { emoji: '👍' })).status).toBe(200);
      await send(tm.owner, tm.id, generalId, 'Public sentinel');
      // The insider hears all of it; the outsider only the public channel.
      await insider.waitFor((event) => event.type === 'chat.typing' && event.channelId === secret.id);
      await insider.waitFor((event) => event.type === 'chat.message' && event.channelId === generalId);
      await listening.waitFor((event) => event.type === 'chat.message' && event.channelId === generalId);
      expect(listening.events.filter((event) => 'channelId' in event && event.channelId !== generalId)).toEqual([]);
      expect(listening.raw()).not.toContain(secret.id);
      expect(listening.raw()).not.toContain(hidden.id);
    } finally {
      listening.close();
      insider.close();
    }
    // A reconnect that replays what was missed filters the same way.
    const replay = await readEvents(t.url, outsider.c, tm.id, { lastEventId: beforeSecrets });
    try {
      await replay.waitFor((event) => event.type === 'chat.message' && event.channelId === generalId);
      expect(replay.raw()).not.toContain(secret.id);
    } finally {
      replay.close();
    }
  });

  it('hands a private channel’s new message to its members only: never to outsiders, nor to a member who left it, nor after being removed from the workspace', async () => {
    const secret = (await tm.owner.c.post(base(tm.id), { name: 'leads', private: true })).body.channel as Channel;
    await tm.owner.c.post(`${base(tm.id)}/${secret.id}/members`, { userId: tm.member.id });
    await tm.owner.c.post(`${base(tm.id)}/${secret.id}/members`, { userId: outsider.id });
    const { id: generalId } = await general(tm.owner, tm.id);
    const leaver = await readEvents(t.url, outsider.c, tm.id);
    const insider = await readEvents(t.url, tm.member.c, tm.id);
    const removedTeam = await team(t, 'Removed team');
    const goner = await teammate(t, removedTeam.owner, removedTeam.id, 'Gina Goner');
    const room = (await removedTeam.owner.c.post(base(removedTeam.id), { name: 'room', private: true })).body.channel as Channel;
    await removedTeam.owner.c.post(`${base(removedTeam.id)}/${room.id}/members`, { userId: goner.id });
    const removed = await readEvents(t.url, goner.c, removedTeam.id);
    try {
      expect((await outsider.c.post(`${base(tm.id)}/${secret.id}/leave`, {})).status).toBe(200);
      await leaver.waitFor((event) => event.type === 'chat.changed' && event.channelId === secret.id);
      const words = await send(tm.owner, tm.id, secret.id, 'Salary talk');
      await send(tm.owner, tm.id, generalId, 'Public sentinel');
      expect(await insider.waitFor((event) => event.type === 'chat.message' && event.channelId === secret.id)).toMatchObject({
        message: words,
      });
      await leaver.waitFor((event) => event.type === 'chat.message' && event.channelId === generalId);
      expect(leaver.events.filter((event) => event.type === 'chat.message' && event.channelId === secret.id)).toEqual([]);
      expect(leaver.raw()).not.toContain('Salary talk');
      expect(leaver.raw()).not.toContain(words.id);

      // Removed from the workspace: the stream ends before anything said after is sent.
      expect((await del(removedTeam.owner.c, `/workspaces/${removedTeam.id}/members/${goner.id}`)).status).toBe(200);
      await removed.ended;
      await send(removedTeam.owner, removedTeam.id, room.id, 'After she left');
      expect(removed.raw()).toContain('event: ended\ndata: {"reason":"no-access"}');
      expect(removed.raw()).not.toContain('After she left');
    } finally {
      leaver.close();
      insider.close();
      removed.close();
    }
  });

  it('keeps a direct message to its people: one conversation per set of people, a 404 to everyone else', async () => {
    const opened = await tm.owner.c.post(`/workspaces/${tm.id}/chat/dms`, { userIds: [tm.member.id] });
    expect(opened.status).toBe(200);
    const dm = opened.body.channel as Channel;
    expect(dm).toMatchObject({ kind: 'dm', private: true, joined: true, name: 'Mina Member', dmWith: [{ id: tm.member.id }] });
    // The same people, in any order and from either side, open the same conversation.
    const again = await tm.member.c.post(`/workspaces/${tm.id}/chat/dms`, { userIds: [tm.owner.id, tm.member.id] });
    expect(again.body.channel).toMatchObject({ id: dm.id, name: 'Olive Owner' });
    const group = (await tm.owner.c.post(`/workspaces/${tm.id}/chat/dms`, { userIds: [tm.member.id, outsider.id] })).body.channel;
    expect(group.id).not.toBe(dm.id);
    expect(group.name).toBe('Mina Member, Otto Outsider');

    await send(tm.owner, tm.id, dm.id, 'Just between us');
    expect((await channels(tm.member, tm.id)).channels.find((channel) => channel.id === dm.id)).toMatchObject({ unread: 1 });
    expect((await channels(outsider, tm.id)).channels.some((channel) => channel.id === dm.id)).toBe(false);
    const path = `${base(tm.id)}/${dm.id}`;
    for (const answer of [
      await outsider.c.get(`${path}/messages`),
      await outsider.c.get(`${path}/messages?q=between`),
      await outsider.c.get(`${path}/people`),
      await outsider.c.post(`${path}/messages`, { body: 'Me too' }),
      await outsider.c.post(`${path}/join`, {}),
      await outsider.c.post(`${path}/typing`, {}),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: chatError.channelNotFound });
    }
    // A direct message is nobody's to rename, archive, leave or grow: a new set of people is a new one.
    expect((await tm.owner.c.put(path, { name: 'renamed' })).status).toBe(404);
    expect((await tm.owner.c.post(`${path}/leave`, {})).status).toBe(404);
    expect((await tm.owner.c.post(`${path}/members`, { userId: outsider.id })).status).toBe(404);

    // Only members of this workspace, and at least one besides me.
    const stranger = await person(t, 'Sam Stranger');
    await createWorkspace(stranger, 'Theirs');
    expect((await tm.owner.c.post(`/workspaces/${tm.id}/chat/dms`, { userIds: [stranger.id] })).body).toEqual({
      error: chatError.dmPeople,
    });
    expect((await tm.owner.c.post(`/workspaces/${tm.id}/chat/dms`, { userIds: [tm.owner.id] })).body).toEqual({
      error: chatError.dmPeople,
    });
    expect((await stranger.c.post(`/workspaces/${tm.id}/chat/dms`, { userIds: [tm.owner.id] })).status).toBe(404);
  });

  it('is a 404 to another workspace and to a portal guest on every new path', async () => {
    const { id: generalId } = await general(tm.owner, tm.id);
    const message = await send(tm.owner, tm.id, generalId, 'Hello');
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Theirs');
    const paths = (workspace: string) =>
      [
        ['GET', `${base(workspace)}/${generalId}/messages/${message.id}/replies`, undefined],
        ['GET', `${base(workspace)}/${generalId}/people`, undefined],
        ['GET', `${base(workspace)}/${generalId}/messages?on=2026-01-01`, undefined],
        ['POST', `${base(workspace)}/${generalId}/messages/${message.id}/reactions`, { emoji: '🎉' }],
        ['POST', `${base(workspace)}/${generalId}/typing`, {}],
        ['POST', `${base(workspace)}/${generalId}/messages`, { body: 'Reply', parentId: message.id }],
      ] as const;
    for (const workspace of [tm.id, theirs]) {
      for (const [method, path, body] of paths(workspace)) {
        const answer = await stranger.c.call(method, path, body);
        expect([method, path, answer.status]).toEqual([method, path, 404]);
      }
    }
    const { owner, guest, id } = await portalSetup(t);
    const { id: portalGeneral } = await general(owner, id);
    const posted = await send(owner, id, portalGeneral, 'Team only');
    for (const [method, path, body] of [
      ['GET', `${base(id)}/${portalGeneral}/messages/${posted.id}/replies`, undefined],
      ['POST', `${base(id)}/${portalGeneral}/messages/${posted.id}/reactions`, { emoji: '🎉' }],
      ['POST', `/workspaces/${id}/chat/dms`, { userIds: [owner.id] }],
      ['POST', `/workspaces/${id}/chat/presence`, { state: 'online' }],
    ] as const) {
      expect((await guest.c.call(method, path, body)).status).toBe(404);
    }
    expect((await del(stranger.c, `${base(tm.id)}/${generalId}/messages/${message.id}`)).status).toBe(404);
    const messages = (await tm.owner.c.get(`${base(tm.id)}/${generalId}/messages`)).body.messages as ChatMessage[];
    expect(messages.map((one) => [one.body, one.reactions, one.replyCount])).toEqual([['Hello', [], 0]]);
  });
});

async function latestEventId(t: TestApp, workspaceId: string): Promise<string> {
  const row = await t.db.kysely
    .selectFrom('workspace_events')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
