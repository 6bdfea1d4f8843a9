import { describe, expect, it } from 'vitest';
import { createWorkspace, person } from '../../../tests/support/workspaces.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { withWorkspace } from './door.ts';

const BURST = 20;

// One workspace's burst of changes waits behind itself, not in front of another workspace: while a
// burst of slow changes is under way in one workspace, another workspace's board still answers.
describe.each(engines)('changes take their turns per workspace on %s', (engine) => {
  const app = useTestApp(engine);

  it("answers another workspace's board while a burst of changes in one workspace is under way", async () => {
    const t = app();
    const busy = await person(t, 'Busy Owner');
    const busyId = await createWorkspace(busy, 'Busy');
    const quiet = await person(t, 'Quiet Owner');
    const quietId = await createWorkspace(quiet, 'Quiet');
    expect((await quiet.c.get(`/workspaces/${quietId}/tasks`)).status).toBe(200);

    // Each change of the burst holds its transaction until the gate opens, as a slow write would.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
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
        await gate;
      }).then(() => (done += 1)),
    );
    await held;
    // The gate stays shut until the other workspace's board has answered: were the board queued behind
    // the burst, it would never answer and the test would time out.
    const answer = await quiet.c.get(`/workspaces/${quietId}/tasks`);
    const doneBeforeBoard = done;
    open();
    await Promise.all(burst);

    expect(answer.status).toBe(200);
    expect(doneBeforeBoard).toBe(0);
    expect(done).toBe(BURST);
  });
});
