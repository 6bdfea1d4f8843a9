import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS, type WebhookSecretResponse } from '#src/shared/webhooks/paths.ts';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/support/test-db.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../tests/support/webhook-receiver.ts';
import { createWorkspace, person } from '../../../tests/support/workspaces.ts';
import { enqueueWebhooks } from './outbox.ts';
import { WEBHOOK_LEASE_MS } from './worker.ts';

const EVENTS = 1000;

// Product rules H3 and W7: two instances on one database share the outbox. Every event arrives, and no
// attempt is made twice at the same time (nor, with nothing crashing, twice at all).
describe.each(engines)('webhook delivery by two instances on %s', (engine) => {
  let database: TestDatabase;
  let mail: SmtpSink;
  let a: TestApp;
  let b: TestApp;
  let receiver: WebhookReceiver;
  const inFlight = new Map<string, number>();
  const seen = new Map<string, number>();
  let overlaps = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    mail = await startSmtpSink();
    const env = { WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_POLL_MS: '0', APP_SECRET: 'a-shared-app-secret-of-at-least-32-characters' };
    a = await startTestApp(engine, { database, mail, env });
    b = await startTestApp(engine, { database, mail, env });
    receiver = await startWebhookReceiver(async (_n, request) => {
      const id = String(request.headers['webhook-id']);
      const now = (inFlight.get(id) ?? 0) + 1;
      if (now > 1) overlaps += 1;
      inFlight.set(id, now);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      // Long enough for the other instance to try the same row while this attempt is under way.
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight.set(id, inFlight.get(id)! - 1);
      return 200;
    });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await receiver?.close();
    await mail?.close();
    await database?.drop();
  });

  it(`delivers ${EVENTS} events, each attempt once`, async () => {
    const owner = await person(a, 'Ivy Instances');
    const id = await createWorkspace(owner, 'Scale');
    const created = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, {
      url: receiver.url,
      events: ['task.updated'],
    });
    expect(created.status).toBe(201);
    for (let start = 0; start < EVENTS; start += 100) {
      await a.db.kysely.transaction().execute(async (tx) => {
        for (let n = start; n < start + 100; n++)
          await enqueueWebhooks(tx, { id: `evt_${n}`, type: 'task.updated', workspaceId: id, occurredAt: a.clock.now(), data: { n } });
      });
    }
    const started = Date.now();
    const [madeA, madeB] = await Promise.all([a.app.webhookWorker.runDue(), b.app.webhookWorker.runDue()]);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `${engine}: ${EVENTS} deliveries by two instances in ${seconds.toFixed(2)} s (${Math.round(EVENTS / seconds)}/s); a ${madeA}, b ${madeB}`,
    );
    // On a loaded machine a connection can miss its 3 s connect deadline; that attempt fails, is
    // recorded, and goes again after its back-off, as it should. Those aside, each delivery is
    // attempted once, and never by both instances at the same time.
    const failed = async () =>
      (await a.db.kysely.selectFrom('webhook_attempts').select('delivery_id').where('status_code', 'is', null).execute()).length;
    const failedInDrain = await failed();
    expect(failedInDrain).toBeLessThanOrEqual(5);
    expect(madeA + madeB).toBe(EVENTS + failedInDrain);
    // Both took part.
    expect(madeA).toBeGreaterThan(0);
    expect(madeB).toBeGreaterThan(0);
    expect(overlaps).toBe(0);
    // A retry whose back-off had not passed when the drain ended goes now.
    a.clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    b.clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    await a.app.webhookWorker.runDue();
    const succeeded = await a.db.kysely
      .selectFrom('webhook_attempts')
      .select(['delivery_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status_code', '>=', 200)
      .where('status_code', '<', 300)
      .groupBy('delivery_id')
      .execute();
    expect(succeeded).toHaveLength(EVENTS);
    expect(succeeded.every((row) => Number(row.n) === 1)).toBe(true);
    expect(seen.size).toBe(EVENTS);
    const pending = await a.db.kysely.selectFrom('webhook_deliveries').select('id').where('status', '!=', 'succeeded').execute();
    expect(pending).toEqual([]);
  }, 120_000);

  // A claim outlives any attempt many times over, but an instance that stalls past it loses the delivery
  // to the next: whatever the stalled one then hears, the delivery stays as its new owner left it.
  it('settles an attempt only while its claim holds: a success heard after another instance took the delivery over changes nothing', async () => {
    const owner = await person(a, 'Lena Lease');
    const id = await createWorkspace(owner, 'Leases');
    let answerFirst: (status: number) => void = () => {};
    const held = await startWebhookReceiver((n) => (n === 1 ? new Promise<number>((resolve) => (answerFirst = resolve)) : 500));
    try {
      const created = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, { url: held.url, events: ['task.updated'] });
      expect(created.status).toBe(201);
      await enqueueWebhooks(a.db.kysely, { id: 'evt_lease', type: 'task.updated', workspaceId: id, occurredAt: a.clock.now(), data: {} });
      const stalled = a.app.webhookWorker.runDue();
      await expect.poll(() => held.received.length).toBe(1);
      b.clock.advance(WEBHOOK_LEASE_MS + 1);
      expect(await b.app.webhookWorker.runDue()).toBe(1);
      answerFirst(200);
      expect(await stalled).toBe(1);
      const delivery = await a.db.kysely
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempt_count'])
        .where('event_id', '=', 'evt_lease')
        .executeTakeFirstOrThrow();
      // B's failed attempt stands, its retry to come; A's late success did not mark it delivered.
      expect({ ...delivery, attempt_count: Number(delivery.attempt_count) }).toEqual({ status: 'pending', attempt_count: 1 });
    } finally {
      await held.close();
    }
  });
});
