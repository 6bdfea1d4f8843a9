import type { Kysely, Selectable } from 'kysely';
import type { LiveEvent, LiveEventData } from '#src/shared/tasks/paths.ts';
import type { Database, WorkspaceEventsTable } from '#src/server/db/schema.ts';

// An event as the log holds it: the public JSON of a LiveEvent, with its id as a number.
export interface RecordedEvent {
  id: number;
  workspaceId: string;
  actorId: string | null;
  occurredAt: number;
  data: LiveEventData;
  // Who may hear it; null: every member of the workspace.
  audience: string[] | null;
}

// Whether this person's stream carries the event: an event with an audience is not even named to
// anyone outside it (a private channel's id is a secret too).
export const hears = (event: RecordedEvent, userId: string) => event.audience === null || event.audience.includes(userId);

// The columns a RecordedEvent is read from.
export const EVENT_COLUMNS = ['id', 'workspace_id', 'actor_id', 'data', 'audience', 'created_at'] as const;

export function fromEventRow(row: Pick<Selectable<WorkspaceEventsTable>, (typeof EVENT_COLUMNS)[number]>): RecordedEvent {
  return {
    id: Number(row.id),
    workspaceId: row.workspace_id,
    actorId: row.actor_id,
    occurredAt: Number(row.created_at),
    data: JSON.parse(row.data) as LiveEventData,
    audience: row.audience === null ? null : (JSON.parse(row.audience) as string[]),
  };
}

export function toLiveEvent(event: RecordedEvent): LiveEvent {
  return {
    ...event.data,
    id: String(event.id),
    workspaceId: event.workspaceId,
    actorId: event.actorId,
    occurredAt: new Date(event.occurredAt).toISOString(),
  };
}

// The workspace's events after `afterId`, oldest first. Within one workspace ids rise in commit order
// (every change locks the workspace row first, product rules T6), so reading "after the last one I
// saw" never skips one.
export async function eventsAfter(db: Kysely<Database>, workspaceId: string, afterId: number, limit: number): Promise<RecordedEvent[]> {
  const rows = await db
    .selectFrom('workspace_events')
    .select(EVENT_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(fromEventRow);
}

// The workspace's last event id (null before any), as a query: read alone, or as a column of a larger
// read that must see the same snapshot (the board's first screen on PostgreSQL).
export const latestEventIdQuery = (db: Kysely<Database>, workspaceId: string) =>
  db
    .selectFrom('workspace_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('workspace_id', '=', workspaceId);

export async function latestEventId(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await latestEventIdQuery(db, workspaceId).executeTakeFirst();
  return Number(row?.id ?? 0);
}

// The last event id of each of these workspaces ("0" before any), one index look-up each.
export async function latestEventIds(db: Kysely<Database>, workspaceIds: string[]): Promise<Record<string, string>> {
  if (workspaceIds.length === 0) return {};
  const rows = await db
    .selectFrom('workspaces as w')
    .select((eb) => [
      'w.id',
      eb
        .selectFrom('workspace_events as e')
        .select('e.id')
        .whereRef('e.workspace_id', '=', 'w.id')
        .orderBy('e.id', 'desc')
        .limit(1)
        .as('last_id'),
    ])
    .where('w.id', 'in', workspaceIds)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.id, String(row.last_id ?? 0)]));
}

// Whether the browser's last id is still in the log: if it was swept (or never was this workspace's),
// what followed it may be gone too, and the browser must refetch instead of replaying.
export async function hasEvent(db: Kysely<Database>, workspaceId: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('workspace_events')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

// product rules T6: the log is for catching up, not an archive; a week covers a laptop closed over a weekend.
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export async function sweepEvents(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('workspace_events')
    .where('created_at', '<', now - EVENT_RETENTION_MS)
    .execute();
}
