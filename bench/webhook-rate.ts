// Webhook deliveries per second to a receiver on this machine, from one production server: the outbox is
// filled with pending deliveries for one endpoint (written straight into the server's database, as if a
// burst of changes had just committed), and the rate is counted at the receiver, from the first delivery
// to the last. The server's CPU over the same span gives the cost of one delivery.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { openSqlite, type Engine } from '#src/server/db/connect.ts';
import { insertDelivery } from '#src/server/webhooks/outbox.ts';
import { WEBHOOK_EVENTS } from '#src/shared/webhooks/paths.ts';
import { createTestDatabase } from '../tests/support/test-db.ts';
import { createSignedInAccount } from './account.ts';
import { inBatches } from './insights.ts';
import { call } from './notifications.ts';
import { cpuMs, startServer } from './server.ts';
import { round } from './stats.ts';

// Enough for the worker to reach its pace: a few hundred claims of its per-endpoint cap.
export const WEBHOOK_RATE_DELIVERIES = 5000;

export interface WebhookRateFigures {
  deliveries: number;
  perSecond: number;
  cpuMsPerDelivery: number;
  connections: number;
}

// A receiver as a real one is: keeps connections alive (Node's default), answers 204 at once.
async function startReceiver(expected: number) {
  const arrivals: number[] = [];
  const sockets = new Set<unknown>();
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => (finished = resolve));
  const server = createServer((request, response) => {
    sockets.add(request.socket);
    request.resume();
    request.on('end', () => {
      arrivals.push(performance.now());
      response.writeHead(204).end();
      if (arrivals.length === expected) finished();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    done,
    connections: () => sockets.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function measureWebhookRate(
  port: number,
  engine: Engine,
  deliveries: number,
  nodeArgs: string[] = [],
): Promise<WebhookRateFigures> {
  const receiver = await startReceiver(deliveries);
  const database = engine === 'postgres' ? await createTestDatabase('postgres') : null;
  const env: Record<string, string> = { WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_POLL_MS: '50' };
  if (database) env.DATABASE_URL = database.location;
  const server = await startServer(port, env, nodeArgs);
  const db = database ? await database.open() : await openSqlite(join(server.dataDir, 'tessera.db'));
  try {
    const account = await createSignedInAccount(server);
    const { currentId } = await call<{ currentId: string }>(`${server.url}/api/workspaces`, account.cookie);
    const { endpoint } = await call<{ endpoint: { id: string } }>(
      `${server.url}/api/workspaces/${currentId}/webhooks`,
      account.cookie,
      'POST',
      {
        url: receiver.url,
        events: [...WEBHOOK_EVENTS],
      },
    );
    const now = Date.now();
    const rows = Array.from({ length: deliveries }, (_, i) => i);
    await inBatches(rows, (batch) =>
      db.kysely.transaction().execute(async (tx) => {
        for (const i of batch)
          await insertDelivery(
            tx,
            endpoint.id,
            {
              id: `evt_bench_${i}`,
              type: 'task.updated',
              workspaceId: currentId,
              occurredAt: now,
              data: { id: `task_${i}`, title: `Task ${i}` },
            },
            now,
          );
      }),
    );
    const cpuBefore = cpuMs(server.child.pid!);
    await receiver.done;
    const cpu = cpuMs(server.child.pid!) - cpuBefore;
    const first = receiver.arrivals[0]!;
    const last = receiver.arrivals.at(-1)!;
    return {
      deliveries,
      perSecond: round((deliveries - 1) / ((last - first) / 1000)),
      cpuMsPerDelivery: round(cpu / deliveries, 3),
      connections: receiver.connections(),
    };
  } finally {
    await db.close();
    await server.stop();
    await receiver.close();
    await database?.drop();
  }
}
