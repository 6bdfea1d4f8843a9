import type { Kysely } from 'kysely';
import { PRESENCE_STALE_MS, type ChatPerson, type Presence } from '#src/shared/chat/paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { Record } from '#src/server/tasks/change.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';

const presenceOf = (state: string | null, seenAt: number | string | null, now: number): Presence =>
  state === null || seenAt === null || Number(seenAt) < now - PRESENCE_STALE_MS ? 'offline' : (state as Presence);

// Online or away, as each person's open app last said: kept in the database so every instance shows the
// same list. Only a change of what others see (a new state, or back after going stale) is announced.
export async function setPresence(tx: Kysely<Database>, clock: Clock, scope: WorkspaceScope, state: 'online' | 'away', record: Record) {
  const now = clock();
  const before = await tx
    .selectFrom('chat_presence')
    .select(['state', 'seen_at'])
    .where('workspace_id', '=', scope.workspaceId)
    .where('user_id', '=', scope.actor.userId)
    .executeTakeFirst();
  await tx
    .insertInto('chat_presence')
    .values({ workspace_id: scope.workspaceId, user_id: scope.actor.userId, state, seen_at: now })
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doUpdateSet({ state, seen_at: now }))
    .execute();
  if (presenceOf(before?.state ?? null, before?.seen_at ?? null, now) !== state) await record({ type: 'chat.presence' });
}

// A channel's people, by name, with their presence.
export async function channelPeople(db: Kysely<Database>, now: number, workspaceId: string, channelId: string): Promise<ChatPerson[]> {
  const rows = await db
    .selectFrom('chat_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('chat_presence as p', (join) => join.onRef('p.user_id', '=', 'm.user_id').on('p.workspace_id', '=', workspaceId))
    .select(['u.id', 'u.name', 'p.state', 'p.seen_at'])
    .where('m.channel_id', '=', channelId)
    .orderBy('u.name')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, presence: presenceOf(row.state, row.seen_at, now) }));
}
