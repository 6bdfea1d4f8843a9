import type { StreamEndReason } from '#src/shared/tasks/paths.ts';
import type { Sessions } from '#src/server/accounts/sessions.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { groupCommit } from '#src/server/db/group-commit.ts';
import { stillMembersAmong } from '#src/server/workspace-access/door.ts';

// Whose stream it is: the session it was opened with, its person and workspace.
export interface StreamHolder {
  workspaceId: string;
  userId: string;
  tokenHash: string;
}

type Answer = StreamEndReason | null;

const keyOf = (holder: StreamHolder) => `${holder.workspaceId} ${holder.userId} ${holder.tokenHash}`;

// Whether each stream's holder may still listen (signed in, a member, not suspended). Every stream asks
// before each batch of live events and on every wake-up of the access channel, and one event or one
// commit makes all the streams of a workspace ask at once (on SQLite each of them twice): the asks of
// one turn of the event loop are answered together, with one query for the sessions and one per
// workspace for the memberships.
export function createStreamStanding({ db, sessions, clock }: { db: Db; sessions: Pick<Sessions, 'activeAmong'>; clock: Clock }) {
  async function look(holders: StreamHolder[]): Promise<Map<string, Answer>> {
    const active = await sessions.activeAmong([...new Set(holders.map((holder) => holder.tokenHash))], clock());
    const byWorkspace = new Map<string, Set<string>>();
    for (const holder of holders) {
      if (!active.has(holder.tokenHash)) continue;
      const people = byWorkspace.get(holder.workspaceId) ?? new Set<string>();
      byWorkspace.set(holder.workspaceId, people.add(holder.userId));
    }
    const members = new Set<string>();
    for (const [workspaceId, people] of byWorkspace) {
      for (const userId of await stillMembersAmong(db.kysely, workspaceId, [...people])) members.add(`${workspaceId} ${userId}`);
    }
    const answers = new Map<string, Answer>();
    for (const holder of holders) {
      const answer = !active.has(holder.tokenHash)
        ? 'signed-out'
        : members.has(`${holder.workspaceId} ${holder.userId}`)
          ? null
          : 'no-access';
      answers.set(keyOf(holder), answer);
    }
    return answers;
  }

  // What arrives while a look runs waits for the next one, so every answer is read after its ask.
  return groupCommit(async (holders: StreamHolder[]) => {
    const answers = await look(holders);
    return holders.map((holder) => answers.get(keyOf(holder)) ?? null);
  });
}

export type StreamStanding = ReturnType<typeof createStreamStanding>;
