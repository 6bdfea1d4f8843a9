import { describe, expect, it } from 'vitest';
import type { Channel } from '#src/shared/chat/paths.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { find, marked, q } from '../../../tests/support/search.ts';
import { type Team, useTeam } from '../../../tests/support/tasks.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, del, person, type Person } from '../../../tests/support/workspaces.ts';
import { base, general, send, teammate } from '../../../tests/support/chat.ts';

const messages = (words: string) => `${q(words)}&kind=message`;

async function privateChannel(owner: Person, id: string, name: string, members: Person[]): Promise<Channel> {
  const channel = (await owner.c.post(base(id), { name, private: true })).body.channel as Channel;
  for (const member of members) expect((await owner.c.post(`${base(id)}/${channel.id}/members`, { userId: member.id })).status).toBe(200);
  return channel;
}

// Chat messages in the app-wide search, on both engines: found by whoever may read their channel, and
// by nobody else.
describe.each(engines)('chat messages in search on %s', (engine) => {
  let t: TestApp;
  let tm: Team;
  useTeam(engine, (made) => ({ t, tm } = made));

  it('finds a message by its words, with its channel, author and where it opens; a reply opens its thread', async () => {
    const channel = await general(tm.owner, tm.id);
    const root = await send(tm.owner, tm.id, channel.id, 'The pelican logo is ready for review');
    await send(tm.owner, tm.id, channel.id, 'Unrelated chatter');
    const reply = await send(tm.member, tm.id, channel.id, 'Pelicans approved', { parentId: root.id });

    const hits = await find(tm.member.c, q('pelican'));
    expect(hits.map((hit) => [hit.kind, hit.id]).sort()).toEqual(
      [
        ['message', root.id],
        ['message', reply.id],
      ].sort(),
    );
    const found = hits.find((hit) => hit.id === root.id)!;
    expect(found).toMatchObject({ workspaceId: tm.id, workspaceName: 'Team', taskId: null, taskKey: null, clientId: null });
    expect(marked(found.title)).toBe('general');
    expect(marked(found.snippet)).toBe('The [pelican] logo is ready for review');
    expect(found.message).toEqual({
      channelId: channel.id,
      channelKind: 'channel',
      private: false,
      authorName: 'Olive Owner',
      sentAt: root.createdAt,
      seq: root.seq,
      threadId: null,
    });
    // A reply is shown in its thread: the channel opens at the thread's first message, the thread beside it.
    expect(hits.find((hit) => hit.id === reply.id)!.message).toMatchObject({ authorName: 'Mina Member', seq: root.seq, threadId: root.id });
  });

  it('keeps results in step with edits and deletes; a deleted thread takes its replies out', async () => {
    const channel = await general(tm.owner, tm.id);
    const root = await send(tm.owner, tm.id, channel.id, 'Meet at the harbour');
    await send(tm.member, tm.id, channel.id, 'Harbour at noon works', { parentId: root.id });
    const path = `${base(tm.id)}/${channel.id}/messages/${root.id}`;

    expect((await tm.owner.c.put(path, { body: 'Meet at the lighthouse' })).status).toBe(200);
    expect((await find(tm.member.c, messages('harbour'))).map((hit) => marked(hit.snippet))).toEqual(['[Harbour] at noon works']);
    expect((await find(tm.member.c, messages('lighthouse'))).map((hit) => [hit.id, marked(hit.snippet)])).toEqual([
      [root.id, 'Meet at the [lighthouse]'],
    ]);

    expect((await del(tm.owner.c, path)).status).toBe(200);
    expect(await find(tm.member.c, messages('lighthouse'))).toEqual([]);
    expect(await find(tm.member.c, messages('harbour'))).toEqual([]);
  });

  it('shows a private channel’s messages to its current members only: not to others, nor to one who left', async () => {
    const outsider = await teammate(t, tm.owner, tm.id, 'Otto Outsider');
    const leads = await privateChannel(tm.owner, tm.id, 'leads', [tm.member]);
    const secret = await send(tm.owner, tm.id, leads.id, 'Salary bands for the walrus team');

    expect((await find(tm.member.c, messages('walrus'))).map((hit) => [hit.id, marked(hit.title), hit.message?.private])).toEqual([
      [secret.id, 'leads', true],
    ]);
    expect(await find(outsider.c, messages('walrus'))).toEqual([]);
    expect(await find(outsider.c, `${q('walrus')}&workspace=${tm.id}`)).toEqual([]);
    // Added later, they find what was said before they came.
    expect((await tm.owner.c.post(`${base(tm.id)}/${leads.id}/members`, { userId: outsider.id })).status).toBe(200);
    expect((await find(outsider.c, messages('walrus'))).map((hit) => hit.id)).toEqual([secret.id]);

    expect((await tm.member.c.post(`${base(tm.id)}/${leads.id}/leave`, {})).status).toBe(200);
    expect(await find(tm.member.c, messages('walrus'))).toEqual([]);
    // A public channel's messages need no joining: every member finds them.
    const open = (await tm.owner.c.post(base(tm.id), { name: 'random' })).body.channel as Channel;
    await send(tm.owner, tm.id, open.id, 'walrus sighting');
    expect((await find(tm.member.c, messages('walrus'))).map((hit) => marked(hit.title))).toEqual(['random']);
  });

  it('shows a direct message to its people only, named by the others in it', async () => {
    const outsider = await teammate(t, tm.owner, tm.id, 'Otto Outsider');
    const dm = (await tm.owner.c.post(`/workspaces/${tm.id}/chat/dms`, { userIds: [tm.member.id] })).body.channel as Channel;
    const said = await send(tm.owner, tm.id, dm.id, 'Keep the giraffe idea between us');
    const group = (await tm.owner.c.post(`/workspaces/${tm.id}/chat/dms`, { userIds: [tm.member.id, outsider.id] })).body
      .channel as Channel;
    await send(tm.member, tm.id, group.id, 'Giraffe plans for all three');

    const mine = await find(tm.member.c, messages('giraffe'));
    expect(mine.map((hit) => `${marked(hit.title)} (${hit.message?.channelKind})`).sort()).toEqual([
      'Olive Owner (dm)',
      'Olive Owner, Otto Outsider (dm)',
    ]);
    expect((await find(tm.owner.c, messages('idea'))).map((hit) => [hit.id, marked(hit.title), hit.message?.authorName])).toEqual([
      [said.id, 'Mina Member', 'Olive Owner'],
    ]);
    expect((await find(outsider.c, messages('giraffe'))).map((hit) => marked(hit.title))).toEqual(['Mina Member, Olive Owner']);
  });

  it('never shows another workspace’s messages, and shows a portal guest none', async () => {
    const setup = await portalSetup(t);
    await send(setup.owner, setup.id, (await general(setup.owner, setup.id)).id, 'Quokka launch date');
    expect((await find(setup.member.c, messages('quokka'))).map((hit) => hit.workspaceId)).toEqual([setup.id]);
    expect(await find(setup.guest.c, q('quokka'))).toEqual([]);
    expect(await find(setup.guest.c, `${q('quokka')}&workspace=${setup.id}`)).toEqual([]);

    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    const own = await send(stranger, theirs, (await general(stranger, theirs)).id, 'Quokka rumours');
    expect((await find(stranger.c, q('quokka'))).map((hit) => hit.id)).toEqual([own.id]);
    expect(await find(stranger.c, `${q('quokka')}&workspace=${setup.id}`)).toEqual([]);
    expect((await find(setup.member.c, q('quokka'))).map((hit) => hit.workspaceId)).toEqual([setup.id]);
    // A member who leaves the workspace stops finding its public channels at once.
    expect((await setup.member.c.post(`/workspaces/${setup.id}/leave`, {})).status).toBe(200);
    expect(await find(setup.member.c, q('quokka'))).toEqual([]);
  });

  it('leaves an archived channel’s messages out, as chat no longer opens it', async () => {
    const old = (await tm.owner.c.post(base(tm.id), { name: 'old-plans' })).body.channel as Channel;
    await send(tm.owner, tm.id, old.id, 'Zeppelin route');
    expect(await find(tm.member.c, messages('zeppelin'))).toHaveLength(1);
    expect((await tm.owner.c.put(`${base(tm.id)}/${old.id}`, { archived: true })).status).toBe(200);
    expect(await find(tm.member.c, messages('zeppelin'))).toEqual([]);
  });
});
