// Crash safety of webhooks: a burst of 500 task changes while the server is killed with
// SIGKILL partway; after a restart every change that was answered 2xx reaches the receiver at least
// once (product rules H3). Reports deliveries per second and the lost count.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '#src/server/db/connect.ts';
import { WEBHOOK_EVENTS } from '#src/shared/webhooks/paths.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase } from '../support/test-db.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { api, databaseEnv, signedUp, startServer } from './server-process.ts';

const CHANGES = 500;
const CONCURRENCY = 10;
// Past the worker's 60 s lease, so claims the killed process held lapse at once after the restart.
const LEASE_PASSED_MS = 61_000;

export async function webhookCrash(engine: Engine, port: number) {
  const database = await createTestDatabase(engine);
  const mail = await startSmtpSink();
  const receiver = await startWebhookReceiver(() => 204);
  const clockDir = mkdtempSync(join(tmpdir(), 'tessera-clock-'));
  const clockFile = join(clockDir, 'offset');
  writeFileSync(clockFile, '0');
  const env: Record<string, string> = {
    ...databaseEnv(engine, database, mail),
    APP_SECRET: 'webhook-crash-suite-app-secret-0123456789',
    WEBHOOK_ALLOW_LOOPBACK: '1',
    WEBHOOK_POLL_MS: '50',
    TEST_CLOCK_FILE: clockFile,
  };
  try {
    let server = await startServer(env, port);
    const email = `hooks.${engine}.${Date.now().toString(36)}@example.com`;
    const owner = await signedUp(server.url, mail, 'Hook Crash', email, 'hook-crash-pass-1');
    let cookie = owner.cookie;
    const workspaceId = owner.workspaceId;
    const endpoint = await api(
      server.url,
      'POST',
      `/workspaces/${workspaceId}/webhooks`,
      { url: receiver.url, events: [...WEBHOOK_EVENTS] },
      cookie,
    );
    if (endpoint.status !== 201) throw new Error(`endpoint: ${JSON.stringify(endpoint.body)}`);

    const acknowledged: string[] = [];
    let next = 0;
    let alive = true;
    async function client() {
      while (alive && next < CHANGES) {
        const n = next++;
        try {
          const answer = await api(server.url, 'POST', `/workspaces/${workspaceId}/tasks`, { title: `Change ${n}` }, cookie);
          if (answer.status === 201) acknowledged.push(answer.body.task.id as string);
        } catch {
          // the server died under us: this change may or may not have committed
        }
      }
    }
    const started = Date.now();
    // The kill lands partway through the burst, while deliveries are being claimed and sent.
    const killAt = 150 + Math.floor(Math.random() * 200);
    const burst = Array.from({ length: CONCURRENCY }, client);
    while (acknowledged.length < killAt) await new Promise((resolve) => setTimeout(resolve, 5));
    alive = false;
    await server.kill('SIGKILL');
    await Promise.all(burst);
    writeFileSync(clockFile, String(LEASE_PASSED_MS));
    server = await startServer(env, port);
    cookie = (await api(server.url, 'POST', '/login', { email, password: 'hook-crash-pass-1' })).cookie!;
    alive = true;
    await Promise.all(Array.from({ length: CONCURRENCY }, client));

    const burstEnded = Date.now();
    const delivered = () => {
      const ids = new Set<string>();
      for (const received of receiver.received) {
        const payload = JSON.parse(received.body) as { type: string; data: { task?: { id: string } } };
        if (payload.type === 'task.created' && payload.data.task) ids.add(payload.data.task.id);
      }
      return ids;
    };
    const deadline = Date.now() + 60_000;
    while (acknowledged.some((id) => !delivered().has(id)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const seconds = (Date.now() - started) / 1000;
    const drainSeconds = (Date.now() - burstEnded) / 1000;
    const got = delivered();
    const lost = acknowledged.filter((id) => !got.has(id));
    const webhookIds = receiver.received.map((r) => String(r.headers['webhook-id']));
    await server.kill();
    return {
      engine,
      changes: CHANGES,
      killedAfter: killAt,
      acknowledged: acknowledged.length,
      delivered: got.size,
      duplicates: webhookIds.length - new Set(webhookIds).size,
      lost: lost.length,
      seconds: Number(seconds.toFixed(2)),
      // After the last change was answered, until every acknowledged one had arrived.
      drainSeconds: Number(drainSeconds.toFixed(2)),
      deliveriesPerSecond: Math.round(got.size / seconds),
    };
  } finally {
    await receiver.close();
    await mail.close();
    await database.drop();
    rmSync(clockDir, { recursive: true, force: true });
  }
}
