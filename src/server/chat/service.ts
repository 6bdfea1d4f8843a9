import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { chatError } from '#src/shared/chat/messages.ts';
import { CHAT_PAGE_SIZE, GENERAL_CHANNEL, type Channel, type ChatMessage } from '#src/shared/chat/paths.ts';
import { mentionedIds } from '#src/shared/notifications/mentions.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { Notify } from '#src/server/notifications/notify.ts';
import { createChange, type Record } from '#src/server/tasks/change.ts';
import { readWorkspace } from '#src/server/workspace-access/door.ts';
import { findMember } from '#src/server/workspace-access/memberships.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { channelReaders, visibleChannel, type ChannelRow } from './access.ts';

const EXCERPT_MAX = 280;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

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

function messagesOf(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.seq', 'm.id', 'm.channel_id', 'm.author_id', 'm.body', 'm.created_at', 'm.edited_at', 'u.name as author_name'])
    .where('m.workspace_id', '=', workspaceId);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesOf>['executeTakeFirstOrThrow']>>;

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  seq: Number(row.seq),
  channelId: row.channel_id,
  authorId: row.author_id,
  authorName: row.author_name ?? 'Deleted account',
  body: row.body,
  createdAt: iso(row.created_at),
  editedAt: row.edited_at === null ? null : iso(row.edited_at),
});

// Team chat (product rules C): every read and change goes through the door, and a channel the person
// may not see is a 404 (access.ts). Changes are counted against the chat write limits and tell the
// workspace's live stream which channel changed, never what was said.
export function createChat({ db, clock, recordEvent, bus, limiter, notify }: ChatDeps) {
  const k = db.kysely;
  const change = createChange(db, recordEvent, bus, limiter, 'chat');
  const changed = (record: Record, channelId: string) => record({ type: 'chat.changed', channelId });

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
      .select(['c.id', 'c.name', 'c.private', 'c.archived_at', 'c.created_by', 'm.user_id as member_id', 'm.last_read_seq'])
      .where('c.workspace_id', '=', workspaceId)
      .where((eb) => eb.or([eb('c.private', '=', 0), eb('m.user_id', 'is not', null)]))
      .orderBy('c.name');
    if (channelId) query = query.where('c.id', '=', channelId);
    const rows = await query.execute();
    const counts = await db
      .selectFrom('chat_messages as msg')
      .innerJoin('chat_members as m', (join) => join.onRef('m.channel_id', '=', 'msg.channel_id').on('m.user_id', '=', userId))
      .select(['msg.channel_id', (eb) => eb.fn.countAll<string | number>().as('unread')])
      .where('msg.workspace_id', '=', workspaceId)
      .whereRef('msg.seq', '>', 'm.last_read_seq')
      .where((eb) => eb.or([eb('msg.author_id', 'is', null), eb('msg.author_id', '<>', userId)]))
      .groupBy('msg.channel_id')
      .execute();
    const unread = new Map(counts.map((row) => [row.channel_id, Number(row.unread)]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      private: row.private === 1,
      archived: row.archived_at !== null,
      joined: row.member_id !== null,
      unread: unread.get(row.id) ?? 0,
      lastReadSeq: row.last_read_seq === null || Number(row.last_read_seq) === 0 ? null : Number(row.last_read_seq),
      createdBy: row.created_by,
    }));
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

  async function requireMessage(tx: Kysely<Database>, workspaceId: string, channelId: string, messageId: string) {
    const row = await messagesOf(tx, workspaceId).where('m.channel_id', '=', channelId).where('m.id', '=', messageId).executeTakeFirst();
    if (!row) throw new HttpError(404, chatError.messageNotFound);
    return row;
  }

  // A mention tells only the people who can read the channel; the rest stay untold, as the words would
  // otherwise reach someone outside a private channel.
  async function notifyMentions(tx: Kysely<Database>, scope: WorkspaceScope, channel: ChannelRow, body: string, before: string[] = []) {
    const fresh = mentionedIds(body).filter((id) => !before.includes(id));
    if (fresh.length === 0) return;
    const readers = new Set(await channelReaders(tx, scope.workspaceId, channel));
    await notify(tx, {
      kind: 'mentioned',
      workspaceId: scope.workspaceId,
      actorId: scope.actor.userId,
      recipients: fresh.filter((id) => readers.has(id)),
      excerpt: `#${channel.name}: ${body.slice(0, EXCERPT_MAX)}`,
    });
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
        await changed(record, id);
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
        await changed(record, channelId);
        return channelFor(tx, scope, channelId);
      });
    },

    joinChannel(scope: WorkspaceScope, channelId: string): Promise<Channel> {
      return change(scope, 'member', async (tx, record) => {
        await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        await join(tx, scope.workspaceId, channelId, scope.actor.userId);
        await changed(record, channelId);
        return channelFor(tx, scope, channelId);
      });
    },

    leaveChannel(scope: WorkspaceScope, channelId: string): Promise<void> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        if (channel.name === GENERAL_CHANNEL) throw new HttpError(409, chatError.generalStays);
        await tx.deleteFrom('chat_members').where('channel_id', '=', channelId).where('user_id', '=', scope.actor.userId).execute();
        await changed(record, channelId);
      });
    },

    // A channel's member adds a teammate (the way into a private channel).
    addMember(scope: WorkspaceScope, channelId: string, userId: string): Promise<Channel> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        if (!channel.joined) throw new HttpError(404, chatError.channelNotFound);
        if (!(await findMember(tx, scope.workspaceId, userId))) throw new HttpError(400, chatError.notMember);
        await join(tx, scope.workspaceId, channelId, userId);
        await changed(record, channelId);
        return channelFor(tx, scope, channelId);
      });
    },

    // Newest first, a page at a time; `before` is the seq of the oldest message the browser has.
    messages(
      scope: WorkspaceScope,
      channelId: string,
      before: number | null,
    ): Promise<{ messages: ChatMessage[]; nextCursor: string | null }> {
      return readWorkspace(k, scope, 'member', async (db, member) => {
        await visibleChannel(db, member.workspaceId, member.actor.userId, channelId);
        let query = messagesOf(db, member.workspaceId)
          .where('m.channel_id', '=', channelId)
          .orderBy('m.seq', 'desc')
          .limit(CHAT_PAGE_SIZE + 1);
        if (before !== null) query = query.where('m.seq', '<', before);
        const rows = await query.execute();
        const page = rows.slice(0, CHAT_PAGE_SIZE).map(toMessage);
        return { messages: page, nextCursor: rows.length > CHAT_PAGE_SIZE ? String(page.at(-1)!.seq) : null };
      });
    },

    send(scope: WorkspaceScope, channelId: string, body: string): Promise<ChatMessage> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        requireOpen(channel);
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
          })
          .execute();
        const message = toMessage(await requireMessage(tx, scope.workspaceId, channelId, id));
        // What I wrote I have read.
        await tx
          .updateTable('chat_members')
          .set({ last_read_seq: message.seq })
          .where('channel_id', '=', channelId)
          .where('user_id', '=', scope.actor.userId)
          .execute();
        await notifyMentions(tx, scope, channel, body);
        await changed(record, channelId);
        return message;
      });
    },

    edit(scope: WorkspaceScope, channelId: string, messageId: string, body: string): Promise<ChatMessage> {
      return change(scope, 'member', async (tx, record) => {
        const channel = await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        requireOpen(channel);
        const before = await requireMessage(tx, scope.workspaceId, channelId, messageId);
        if (before.author_id !== scope.actor.userId) throw new HttpError(403, chatError.notYourMessage);
        await tx
          .updateTable('chat_messages')
          .set({ body, edited_at: clock() })
          .where('workspace_id', '=', scope.workspaceId)
          .where('id', '=', messageId)
          .execute();
        // Only people newly mentioned by the edit are told.
        await notifyMentions(tx, scope, channel, body, mentionedIds(before.body));
        await changed(record, channelId);
        return toMessage(await requireMessage(tx, scope.workspaceId, channelId, messageId));
      });
    },

    remove(scope: WorkspaceScope, channelId: string, messageId: string): Promise<void> {
      return change(scope, 'member', async (tx, record) => {
        await visibleChannel(tx, scope.workspaceId, scope.actor.userId, channelId);
        const message = await requireMessage(tx, scope.workspaceId, channelId, messageId);
        if (message.author_id !== scope.actor.userId && scope.role !== 'owner') throw new HttpError(403, chatError.notYourMessage);
        await tx.deleteFrom('chat_messages').where('workspace_id', '=', scope.workspaceId).where('id', '=', messageId).execute();
        await changed(record, channelId);
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
