import { sql, type Kysely } from 'kysely';
import type { LiveEventData } from '#src/shared/tasks/paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Engine } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { RecordedEvent } from './log.ts';

// The PostgreSQL channel every instance listens on; the payload is only the workspace id (NOTIFY
// payloads are capped at 8000 bytes, a task is not): listeners read the rows from the log.
export const EVENTS_CHANNEL = 'tessera_workspace_events';

// Runs inside the transaction of the change, after its event row is written: a hook that throws rolls
// the change back (the webhooks outbox relies on that: no change without its delivery, and no delivery
// without its change).
export type EventHook = (tx: Kysely<Database>, event: RecordedEvent) => Promise<void>;

export interface NewEvent {
  workspaceId: string;
  actorId: string | null;
  data: LiveEventData;
  // Only these people hear it on the live stream (a private channel's members); unset: every member.
  audience?: string[];
}

export type RecordEvent = (tx: Kysely<Database>, event: NewEvent) => Promise<RecordedEvent>;

// product rules T6: the change and its event commit together or not at all. On PostgreSQL the NOTIFY is
// asked for in the same transaction, so other instances hear of it exactly when it is committed.
export function createEventRecorder({ engine, clock, hooks = [] }: { engine: Engine; clock: Clock; hooks?: EventHook[] }): RecordEvent {
  return async function recordEvent(tx, event) {
    const now = clock();
    const insert = tx.insertInto('workspace_events').values({
      workspace_id: event.workspaceId,
      type: event.data.type,
      actor_id: event.actorId,
      data: JSON.stringify(event.data),
      audience: event.audience ? JSON.stringify(event.audience) : null,
      created_at: now,
    });
    // On PostgreSQL the NOTIFY rides on the insert, a round trip fewer for every change: it is sent at
    // commit wherever the transaction asked for it, and dropped with a rollback.
    const row = await (
      engine === 'postgres'
        ? insert.returning(['id', sql<string>`pg_notify(${EVENTS_CHANNEL}, ${event.workspaceId})`.as('notified')])
        : insert.returning('id')
    ).executeTakeFirstOrThrow();
    const recorded: RecordedEvent = {
      id: Number(row.id),
      workspaceId: event.workspaceId,
      actorId: event.actorId,
      occurredAt: now,
      data: event.data,
      audience: event.audience ?? null,
    };
    for (const hook of hooks) await hook(tx, recorded);
    return recorded;
  };
}
