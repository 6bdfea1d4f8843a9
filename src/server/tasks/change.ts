import type { Kysely } from 'kysely';
import type { LiveEventData } from '#src/shared/tasks/paths.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { RecordedEvent } from '#src/server/events/log.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { withWorkspace, type Requirement } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';

// `audience`: only these people hear the event on the live stream (unset: every member).
export type Record = (data: LiveEventData, audience?: string[]) => Promise<RecordedEvent>;
export type Change = <T>(
  scope: WorkspaceScope,
  requirement: Requirement,
  work: (tx: Kysely<Database>, record: Record) => Promise<T>,
  // A change nobody asked for (a board's default columns, made on its first read) is not counted.
  options?: { counted: boolean },
) => Promise<T>;

// One change of a board: counted against the person's and the workspace's write limits (one member
// cannot flood the board for everyone), then through the door (its transaction, the workspace locked),
// its events written inside it, and the live bus told once it has committed (product rules T6).
export function createChange(
  db: Db,
  recordEvent: RecordEvent,
  bus: { poke: (workspaceId: string) => void },
  limiter: Pick<RateLimiter, 'checkWrite'>,
  // Which allowance the writes draw on: chat is counted apart from the board, so a lively channel
  // never stops anyone moving cards.
  limitName = 'board',
): Change {
  return async (scope, requirement, work, { counted } = { counted: true }) => {
    if (counted) await limiter.checkWrite(limitName, scope.actor.userId, scope.workspaceId);
    const result = await withWorkspace(db.kysely, scope, requirement, (tx) =>
      work(tx, (data, audience) =>
        recordEvent(tx, { workspaceId: scope.workspaceId, actorId: scope.actor.userId, data, ...(audience ? { audience } : {}) }),
      ),
    );
    bus.poke(scope.workspaceId);
    return result;
  };
}
