import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { ChatReactionsTable, Database } from '#src/server/db/schema.ts';
import { indexMessages } from '#src/server/search/indexer.ts';
import type { Record } from '#src/server/tasks/change.ts';
import { emojiOf } from './emoji-names.ts';
import { messageBody } from './message-body.ts';
import type { MrkdwnContext } from './mrkdwn.ts';
import type { SlackMessage } from './slack-export.ts';

export interface ImportChannel {
  id: string;
  name: string;
}

export interface Batch {
  importId: string;
  workspaceId: string;
  channel: ImportChannel;
  // In time order, all of one channel.
  messages: SlackMessage[];
  // Where the import stands once this batch is written.
  cursor: { unit: number; offset: number };
  context: MrkdwnContext;
  now: number;
}

// Well below either engine's limit on the values of one statement.
const ROWS_PER_INSERT = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) await insert(rows.slice(start, start + ROWS_PER_INSERT));
}

// One transaction of the import: the batch's messages not imported before (their Slack ts is their key
// in the channel), their reactions, the threads they reply to (counts recounted from the rows, so a run
// again arrives at the same numbers), and the import's cursor and counts, all committed together.
export async function writeBatch(tx: Kysely<Database>, record: Record, batch: Batch): Promise<void> {
  const { channel, messages, context, workspaceId } = batch;
  const wanted = [...new Set(messages.flatMap((message) => (message.threadTs ? [message.ts, message.threadTs] : [message.ts])))];
  const known = new Map<string, { id: string; author_id: string | null }>();
  for (let start = 0; start < wanted.length; start += ROWS_PER_INSERT) {
    const rows = await tx
      .selectFrom('chat_messages')
      .select(['id', 'slack_ts', 'author_id'])
      .where('channel_id', '=', channel.id)
      .where('slack_ts', 'in', wanted.slice(start, start + ROWS_PER_INSERT))
      .execute();
    for (const row of rows) known.set(row.slack_ts!, row);
  }
  const memberOf = (slackId: string | null) => {
    const found = slackId ? context.person(slackId) : undefined;
    return found && 'memberId' in found ? found.memberId : null;
  };
  const fresh = messages.filter((message) => !known.has(message.ts));
  const rows = fresh.map((message) => {
    const id = randomUUID();
    const authorId = memberOf(message.user);
    known.set(message.ts, { id, author_id: authorId });
    const found = message.user ? context.person(message.user) : undefined;
    const authorName = authorId ? null : found && 'name' in found ? found.name : (message.fallbackName ?? message.user ?? 'Slack');
    // A reply whose parent is not in the export (deleted in Slack) stays in the channel.
    const parent = message.threadTs ? known.get(message.threadTs) : undefined;
    return {
      id,
      workspace_id: workspaceId,
      channel_id: channel.id,
      author_id: authorId,
      author_name: authorName,
      body: messageBody(message, context).body,
      created_at: message.createdAt,
      edited_at: message.editedAt,
      parent_id: parent?.id ?? null,
      slack_ts: message.ts,
    };
  });
  // Indexed for search as written: only the rows this slice inserted.
  await insertChunked(rows, async (chunk) => {
    const inserted = await tx
      .insertInto('chat_messages')
      .values(chunk)
      .onConflict((oc) => oc.columns(['channel_id', 'slack_ts']).doNothing())
      .returning(['id', 'body'])
      .execute();
    await indexMessages(
      tx,
      inserted.map((row) => ({ workspaceId, id: row.id, channelId: channel.id, body: row.body })),
    );
  });

  const reactions = new Map<string, Insertable<ChatReactionsTable>>();
  for (const message of fresh) {
    const messageId = known.get(message.ts)!.id;
    for (const reaction of message.reactions) {
      const emoji = emojiOf(reaction.name);
      for (const user of reaction.users) {
        const userId = memberOf(user);
        const reactorKey = userId ?? `slack:${user}`;
        reactions.set(`${messageId} ${reactorKey} ${emoji}`, {
          message_id: messageId,
          workspace_id: workspaceId,
          reactor_key: reactorKey,
          user_id: userId,
          emoji,
          created_at: message.createdAt,
        });
      }
    }
  }
  await insertChunked([...reactions.values()], (chunk) =>
    tx
      .insertInto('chat_reactions')
      .values(chunk)
      .onConflict((oc) => oc.columns(['message_id', 'reactor_key', 'emoji']).doNothing())
      .execute(),
  );

  // Threads: who wrote in one follows it; its count and latest reply come from the rows themselves.
  const authorOf = new Map([...known.values()].map((entry) => [entry.id, entry.author_id]));
  const parents = new Set<string>();
  const followers = new Map<string, { message_id: string; user_id: string; workspace_id: string }>();
  for (const row of rows) {
    if (!row.parent_id) continue;
    parents.add(row.parent_id);
    for (const userId of [row.author_id, authorOf.get(row.parent_id) ?? null]) {
      if (userId) followers.set(`${row.parent_id} ${userId}`, { message_id: row.parent_id, user_id: userId, workspace_id: workspaceId });
    }
  }
  await insertChunked([...followers.values()], (chunk) =>
    tx
      .insertInto('chat_thread_followers')
      .values(chunk)
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute(),
  );
  const parentIds = [...parents];
  for (let start = 0; start < parentIds.length; start += ROWS_PER_INSERT) {
    await tx
      .updateTable('chat_messages as p')
      .set({
        reply_count: sql<number>`(select count(*) from chat_messages r where r.parent_id = p.id)`,
        last_reply_at: sql<number>`(select max(r.created_at) from chat_messages r where r.parent_id = p.id)`,
      })
      .where('p.id', 'in', parentIds.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }

  await tx
    .updateTable('slack_imports')
    .set((eb) => ({
      status: 'running',
      processed_messages: eb('processed_messages', '+', messages.length),
      imported_messages: eb('imported_messages', '+', rows.length),
      cursor_unit: batch.cursor.unit,
      cursor_offset: batch.cursor.offset,
      updated_at: batch.now,
    }))
    .where('id', '=', batch.importId)
    .execute();
  if (rows.length > 0) await record({ type: 'chat.changed', channelId: channel.id, threadId: null });
}
