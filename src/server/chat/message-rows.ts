import type { Kysely } from 'kysely';
import { chatText } from '#src/shared/chat/messages.ts';
import type { ChatMessage, Reaction } from '#src/shared/chat/paths.ts';
import type { Database } from '#src/server/db/schema.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

// A workspace's messages with their author's current name (an imported author's Slack name when they
// are not a member).
export function messagesOf(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select([
      'm.seq',
      'm.id',
      'm.channel_id',
      'm.author_id',
      'm.body',
      'm.created_at',
      'm.edited_at',
      'm.parent_id',
      'm.reply_count',
      'm.last_reply_at',
      'm.author_name as imported_name',
      'u.name as author_name',
    ])
    .where('m.workspace_id', '=', workspaceId);
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesOf>['executeTakeFirstOrThrow']>>;

// The reactions of these messages, one entry per emoji in the order first given, with whether I gave it.
async function reactionsOf(db: Kysely<Database>, messageIds: string[], userId: string): Promise<Map<string, Reaction[]>> {
  const byMessage = new Map<string, Reaction[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('chat_reactions')
    .select(['message_id', 'emoji', 'reactor_key'])
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .orderBy('emoji')
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    let entry = list.find((reaction) => reaction.emoji === row.emoji);
    if (!entry) list.push((entry = { emoji: row.emoji, count: 0, mine: false }));
    entry.count += 1;
    if (row.reactor_key === userId) entry.mine = true;
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

// Rows as the API answers them, as seen by `userId` (their own reactions marked).
export async function toMessages(db: Kysely<Database>, rows: MessageRow[], userId: string): Promise<ChatMessage[]> {
  const reactions = await reactionsOf(
    db,
    rows.map((row) => row.id),
    userId,
  );
  return rows.map((row) => ({
    id: row.id,
    seq: Number(row.seq),
    channelId: row.channel_id,
    authorId: row.author_id,
    authorName: row.author_name ?? row.imported_name ?? chatText.deletedAuthor,
    body: row.body,
    createdAt: iso(row.created_at),
    editedAt: row.edited_at === null ? null : iso(row.edited_at),
    parentId: row.parent_id,
    replyCount: Number(row.reply_count),
    lastReplyAt: row.last_reply_at === null ? null : iso(row.last_reply_at),
    reactions: reactions.get(row.id) ?? [],
  }));
}
