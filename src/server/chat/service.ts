import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { chatError } from '#src/shared/chat/messages.ts';
import {
  CHANNEL_MENTION,
  CHAT_PAGE_SIZE,
  CHAT_SEARCH_MAX,
  GENERAL_CHANNEL,
  THREAD_PAGE_SIZE,
  type Channel,
  type ChatMessage,
  type ChatPerson,
  type ThreadResponse,
} from '#src/shared/chat/paths.ts';
import { mentionedIds } from '#src/shared/notifications/mentions.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { Notify } from '#src/server/notifications/notify.ts';
import { indexMessages, unindexMessage } from '#src/server/search/indexer.ts';
import { createChange, type Record } from '#src/server/tasks/change.ts';
import { readWorkspace } from '#src/server/workspace-access/door.ts';
import { findMember } from '#src/server/workspace-access/memberships.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { audienceOf, channelReaders, visibleChannel, type ChannelRow } from './access.ts';
import { messagesOf, toMessages, type MessageRow } from './message-rows.ts';
import { channelPeople, setPresence } from './presence.ts';

const EXCERPT_MAX = 280;
// A LIKE pattern that finds the words as typed: `%` and `_` in them are plain characters.
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type HistoryQuery = { before?: number; after?: number; q?: string; on?: string };

export interface ChatDeps {
  db: Db;
  clock: Clock;
  recordEvent: RecordEvent;
  bus: { poke: (workspaceId: string) => void };
  limiter: Pick<RateLimiter, 'checkWrite'>;
  notify: Notify;
}

async function latestSeq(db: Kysely<Database>, channelId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

// The channel's own message (not a reply) just before this position, null when none: a page that has
// it as its newest can append the next one from the live stream.
async function seqBefore(db: Kysely<Database>, channelId: string, seq: number): Promise<number | null> {
  const row = await db
    .selectFrom('chat_messages')
    .select('seq')
    .where('channel_id', '=', channelId)
    .where('parent_id', 'is', null)
    .where('seq', '<', seq)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.seq) : null;
}

// Team chat (product rules C): every read and change goes through the door, and a channel the person
// may not see is a 404 (access.ts). Changes are counted against the chat write limits and tell the
// channel's readers on the workspace's live stream: a new message whole, any other change by naming
// the channel (ChatEventData).
export function createChat({ db, clock, recordEvent, bus, limiter, notify }: ChatDeps) {
  const k = db.kysely;
  const change = createChange(db, recordEvent, bus, limiter, 'chat');
  const changed = async (tx: Kysely<Database>, record: Record, channel: ChannelRow, threadId: string | null = null) =>
    record({ type: 'chat.changed', channelId: channel.id, threadId }, await audienceOf(tx, channel));
  const one = async (tx: Kysely<Database>, row: MessageRow, userId: string) => (await toMessages(tx, [row], userId))[0]!;

  async function join(tx: Kysely<Database>, workspaceId: string, channelId: string, userId: string) {
    await tx
      .insertInto('chat_members')
      .values({
        channel_id: channelId,
        user_id: userId,
        workspace_id: workspaceId,
        last_read_seq: await latestSeq(tx, channelId),
        joined_at: clock(),
      })
      .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
      .execute();
  }

  // Every workspace has #general, and every member is in it: made (uncounted, as nobody asked) on the
  // first read that finds either missing.
  async function ensureGeneral(scope: WorkspaceScope): Promise<void> {
    const found = await k
      .selectFrom('chat_channels as c')
      .leftJoin('chat_members as m', (join) => join.onRef('m.channel_id', '=', 'c.id').on('m.user_id', '=', scope.actor.userId))
      .select(['c.id', 'm.user_id'])
      .where('c.workspace_id', '=', scope.workspaceId)
      .where('c.name', '=', GENERAL_CHANNEL)
      .executeTakeFirst();
    if (found?.user_id) return;
    await change(
      scope,
      'member',
      async (tx) => {
        let general = await tx
          .selectFrom('chat_channels')
          .select('id')
          .where('workspace_id', '=', scope.workspaceId)
          .where('name', '=', GENERAL_CHANNEL)
          .executeTakeFirst();
        if (!general) {
          general = { id: randomUUID() };
          await tx
            .insertInto('chat_channels')
            .values({
              id: general.id,
              workspace_id: scope.workspaceId,
              name: GENERAL_CHANNEL,
              private: 0,
              archived_at: null,
              created_by: null,
              created_at: clock(),
            })
            .execute();
        }
        await join(tx, scope.workspaceId, general.id, scope.actor.userId);
      },
      { counted: false },
    );
  }

  async function channelsOf(db: Kysely<Database>, workspaceId: string, userId: string, channelId?: string): Promise<Channel[]> {
    let query = db
      .selectFrom('chat_channels as c')
      .leftJoin('chat_members as m', (join) => join.onRef('m.channel_id', '=', 'c.id').on('m.user_id', '=', userId))
      .select(['c.id', 'c.name', 'c.kind', 'c.private', 'c.archived_at', 'c.created_by', 'm.user_id as member_id', 'm.last_read_seq'])
      // My unread messages in each channel, counted from my read position on along the channel's history
      // index, so a long channel costs what is unread (one count across the workspace walked every message
      // of every channel). Thread replies are read in their thread; the channel counts its own messages.
      .select((eb) =>
        eb
          .selectFrom('chat_messages as msg')
          .select((count) => count.fn.countAll<string | number>().as('n'))
          .where('msg.workspace_id', '=', workspaceId)
          .whereRef('msg.channel_id', '=', 'c.id')
          .where('msg.parent_id', 'is', null)
          .whereRef('msg.seq', '>', 'm.last_read_seq')
          .where((author) => author.or([author('msg.author_id', 'is', null), author('msg.author_id', '<>', userId)]))
          .as('unread'),
      )
      .where('c.workspace_id', '=', workspaceId)
      .where((eb) => eb.or([eb('c.private', '=', 0), eb('m.user_id', 'is not', null)]))
      .orderBy('c.name');
    if (channelId) query = query.where('c.id', '=', channelId);
    const rows = await query.execute();
    const dmIds = rows.filter((row) => row.kind === 'dm').map((row) => row.id);
    const dmPeople =
      dmIds.length === 0
        ? []
        : await db
            .selectFrom('chat_members as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .select(['m.channel_id', 'u.id', 'u.name'])
            .where('m.channel_id', 'in', dmIds)
            .where('m.user_id', '<>', userId)
            .orderBy('u.name')
            .execute();
    return rows.map((row) => {
      const dmWith = dmPeople.filter((person) => person.channel_id === row.id).map((person) => ({ id: person.id, name: person.name }));
      return {
        id: row.id,
        kind: row.kind,
        name: row.kind === 'dm' ? dmWith.map((person) => person.name).join(', ') : row.name,
        dmWith,
        private: row.private === 1,
        archived: row.archived_at !== null,
        joined: row.member_id !== null,
        unread: Number(row.unread ?? 0),
        lastReadSeq: row.last_read_seq === null || Number(row.last_read_seq) === 0 ? null : Number(row.last_read_seq),
        createdBy: row.created_by,
      };
    });
  }

  async function channelFor(tx: Kysely<Database>, scope: WorkspaceScope, channelId: string): Promise<Channel> {
    const [channel] = await channelsOf(tx, scope.workspaceId, scope.actor.userId, channelId);
    return channel!;
  }

  async function requireNameFree(tx: Kysely<Database>, workspaceId: string, name: string) {
    const taken = await tx
      .selectFrom('chat_channels')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (taken) throw new HttpError(409, chatError.nameTaken);
  }

  function requireOpen(channel: ChannelRow) {
    if (channel.archived_at !== null) throw new HttpError(409, chatError.archived);
  }

  // A channel's rename, archive or leave: a direct message has no name, and is nobody's to close.
  function requireNamedChannel(channel: ChannelRow) {
    if (channel.kind === 'dm') throw new HttpError(404, chatError.channelNotFound);
  }

  async function requireMessage(tx: Kysely<Database>, workspaceId: string, channelId: string, messageId: string) {
    const row = await messagesOf(tx, workspaceId).where('m.channel_id', '=', channelId).where('m.id', '=', messageId).executeTakeFirst();
    if (!row) throw new HttpError(404, chatError.messageNotFound);
    return row;
  }

  // The channel the bell and the email open.
  const linkOf = (channel: ChannelRow) => `/chat?${new URLSearchParams({ channel: channel.id })}`;
  const excerptOf = (channel: ChannelRow, body: string) =>
    `${channel.kind === 'dm' ? '' : `#${channel.name}: `}${body.slice(0, EXCERPT_MAX)}`;

  // A mention tells only the people who can read the channel; the rest stay untold, as the words would
  // otherwise reach someone outside a private channel. `@channel` tells every reader. Answers who was told.
  async function notifyMentions(tx: Kysely<Database>, scope: WorkspaceScope, channel: ChannelRow, body: string, before = '') {
    const everyone = CHANNEL_MENTION.test(body) && !CHANNEL_MENTION.test(before);
    const named = mentionedIds(body).filter((id) => !mentionedIds(before).includes(id));
    if (!everyone && named.length === 0) return [];
    const readers = await channelReaders(tx, scope.workspaceId, channel);
    const recipients = everyone ? readers : named.filter((id) => readers.includes(id));
    if (recipients.length === 0) return [];
    return notify(tx, {
      kind: 'mentioned',
      workspaceId: scope.workspaceId,
      actorId: scope.actor.userId,
      recipients,
      excerpt: excerptOf(channel, body),
      link: linkOf(channel),
    });
  }

  async function follow(tx: Kysely<Database>, workspaceId: string, messageId: string, userIds: (string | null)[]) {
    const values = [...new Set(userIds.filter((id): id is string => id !== null))].map((userId) => ({
      message_id: messageId,
      user_id: userId,
      workspace_id: workspaceId,
    }));
    if (values.length === 0) return;
    await tx
      .insertInto('chat_thread_followers')
      .values(values)
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute();
  }

  // A reply: the thread's first message counts it, its author and the replier follow the thread, and the
  // other followers who can still read the channel hear of it (those the reply mentions already did).
  async function reply(tx: Kysely<Database>, scope: WorkspaceScope, channel: ChannelRow, parent: MessageRow, body: string, told: string[]) {
    await tx
      .updateTable('chat_messages')
      .set((eb) => ({ reply_count: eb('reply_count', '+', 1), last_reply_at: clock() }))
      .where('id', '=', parent.id)
      .execute();
    await follow(tx, scope.workspaceId, parent.id, [parent.author_id, scope.actor.userId]);
    const followers = await tx.selectFrom('chat_thread_followers').select('user_id').where('message_id', '=', parent.id).execute();
    const readers = new Set(await channelReaders(tx, scope.workspaceId, channel));
    await notify(tx, {
      kind: 'thread_reply',
      workspaceId: scope.workspaceId,
      actorId: scope.actor.userId,
      recipients: followers.map((row) => row.user_id).filter((id) => readers.has(id) && !told.includes(id)),
      excerpt: excerptOf(channel, body),
      link: linkOf(channel),
    });
  }

  function history(db: Kysely<Database>, workspaceId: string, channelId: string) {
    return messagesOf(db, workspaceId).where('m.channel_id', '=', channelId).where('m.parent_id', 'is', null);
  }

  // One member may send @channel only after seeing what it does; an owner may at once.
  function requireChannelMentionAllowed(scope: WorkspaceScope, body: string, confirmed: boolean | undefined) {
    if (CHANNEL_MENTION.test(body) && scope.role !== 'owner' && confirmed !== true) throw new HttpError(409, chatError.confirmChannel);
  }

  return {
    async listChannels(scope: WorkspaceScope): Promise<{ channels: Channel[]; unreadTotal: number }> {
      await ensureGeneral(scope);
      return readWorkspace(k, scope, 'member', async (db, member) => {
        const channels = await channelsOf(db, member.workspaceId, member.actor.userId);
        return { channels, unreadTotal: channels.reduce((sum, channel) => sum + (channel.archived ? 0 : channel.unread), 0) };
      });
    },

    createChannel(scope: WorkspaceScope, input: { name: string; private?: boolean | undefined }): Promise<Channel> {
      return change(scope, 'member', async (tx, record) => {
        await requireNameFree(tx, scope.workspaceId, input.name);
        const id = randomUUID();
        await tx
          .insertInto('chat_channels')
          .values({
            id,
            workspace_id: scope.workspaceId,
            name: input.name,
            private: input.private ? 1 : 0,
            archived_at: null,
            created_by: scope.actor.userId,
            created_at: clock(),
          })
          .execute();
        await join(tx, scope.workspaceId, id, scope.actor.userId);
        await changed(tx, record, await visibleChannel(tx, scope.workspaceId, scope.actor.userId, id));
        return channelFor(tx, scope, id);
      });
    },

    // The one conversation of exactly these people (me included): found by its key, made on first use.
    openDirect(scope: WorkspaceScope, userIds: string[]): Promise<Channel> {
      return change(scope, 'member', async (tx, record) => {
        const people = [...new Set([scope.actor.userId, ...userIds])].sort();
        for (const id of people) if (!(await findMember(tx, scope.workspaceId, id))) throw new HttpError(400, chatError.dmPeople);
        if (people.length < 2) throw new HttpError(400, chatError.dmPeople);
        const key = people.join(',');
        const found = await tx
          .selectFrom('chat_channels')
          .select('id')
          .where('workspace_id', '=', scope.workspaceId)
          .where('dm_key', '=', key)
          .executeTakeFirst();
        if (found) return channelFor(tx, scope, found.id);
        const id = randomUUID();
        await tx
          .insertInto('chat_channels')
          .values({
            id,
            workspace_id: scope.workspaceId,
            // Never shown (a direct message reads as its people's names); `:` keeps it apart from channel names.
            name: `dm:${id}`,
            kind: 'dm',
            dm_key: key,
            private: 1,
            archived_at: null,
            created_by: scope.actor.userId,
            created_at: clock(),
          })
          .execute();
        for (const person of people) await join(tx, scope.workspaceId, id, person);
        await changed(tx, record, await visibleChannel(tx, scope.workspaceId, scope.actor.userId, id));
        return channelFor(tx, scope, id);
      });
    },

    updateChannel(
      scope: WorkspaceScope,
      channelId: string,
      input: { name?: string | undefined; archived?: boolean | undefined },
    ): Promise<Channel> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        requireNamedChannel(channel);
        if (channel.created_by !== scope.actor.userId && scope.role !== 'owner') throw new HttpError(403, chatError.notYourChannel);
        if (channel.name === GENERAL_CHANNEL) throw new HttpError(409, chatError.generalStays);
        if (input.name !== undefined && input.name !== channel.name) await requireNameFree(tx, scope.workspaceId, input.name);
        await tx
          .updateTable('chat_channels')
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.archived !== undefined ? { archived_at: input.archived ? clock() : null } : {}),
          })
          .where('workspace_id', '=', scope.workspaceId)
          .where('id', '=', channelId)
          .execute();
        await changed(tx, record, channel);
        return channelFor(tx, scope, channelId);
      });
    },

    joinChannel(scope: WorkspaceScope, channelId: string): Promise<Channel> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        await join(tx, scope.workspaceId, channelId, scope.actor.userId);
        await changed(tx, record, channel);
        return channelFor(tx, scope, channelId);
      });
    },

    leaveChannel(scope: WorkspaceScope, channelId: string): Promise<void> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        requireNamedChannel(channel);
        if (channel.name === GENERAL_CHANNEL) throw new HttpError(409, chatError.generalStays);
        // Heard by whoever was in it, the leaver included, so their list drops it at once.
        await changed(tx, record, channel);
        await tx.deleteFrom('chat_members').where('channel_id', '=', channelId).where('user_id', '=', scope.actor.userId).execute();
      });
    },

    // A channel's member adds a teammate (the way into a private channel).
    addMember(scope: WorkspaceScope, channelId: string, userId: string): Promise<Channel> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        requireNamedChannel(channel);
        if (!channel.joined) throw new HttpError(404, chatError.channelNotFound);
        if (!(await findMember(tx, scope.workspaceId, userId))) throw new HttpError(400, chatError.notMember);
        await join(tx, scope.workspaceId, channelId, userId);
        await changed(tx, record, channel);
        return channelFor(tx, scope, channelId);
      });
    },

    // The channel's own messages (replies live in their threads), a page at a time: newest first
    // before a position, oldest first after one, the newest matches of a search, or the position of
    // the first message on a day.
    messages(
      scope: WorkspaceScope,
      channelId: string,
      query: HistoryQuery,
    ): Promise<{ messages: ChatMessage[]; nextCursor: string | null } | { seq: number | null }> {
      return readWorkspace(k, scope, 'member', async (db, member) => {
        await visibleChannel(db, member.workspaceId, member.actor.userId, channelId);
        const base = history(db, member.workspaceId, channelId);
        if (query.on !== undefined) {
          const first = await base
            .where('m.created_at', '>=', Date.parse(`${query.on}T00:00:00Z`))
            .orderBy('m.created_at')
            .orderBy('m.seq')
            .limit(1)
            .executeTakeFirst();
          return { seq: first ? Number(first.seq) : null };
        }
        if (query.q !== undefined) {
          const rows = await base
            .where(sql<boolean>`lower(m.body) like lower(${likePattern(query.q)}) escape '\\'`)
            .orderBy('m.seq', 'desc')
            .limit(CHAT_SEARCH_MAX)
            .execute();
          return { messages: await toMessages(db, rows, member.actor.userId), nextCursor: null };
        }
        if (query.after !== undefined) {
          const rows = await base
            .where('m.seq', '>', query.after)
            .orderBy('m.seq')
            .limit(CHAT_PAGE_SIZE + 1)
            .execute();
          const page = rows.slice(0, CHAT_PAGE_SIZE);
          const messages = await toMessages(db, page, member.actor.userId);
          return { messages, nextCursor: rows.length > CHAT_PAGE_SIZE ? String(page.at(-1)!.seq) : null };
        }
        let older = base.orderBy('m.seq', 'desc').limit(CHAT_PAGE_SIZE + 1);
        if (query.before !== undefined) older = older.where('m.seq', '<', query.before);
        const rows = await older.execute();
        const page = rows.slice(0, CHAT_PAGE_SIZE);
        const messages = await toMessages(db, page, member.actor.userId);
        return { messages, nextCursor: rows.length > CHAT_PAGE_SIZE ? String(page.at(-1)!.seq) : null };
      });
    },

    // A thread's first message and a page of its replies: the latest, or those before `before` (the
    // earlier ones a person scrolls back to), oldest first.
    thread(scope: WorkspaceScope, channelId: string, messageId: string, before: number | null): Promise<ThreadResponse> {
      return readWorkspace(k, scope, 'member', async (db, member) => {
        await visibleChannel(db, member.workspaceId, member.actor.userId, channelId);
        const parent = await requireMessage(db, member.workspaceId, channelId, messageId);
        if (parent.parent_id !== null) throw new HttpError(404, chatError.messageNotFound);
        let newest = messagesOf(db, member.workspaceId)
          .where('m.parent_id', '=', messageId)
          .orderBy('m.seq', 'desc')
          .limit(THREAD_PAGE_SIZE + 1);
        if (before !== null) newest = newest.where('m.seq', '<', before);
        const rows = await newest.execute();
        const replies = rows.slice(0, THREAD_PAGE_SIZE).reverse();
        const following = await db
          .selectFrom('chat_thread_followers')
          .select('user_id')
          .where('message_id', '=', messageId)
          .where('user_id', '=', member.actor.userId)
          .executeTakeFirst();
        const [first, ...rest] = await toMessages(db, [parent, ...replies], member.actor.userId);
        const olderCursor = rows.length > THREAD_PAGE_SIZE ? String(replies[0]!.seq) : null;
        return { parent: first!, replies: rest, following: following !== undefined, olderCursor };
      });
    },

    send(
      scope: WorkspaceScope,
      channelId: string,
      input: { body: string; parentId?: string | undefined; confirmChannel?: boolean | undefined },
    ): Promise<ChatMessage> {
      const { body, parentId } = input;
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        requireOpen(channel);
        requireChannelMentionAllowed(scope, body, input.confirmChannel);
        const parent = parentId === undefined ? null : await requireMessage(tx, scope.workspaceId, channelId, parentId);
        if (parent && parent.parent_id !== null) throw new HttpError(400, chatError.notInThread);
        // Posting in a public channel joins it.
        await join(tx, scope.workspaceId, channelId, scope.actor.userId);
        const id = randomUUID();
        await tx
          .insertInto('chat_messages')
          .values({
            id,
            workspace_id: scope.workspaceId,
            channel_id: channelId,
            author_id: scope.actor.userId,
            body,
            created_at: clock(),
            edited_at: null,
            parent_id: parent?.id ?? null,
          })
          .execute();
        const message = await one(tx, await requireMessage(tx, scope.workspaceId, channelId, id), scope.actor.userId);
        await indexMessages(tx, [{ workspaceId: scope.workspaceId, id, channelId, body }]);
        // What I wrote in the channel I have read.
        if (!parent) {
          await tx
            .updateTable('chat_members')
            .set({ last_read_seq: message.seq })
            .where('channel_id', '=', channelId)
            .where('user_id', '=', scope.actor.userId)
            .execute();
        }
        const told = await notifyMentions(tx, scope, channel, body);
        if (parent) {
          await reply(tx, scope, channel, parent, body, told);
          await changed(tx, record, channel, parent.id);
        } else {
          const previousSeq = await seqBefore(tx, channelId, message.seq);
          await record({ type: 'chat.message', channelId, message, previousSeq }, await audienceOf(tx, channel));
        }
        return message;
      });
    },

    edit(scope: WorkspaceScope, channelId: string, messageId: string, body: string): Promise<ChatMessage> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        requireOpen(channel);
        const before = await requireMessage(tx, scope.workspaceId, channelId, messageId);
        if (before.author_id !== scope.actor.userId) throw new HttpError(403, chatError.notYourMessage);
        // An @channel added by an edit is the owners' alone: nobody is asked to confirm an edit.
        if (!CHANNEL_MENTION.test(before.body)) requireChannelMentionAllowed(scope, body, false);
        await tx
          .updateTable('chat_messages')
          .set({ body, edited_at: clock() })
          .where('workspace_id', '=', scope.workspaceId)
          .where('id', '=', messageId)
          .execute();
        await indexMessages(tx, [{ workspaceId: scope.workspaceId, id: messageId, channelId, body }]);
        // Only people newly mentioned by the edit are told.
        await notifyMentions(tx, scope, channel, body, before.body);
        await changed(tx, record, channel, before.parent_id);
        return one(tx, await requireMessage(tx, scope.workspaceId, channelId, messageId), scope.actor.userId);
      });
    },

    // A thread's first message goes with its replies; a reply leaves its thread one shorter.
    remove(scope: WorkspaceScope, channelId: string, messageId: string): Promise<void> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        const message = await requireMessage(tx, scope.workspaceId, channelId, messageId);
        if (message.author_id !== scope.actor.userId && scope.role !== 'owner') throw new HttpError(403, chatError.notYourMessage);
        await unindexMessage(tx, scope.workspaceId, messageId);
        await tx.deleteFrom('chat_messages').where('workspace_id', '=', scope.workspaceId).where('parent_id', '=', messageId).execute();
        await tx.deleteFrom('chat_messages').where('workspace_id', '=', scope.workspaceId).where('id', '=', messageId).execute();
        if (message.parent_id !== null) {
          await tx
            .updateTable('chat_messages')
            .set((eb) => ({ reply_count: eb('reply_count', '-', 1) }))
            .where('id', '=', message.parent_id)
            .execute();
        }
        await changed(tx, record, channel, message.parent_id);
      });
    },

    // Adds my reaction, or takes it back when I had given it.
    react(scope: WorkspaceScope, channelId: string, messageId: string, emoji: string): Promise<ChatMessage> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        requireOpen(channel);
        const message = await requireMessage(tx, scope.workspaceId, channelId, messageId);
        const mine = (eb: Kysely<Database>) =>
          eb
            .deleteFrom('chat_reactions')
            .where('message_id', '=', messageId)
            .where('reactor_key', '=', scope.actor.userId)
            .where('emoji', '=', emoji);
        const taken = await mine(tx).executeTakeFirst();
        if (Number(taken.numDeletedRows) === 0) {
          await tx
            .insertInto('chat_reactions')
            .values({
              message_id: messageId,
              workspace_id: scope.workspaceId,
              reactor_key: scope.actor.userId,
              user_id: scope.actor.userId,
              emoji,
              created_at: clock(),
            })
            .execute();
        }
        await changed(tx, record, channel, message.parent_id);
        return one(tx, message, scope.actor.userId);
      });
    },

    // "Someone is typing": heard by the channel's readers for a few seconds, never stored past the log.
    typing(scope: WorkspaceScope, channelId: string, threadId: string | null): Promise<void> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        requireOpen(channel);
        await record({ type: 'chat.typing', channelId, threadId }, await audienceOf(tx, channel));
      });
    },

    setPresence(scope: WorkspaceScope, state: 'online' | 'away'): Promise<void> {
      return change(scope, 'member', (tx, record) => setPresence(tx, clock, scope, state, record));
    },

    people(scope: WorkspaceScope, channelId: string): Promise<ChatPerson[]> {
      return readWorkspace(k, scope, 'member', async (db, member) => {
        await visibleChannel(db, member.workspaceId, member.actor.userId, channelId);
        return channelPeople(db, clock(), member.workspaceId, channelId);
      });
    },

    // The read position only moves forward, and never past the channel's last message; kept on the
    // server, so every device of the person agrees.
    markRead(scope: WorkspaceScope, channelId: string, seq: number): Promise<Channel> {
      return change(scope, 'member', async (tx) => {
        await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        const upTo = Math.min(seq, await latestSeq(tx, channelId));
        await tx
          .updateTable('chat_members')
          .set({ last_read_seq: sql<number>`case when last_read_seq > ${upTo} then last_read_seq else ${upTo} end` })
          .where('channel_id', '=', channelId)
          .where('user_id', '=', scope.actor.userId)
          .execute();
        return channelFor(tx, scope, channelId);
      });
    },
  };
}

export type Chat = ReturnType<typeof createChat>;
