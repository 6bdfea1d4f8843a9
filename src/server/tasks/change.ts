import type { Kysely } from 'kysely';
import type { LiveEventData } from '#src/shared/tasks.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { RecordedEvent } from '#src/server/events/log.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import { lockWorkspace, type TaskScope } from './scope.ts';

export type Record = (data: LiveEventData) => Promise<RecordedEvent>;
export type Change = <T>(scope: TaskScope, work: (tx: Kysely<Database>, record: Record) => Promise<T>) => Promise<T>;

// One change of a workspace: its transaction (workspace locked first), its events written inside it,
// and the live bus told once it has committed (product rules T6).
export function createChange(db: Db, recordEvent: RecordEvent, bus: { poke: (workspaceId: string) => void }): Change {
  return async (scope, work) => {
    const result = await db.kysely.transaction().execute(async (tx) => {
      await lockWorkspace(tx, scope.workspaceId);
      return work(tx, (data) => recordEvent(tx, { workspaceId: scope.workspaceId, actorId: scope.actor.userId, data }));
    });
    bus.poke(scope.workspaceId);
    return result;
  };
}
