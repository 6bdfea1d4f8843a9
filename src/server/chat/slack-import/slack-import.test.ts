import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '#src/shared/chat/paths.ts';
import { slackImportError } from '#src/shared/chat/slack-import-messages.ts';
import type { SlackImport } from '#src/shared/chat/slack-import-paths.ts';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import { portalSetup } from '../../../../tests/support/clients.ts';
import { team, type Team } from '../../../../tests/support/tasks.ts';
import { createWorkspace, del, person, type Person } from '../../../../tests/support/workspaces.ts';
import { find, marked, q } from '../../../../tests/support/search.ts';
import { generatedExport, slackExportZip, type SlackExportSpec } from '../../../../tests/support/slack-export.ts';
import { useTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { engines } from '../../../../tests/support/test-db.ts';
import { writeZip } from '../../../../tests/support/zip-writer.ts';

const imports = (id: string) => `/workspaces/${id}/chat/slack-imports`;
const ZIP = { 'content-type': 'application/zip', 'x-file-name': encodeURIComponent('Acme Slack export.zip') };

async function upload(p: Person, id: string, zip: Buffer): Promise<SlackImport> {
  const answer = await p.c.post(imports(id), zip, ZIP);
  if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.import;
}

async function importAll(t: TestApp, p: Person, id: string, zip: Buffer): Promise<SlackImport> {
  const previewed = await upload(p, id, zip);
  const started = await p.c.post(`${imports(id)}/${previewed.id}/start`, {});
  if (started.status !== 200) throw new Error(`${started.status} ${JSON.stringify(started.body)}`);
  await t.app.jobs.runDue();
  return (await p.c.get(`${imports(id)}/${previewed.id}`)).body.import;
}

// Everything an import writes, counted, so a second one can be shown to change nothing.
async function chatState(t: TestApp, workspaceId: string) {
  const k = t.db.kysely;
  const count = async (table: 'chat_channels' | 'chat_messages' | 'chat_reactions' | 'chat_members' | 'chat_thread_followers') =>
    Number(
      (
        await k
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const replies = await k
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.sum<string | number>('reply_count').as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return {
    channels: await count('chat_channels'),
    messages: await count('chat_messages'),
    reactions: await count('chat_reactions'),
    members: await count('chat_members'),
    followers: await count('chat_thread_followers'),
    replies: Number(replies.n ?? 0),
  };
}

const messageRows = (t: TestApp, channelId: string) =>
  t.db.kysely
    .selectFrom('chat_messages')
    .select(['id', 'author_id', 'author_name', 'body', 'parent_id', 'reply_count', 'last_reply_at', 'slack_ts', 'created_at'])
    .where('channel_id', '=', channelId)
    .orderBy('seq')
    .execute();

// A small export written by hand: two Slack users who are members here by email (one in capitals), one
// who is not, one without an email; a thread, reactions, a notice, a bot, a file, an archived channel,
// and a DM folder that is not imported.
function handMadeExport(tm: Team): SlackExportSpec {
  const parentTs = '1709280000.000100';
  return {
    users: [
      { id: 'U1', name: 'Olive Slack', email: tm.owner.email.toUpperCase() },
      { id: 'U2', name: 'Mina Slack', email: tm.member.email },
      { id: 'U3', name: 'Sam Outsider', email: 'sam@elsewhere.example' },
      { id: 'U4', name: 'No Email' },
    ],
    channels: [
      {
        id: 'C1',
        name: 'general',
        members: ['U1', 'U2', 'U3'],
        days: {
          '2024-03-01': [
            { ts: '1709279999.000100', user: 'U3', subtype: 'channel_join', text: '<@U3> has joined the channel' },
            {
              ts: parentTs,
              user: 'U1',
              thread_ts: parentTs,
              text: 'Hello <@U2> and <@U3>, see <https://example.com/spec|the spec> *now*',
              reactions: [{ name: 'tada', users: ['U2', 'U3'], count: 2 }],
            },
            { ts: '1709280060.000200', user: 'U2', thread_ts: parentTs, text: 'On it &amp; done' },
            { ts: '1709280120.000300', user: 'U3', thread_ts: parentTs, text: '`code *not bold*`' },
          ],
          '2024-03-02': [
            { ts: '1709366400.000100', subtype: 'bot_message', username: 'Deploy Bot', text: 'Deployed <#C2|design>' },
            { ts: '1709366460.000200', user: 'U4', subtype: 'file_share', text: '', files: [{ name: 'plan.pdf', title: 'plan.pdf' }] },
          ],
        },
      },
      {
        id: 'C2',
        name: 'design',
        members: ['U2', 'U4'],
        days: {
          '2024-03-01': [
            {
              ts: '1709280000.000500',
              user: 'U4',
              text: '# not a heading',
              reactions: [
                { name: '+1::skin-tone-2', users: ['U1'], count: 1 },
                { name: 'custom_party', users: ['U4'], count: 1 },
              ],
            },
          ],
        },
      },
      {
        id: 'C3',
        name: 'old-stuff',
        members: ['U1'],
        is_archived: true,
        days: { '2024-01-01': [{ ts: '1704067200.000100', user: 'U1', text: 'Old news' }] },
      },
    ],
    extra: [
      { name: 'D123/2024-01-01.json', data: JSON.stringify([{ type: 'message', ts: '1704067200.000200', user: 'U1', text: 'A DM' }]) },
      { name: 'integration_logs.json', data: '[]' },
    ],
  };
}

describe.each(engines)('the Slack import on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000', JOBS_POLL_MS: '0' } });
  let t: TestApp;
  let tm: Team;
  beforeEach(async () => {
    t = app();
    tm = await team(t);
    // The team has opened chat: #general is there, so Slack's goes beside it.
    await tm.owner.c.get(`/workspaces/${tm.id}/chat/channels`);
  });

  it('previews an export without writing, then imports its channels, threads and reactions with people matched by email', async () => {
    const before = await chatState(t, tm.id);
    const previewed = await upload(tm.owner, tm.id, slackExportZip(handMadeExport(tm)));
    expect(previewed).toMatchObject({ status: 'previewed', fileName: 'Acme Slack export.zip', totalMessages: 7, processedMessages: 0 });
    expect(previewed.preview).toEqual({
      channels: [
        { slackName: 'general', name: 'general-slack', messages: 5, existing: false },
        { slackName: 'design', name: 'design', messages: 1, existing: false },
        { slackName: 'old-stuff', name: 'old-stuff', messages: 1, existing: false },
      ],
      messages: 7,
      threads: 1,
      reactions: 4,
      matchedPeople: 2,
      unmatchedPeople: 2,
      skipped: 1,
      shortened: 0,
      alreadyImported: 0,
    });
    // The dry run wrote no chat row.
    expect(await chatState(t, tm.id)).toEqual(before);

    const started = await tm.owner.c.post(`${imports(tm.id)}/${previewed.id}/start`, {});
    expect(started.body.import.status).toBe('queued');
    await t.app.jobs.runDue();
    const done = (await tm.owner.c.get(`${imports(tm.id)}/${previewed.id}`)).body.import as SlackImport;
    expect(done).toMatchObject({ status: 'done', processedMessages: 7, importedMessages: 7, error: null });

    const list = (await tm.member.c.get(`/workspaces/${tm.id}/chat/channels`)).body.channels as Channel[];
    const byName = new Map(list.map((channel) => [channel.name, channel]));
    expect([...byName.keys()].sort()).toEqual(['design', 'general', 'general-slack', 'old-stuff']);
    // The Slack channel's members who are members here joined it, with its history read.
    expect(byName.get('general-slack')).toMatchObject({ joined: true, unread: 0, private: false, archived: false });
    expect(byName.get('old-stuff')).toMatchObject({ archived: true, joined: false });

    const general = await messageRows(t, byName.get('general-slack')!.id);
    const [parent, reply1, reply2, bot, file] = general;
    expect(general.map((row) => [row.author_id, row.author_name])).toEqual([
      [tm.owner.id, null],
      [tm.member.id, null],
      [null, 'Sam Outsider'],
      [null, 'Deploy Bot'],
      [null, 'No Email'],
    ]);
    expect(parent!.body).toBe(`Hello ${mentionToken(tm.member.id)} and @Sam Outsider, see [the spec](https://example.com/spec) **now**`);
    expect(Number(parent!.created_at)).toBe(1709280000000);
    expect(reply1!.body).toBe('On it & done');
    expect(reply2!.body).toBe('`code *not bold*`');
    expect(bot!.body).toBe('Deployed #design');
    expect(file!.body).toBe('📎 plan.pdf');
    expect([reply1!.parent_id, reply2!.parent_id]).toEqual([parent!.id, parent!.id]);
    expect(parent).toMatchObject({ parent_id: null, reply_count: 2 });
    expect(Number(parent!.last_reply_at)).toBe(1709280120000);
    const followers = await t.db.kysely
      .selectFrom('chat_thread_followers')
      .select('user_id')
      .where('message_id', '=', parent!.id)
      .execute();
    expect(followers.map((row) => row.user_id).sort()).toEqual([tm.owner.id, tm.member.id].sort());

    const reactions = await t.db.kysely
      .selectFrom('chat_reactions as r')
      .innerJoin('chat_messages as m', 'm.id', 'r.message_id')
      .select(['m.slack_ts', 'r.reactor_key', 'r.user_id', 'r.emoji'])
      .where('r.workspace_id', '=', tm.id)
      .orderBy('m.slack_ts')
      .orderBy('r.emoji')
      .orderBy('r.reactor_key')
      .execute();
    expect(reactions).toEqual(
      expect.arrayContaining([
        { slack_ts: '1709280000.000100', reactor_key: tm.member.id, user_id: tm.member.id, emoji: '🎉' },
        { slack_ts: '1709280000.000100', reactor_key: 'slack:U3', user_id: null, emoji: '🎉' },
        { slack_ts: '1709280000.000500', reactor_key: tm.owner.id, user_id: tm.owner.id, emoji: '👍' },
        { slack_ts: '1709280000.000500', reactor_key: 'slack:U4', user_id: null, emoji: ':custom_party:' },
      ]),
    );
    expect(reactions).toHaveLength(4);
    const design = await messageRows(t, byName.get('design')!.id);
    expect(design.map((row) => row.body)).toEqual(['\\# not a heading']);
    // The DM folder is not a public channel of the export.
    expect((await chatState(t, tm.id)).messages - before.messages).toBe(7);
  });

  it('changes nothing when the same export is imported again', async () => {
    const zip = slackExportZip(handMadeExport(tm));
    await importAll(t, tm.owner, tm.id, zip);
    const after = await chatState(t, tm.id);
    const again = await upload(tm.owner, tm.id, zip);
    expect(again.preview).toMatchObject({ messages: 7, alreadyImported: 7 });
    expect(again.preview.channels.map((channel) => [channel.name, channel.existing])).toEqual([
      ['general-slack', true],
      ['design', true],
      ['old-stuff', true],
    ]);
    const second = await tm.owner.c.post(`${imports(tm.id)}/${again.id}/start`, {});
    expect(second.status).toBe(200);
    await t.app.jobs.runDue();
    expect((await tm.owner.c.get(`${imports(tm.id)}/${again.id}`)).body.import).toMatchObject({
      status: 'done',
      processedMessages: 7,
      importedMessages: 0,
    });
    expect(await chatState(t, tm.id)).toEqual(after);
    // A started import cannot be started twice.
    expect((await tm.owner.c.post(`${imports(tm.id)}/${again.id}/start`, {})).body.error).toBe(slackImportError.started);
  });

  it('makes imported messages findable in the app-wide search, once however often the export is imported', async () => {
    const zip = slackExportZip(handMadeExport(tm));
    await importAll(t, tm.owner, tm.id, zip);
    const deployed = await find(tm.member.c, q('deployed'));
    expect(deployed.map((hit) => [hit.kind, marked(hit.title), hit.message?.authorName, marked(hit.snippet)])).toEqual([
      ['message', 'general-slack', 'Deploy Bot', '[Deployed] #design'],
    ]);
    // A reply by someone who is not a member opens in its thread, under their Slack name.
    const [reply] = await find(tm.member.c, q('code not bold'));
    const parent = (await messageRows(t, deployed[0]!.message!.channelId))[0]!;
    expect(reply!.message).toMatchObject({ authorName: 'Sam Outsider', threadId: parent.id });
    // An archived channel's messages stay out, as chat does not open it.
    expect(await find(tm.member.c, q('old news'))).toEqual([]);
    await importAll(t, tm.owner, tm.id, zip);
    expect(await find(tm.member.c, q('deployed'))).toHaveLength(1);
  });

  it('resumes from where it stopped after a failure mid-import, with every message once', async () => {
    const generated = generatedExport({ messages: 4500 });
    const failAt = generated.spec.channels[2]!.days[Object.keys(generated.spec.channels[2]!.days)[3]!]![5]!.ts;
    await injectFault(t, failAt);
    const previewed = await upload(tm.owner, tm.id, generated.zip);
    expect(previewed.preview).toMatchObject({ messages: generated.messages, threads: generated.threads, reactions: generated.reactions });
    await tm.owner.c.post(`${imports(tm.id)}/${previewed.id}/start`, {});
    await t.app.jobs.runDue();
    const stopped = (await tm.owner.c.get(`${imports(tm.id)}/${previewed.id}`)).body.import as SlackImport;
    expect(stopped.status).toBe('running');
    expect(stopped.processedMessages).toBeGreaterThan(0);
    expect(stopped.processedMessages).toBeLessThan(generated.messages);
    const partial = await chatState(t, tm.id);
    expect(partial.messages).toBeLessThan(generated.messages);

    await removeFault(t);
    t.clock.advance(11_000);
    await t.app.jobs.runDue();
    const done = (await tm.owner.c.get(`${imports(tm.id)}/${previewed.id}`)).body.import as SlackImport;
    expect(done).toMatchObject({ status: 'done', processedMessages: generated.messages, importedMessages: generated.messages });
    const state = await chatState(t, tm.id);
    expect(state.messages).toBe(generated.messages);
    expect(state.reactions).toBe(generated.reactions);
    expect(state.replies).toBe(generated.threads * 2);
    const distinct = await t.db.kysely
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.count('slack_ts').distinct().as('n'))
      .where('workspace_id', '=', tm.id)
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(generated.messages);
    // Every slice indexed what it wrote for search, and the failed one nothing.
    const indexed = await t.db.kysely
      .selectFrom('search_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', tm.id)
      .where('kind', '=', 'message')
      .executeTakeFirstOrThrow();
    expect(Number(indexed.n)).toBe(generated.messages);
  });

  it('refuses what is not a safe Slack export, and keeps nothing of it', async () => {
    const refused = async (body: Buffer | string, headers: Record<string, string> = ZIP) => {
      const answer = await tm.owner.c.post(imports(tm.id), body, headers);
      return { status: answer.status, error: answer.body.error as string };
    };
    const valid = handMadeExport(tm);
    expect(await refused('just some text')).toEqual({ status: 400, error: slackImportError.notZip });
    expect(await refused(Buffer.from('PK\u0003\u0004 but nothing after', 'latin1'))).toEqual({
      status: 400,
      error: slackImportError.damaged,
    });
    expect(await refused(slackExportZip({ ...valid, extra: [{ name: '../../etc/cron.d/evil.json', data: '[]' }] }))).toEqual({
      status: 400,
      error: slackImportError.unsafePath,
    });
    expect(await refused(slackExportZip({ ...valid, extra: [{ name: '/etc/passwd', data: 'root' }] }))).toEqual({
      status: 400,
      error: slackImportError.unsafePath,
    });
    expect(await refused(slackExportZip({ ...valid, extra: [{ name: 'general\\..\\..\\evil.json', data: '[]' }] }))).toEqual({
      status: 400,
      error: slackImportError.unsafePath,
    });
    // A zip bomb: 17 MB of zeros in a day file packs into a few KB.
    const bomb = Buffer.alloc(17 * 1024 * 1024, 0x20);
    expect(await refused(slackExportZip({ ...valid, extra: [{ name: 'general/2024-03-09.json', data: bomb }] }))).toMatchObject({
      status: 413,
    });
    // The same, with headers that claim it is small: the bytes are counted as they unpack.
    const lying = writeZip([
      { name: 'users.json', data: '[]' },
      { name: 'channels.json', data: JSON.stringify([{ id: 'C1', name: 'general' }]) },
      { name: 'general/2024-03-09.json', data: bomb, claimedSize: 100 },
    ]);
    expect((await refused(lying)).status).toBeGreaterThanOrEqual(400);
    expect(await refused(writeZip([{ name: 'readme.txt', data: 'hello' }]))).toEqual({
      status: 400,
      error: slackImportError.notSlackExport,
    });
    expect(
      await refused(
        writeZip([
          { name: 'users.json', data: '{"not":"a list"}' },
          { name: 'channels.json', data: '[]' },
        ]),
      ),
    ).toEqual({
      status: 400,
      error: slackImportError.badFile('users.json'),
    });
    expect(await refused(Buffer.from('{}'), { 'content-type': 'application/json' })).toEqual({
      status: 415,
      error: slackImportError.wrongType,
    });
    expect((await refused('x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await tm.owner.c.get(imports(tm.id))).body.imports).toEqual([]);
  });

  it('is for owners only: a member is told so before the upload is read, a stranger and another workspace get 404s', async () => {
    const zip = slackExportZip(handMadeExport(tm));
    const refusedMember = await tm.member.c.post(imports(tm.id), zip, ZIP);
    expect(refusedMember).toMatchObject({ status: 403, body: { error: workspaceError.ownerOnly } });
    expect((await tm.member.c.get(imports(tm.id))).status).toBe(403);

    const mine = await upload(tm.owner, tm.id, zip);
    expect((await tm.member.c.post(`${imports(tm.id)}/${mine.id}/start`, {})).status).toBe(403);
    expect((await tm.member.c.get(`${imports(tm.id)}/${mine.id}`)).status).toBe(403);

    const stranger = await person(t, 'Stella Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    for (const answer of [
      await stranger.c.get(imports(tm.id)),
      await stranger.c.post(imports(tm.id), zip, ZIP),
      await stranger.c.get(`${imports(tm.id)}/${mine.id}`),
      await stranger.c.post(`${imports(tm.id)}/${mine.id}/start`, {}),
      await del(stranger.c, `${imports(tm.id)}/${mine.id}`),
    ]) {
      expect(answer).toMatchObject({ status: 404, body: { error: workspaceError.notFound } });
    }
    // The stranger's own workspace does not reach this one's import either.
    for (const answer of [
      await stranger.c.get(`${imports(theirs)}/${mine.id}`),
      await stranger.c.post(`${imports(theirs)}/${mine.id}/start`, {}),
      await del(stranger.c, `${imports(theirs)}/${mine.id}`),
    ]) {
      expect(answer).toMatchObject({ status: 404, body: { error: slackImportError.notFound } });
    }
    expect((await tm.owner.c.get(`${imports(tm.id)}/${mine.id}`)).body.import.status).toBe('previewed');
    // The owner may discard it.
    expect((await del(tm.owner.c, `${imports(tm.id)}/${mine.id}`)).status).toBe(200);
    expect((await tm.owner.c.get(`${imports(tm.id)}/${mine.id}`)).status).toBe(404);
  });

  it('is a 404 to a portal guest', async () => {
    const setup = await portalSetup(t);
    const zip = slackExportZip(handMadeExport(setup));
    const mine = await upload(setup.owner, setup.id, zip);
    for (const answer of [
      await setup.guest.c.get(imports(setup.id)),
      await setup.guest.c.post(imports(setup.id), zip, ZIP),
      await setup.guest.c.get(`${imports(setup.id)}/${mine.id}`),
      await setup.guest.c.post(`${imports(setup.id)}/${mine.id}/start`, {}),
    ]) {
      expect(answer.status).toBe(404);
    }
  });
});

describe.each(engines)('the Slack import allowance on %s', (engine) => {
  const app = useTestApp(engine, { env: { JOBS_POLL_MS: '0' } });

  it('counts uploads per person before reading them', async () => {
    const t = app();
    const tm = await team(t);
    for (let n = 0; n < 10; n += 1) expect((await tm.owner.c.post(imports(tm.id), 'not a zip', ZIP)).status).toBe(400);
    const refused = await tm.owner.c.post(imports(tm.id), 'not a zip', ZIP);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

// A database that fails the insert of one message, as a crash or a full disk would fail a batch.
async function injectFault(t: TestApp, ts: string) {
  const k = t.db.kysely;
  if (t.db.engine === 'postgres') {
    await sql
      .raw(
        `create function slack_fault() returns trigger language plpgsql as $$ begin if new.slack_ts = '${ts}' then raise exception 'injected fault'; end if; return new; end $$`,
      )
      .execute(k);
    await sql.raw('create trigger slack_fault before insert on chat_messages for each row execute function slack_fault()').execute(k);
  } else {
    await sql
      .raw(
        `create trigger slack_fault before insert on chat_messages when new.slack_ts = '${ts}' begin select raise(abort, 'injected fault'); end`,
      )
      .execute(k);
  }
}

async function removeFault(t: TestApp) {
  const k = t.db.kysely;
  await sql.raw('drop trigger slack_fault' + (t.db.engine === 'postgres' ? ' on chat_messages' : '')).execute(k);
  if (t.db.engine === 'postgres') await sql.raw('drop function slack_fault()').execute(k);
}
