import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createWorkspace, person } from '../../../tests/support/workspaces.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { withWorkspace } from './door.ts';

const BURST = 20;
// How long each change of the burst holds its transaction, as a slow write would.
const HOLD_MS = 100;

// One workspace's burst of changes waits behind itself, not in front of another workspace: while a
// burst of slow changes is under way in one workspace, another workspace's board answers after at most
// the change that holds the database, not after the burst. Queued in the database instead, the board's
// read would wait behind every change (SQLite's one connection) or behind the ten the pool's queue holds
// (PostgreSQL).
describe.each(engines)('changes take their turns per workspace on %s', (engine) => {
  const app = useTestApp(engine);

  it("answers another workspace's board while a burst of changes in one workspace is under way", async () => {
    const t = app();
    const busy = await person(t, 'Busy Owner');
    const busyId = await createWorkspace(busy, 'Busy');
    const quiet = await person(t, 'Quiet Owner');
    const quietId = await createWorkspace(quiet, 'Quiet');

    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let done = 0;
    const scope = { workspaceId: busyId, actor: { userId: busy.id, apiKeyId: null, ip: null }, role: 'owner' as const };
    const burst = Array.from({ length: BURST }, (_, n) =>
      withWorkspace(t.db.kysely, scope, 'member', async (tx) => {
        await tx
          .updateTable('workspaces')
          .set({ name: `Busy ${n}` })
          .where('id', '=', busyId)
          .execute();
        holding();
        await sleep(HOLD_MS);
      }).then(() => (done += 1)),
    );
    await held;
    // The board has not been read before, so no remembered answer stands in for the database.
    const answer = await quiet.c.get(`/workspaces/${quietId}/tasks`);
    const doneWhenAnswered = done;
    await Promise.all(burst);

    expect(answer.status).toBe(200);
    expect(doneWhenAnswered).toBeLessThan(BURST / 2);
    expect(done).toBe(BURST);
  });
});
