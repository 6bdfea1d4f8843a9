import type { Kysely } from 'kysely';
import { chatError } from '#src/shared/chat/messages.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { listMembers } from '#src/server/workspace-access/memberships.ts';

export interface ChannelRow {
  id: string;
  name: string;
  kind: 'channel' | 'dm';
  private: number;
  archived_at: number | null;
  created_by: string | null;
  joined: boolean;
}

// A channel of this workspace the person may see: any public one, a private one only as its member.
// Anything else (another workspace's, a private one they are not in, none at all) is the same 404, so
// a private channel's existence is never confirmed to an outsider.
export async function visibleChannel(db: Kysely<Database>, workspaceId: string, userId: string, channelId: string): Promise<ChannelRow> {
  const row = await db
    .selectFrom('chat_channels as c')
    .leftJoin('chat_members as m', (join) => join.onRef('m.channel_id', '=', 'c.id').on('m.user_id', '=', userId))
    .select(['c.id', 'c.name', 'c.kind', 'c.private', 'c.archived_at', 'c.created_by', 'm.user_id as memberId'])
    .where('c.workspace_id', '=', workspaceId)
    .where('c.id', '=', channelId)
    .executeTakeFirst();
  const joined = row?.memberId != null;
  if (!row || (row.private === 1 && !joined)) throw new HttpError(404, chatError.channelNotFound);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    private: row.private,
    archived_at: row.archived_at,
    created_by: row.created_by,
    joined,
  };
}

// Who may read a channel: a private one's members, or every member of the workspace.
export async function channelReaders(db: Kysely<Database>, workspaceId: string, channel: ChannelRow): Promise<string[]> {
  return (await audienceOf(db, channel)) ?? (await listMembers(db, workspaceId)).map((member) => member.userId);
}

// Who hears a channel's live events: a private channel's (or direct message's) members only, named, so
// nobody else even learns its id; undefined for a public channel, which every member hears.
export async function audienceOf(db: Kysely<Database>, channel: ChannelRow): Promise<string[] | undefined> {
  if (channel.private !== 1) return undefined;
  const rows = await db.selectFrom('chat_members').select('user_id').where('channel_id', '=', channel.id).execute();
  return rows.map((row) => row.user_id);
}
