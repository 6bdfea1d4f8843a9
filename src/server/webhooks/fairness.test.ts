import { describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINTS_MAX, type WebhookSecretResponse } from '#src/shared/webhooks/paths.ts';
import { webhookAttemptError } from '#src/shared/webhooks/messages.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { startWebhookReceiver } from '../../../tests/support/webhook-receiver.ts';
import { createWorkspace, person } from '../../../tests/support/workspaces.ts';
import { enqueueWebhooks } from './outbox.ts';
import { WEBHOOK_IN_FLIGHT_PER_WORKSPACE, WEBHOOK_REST_MS } from './worker.ts';

const LOOPBACK = { WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_POLL_MS: '0' };

async function workspaceWithEndpoints(t: TestApp, name: string, url: string, count: number) {
  const owner = await person(t, `${name} Owner`);
  const id = await createWorkspace(owner, name);
  for (let n = 0; n < count; n++) {
    const created = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, {
      url: `${url}?n=${n}`,
      events: ['task.created'],
    });
    expect(created.status).toBe(201);
  }
  return id;
}

async function queueEvents(t: TestApp, workspaceId: string, count: number) {
  await t.db.kysely.transaction().execute(async (tx) => {
    for (let n = 0; n < count; n++) {
      await enqueueWebhooks(tx, {
        id: `evt_${workspaceId}_${n}`,
        type: 'task.created',
        workspaceId,
        occurredAt: t.clock.now(),
        data: { n },
      });
    }
  });
}

// One workspace's endpoints that never answer cannot hold up another workspace's deliveries: the
// worker caps what one workspace has in flight, refills as attempts end, and rests endpoints that time out.
describe.each(engines)('fair webhook delivery on %s', (engine) => {
  const app = useTestApp(engine, { env: LOOPBACK });

  it('delivers another workspace’s event while one workspace’s endpoints hang, then rests the hanging endpoints', async () => {
    const t = app();
    let answer!: () => void;
    const held = new Promise<number>((resolve) => (answer = () => resolve(200)));
    const silent = await startWebhookReceiver(() => held);
    const quick = await startWebhookReceiver(() => 204);
    try {
      const slow = await workspaceWithEndpoints(t, 'Slow', silent.url, WEBHOOK_ENDPOINTS_MAX);
      const other = await workspaceWithEndpoints(t, 'Other', quick.url, 1);
      // The hanging workspace's 60 deliveries are all older than the other's first one.
      await queueEvents(t, slow, 3);
      await queueEvents(t, other, 1);

      const draining = t.app.webhookWorker.runDue();
      await expect.poll(() => quick.received.length, { timeout: 5000 }).toBe(1);
      // A delivery that arrives while every place the worker holds is hanging goes out on the next look
      // (the poll's), not when a place frees up ten seconds later.
      await t.db.kysely
        .transaction()
        .execute((tx) =>
          enqueueWebhooks(tx, { id: `evt_${other}_later`, type: 'task.created', workspaceId: other, occurredAt: t.clock.now(), data: {} }),
        );
      void t.app.webhookWorker.runDue();
      await expect.poll(() => quick.received.length, { timeout: 5000 }).toBe(2);
      // Delivered while every attempt to the hanging endpoints is still waiting, and those hold no
      // more places than their workspace's cap.
      expect(silent.received.length).toBeLessThanOrEqual(WEBHOOK_IN_FLIGHT_PER_WORKSPACE);

      // Each hanging attempt times out; its endpoint then rests, so the worker stops trying them.
      // (Attempts claimed in the moment between one timing out and its endpoint resting hang too.)
      const made = await draining;
      expect(made).toBeLessThan(3 * WEBHOOK_ENDPOINTS_MAX);
      const attempts = await t.db.kysely.selectFrom('webhook_attempts').select('error').execute();
      expect(attempts.filter((attempt) => attempt.error === webhookAttemptError.timeout)).toHaveLength(made - 2);
      const endpoints = await t.db.kysely
        .selectFrom('webhook_endpoints')
        .select(['resting_until', 'timeouts_in_a_row'])
        .where('workspace_id', '=', slow)
        .execute();
      expect(endpoints.every((endpoint) => endpoint.resting_until !== null && Number(endpoint.timeouts_in_a_row) >= 1)).toBe(true);
      expect(await t.app.webhookWorker.runDue()).toBe(0);

      // Rested, and answering again: everything still owed arrives, and the rest is forgotten.
      answer();
      t.clock.advance(2 * WEBHOOK_REST_MS + 60_000);
      await t.app.webhookWorker.runDue();
      const left = await t.db.kysely.selectFrom('webhook_deliveries').select('id').where('status', '!=', 'succeeded').execute();
      expect(left).toEqual([]);
      const rested = await t.db.kysely
        .selectFrom('webhook_endpoints')
        .select(['resting_until', 'timeouts_in_a_row'])
        .where('workspace_id', '=', slow)
        .execute();
      expect(rested.every((endpoint) => endpoint.resting_until === null && Number(endpoint.timeouts_in_a_row) === 0)).toBe(true);
    } finally {
      answer();
      await silent.close();
      await quick.close();
    }
  }, 40_000);
});
