import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '#src/server/db/connect.ts';
import type { OneLineRequestLog } from './request-log.ts';
import { createRequestMetrics } from './request-metrics.ts';

// What /metrics serves: the exposition text and its content type.
export interface MetricsEndpoint {
  contentType: string;
  metrics(): Promise<string>;
}

export interface MetricsSources {
  db: Db;
  // Where each answered request is reported (ops/request-log.ts).
  completions: Pick<OneLineRequestLog, 'observe'>;
  // Open live streams (boards and bells) of this instance.
  liveConnections: () => number;
}

// The Prometheus figures of one app (tests run several in a process, so never the global registry):
// Node's own (event-loop lag, memory, handles), every request by route and status (request-metrics.ts),
// and the outbox and job tables read at scrape time, so each instance reports the same shared backlog.
export function createMetrics({ db, liveConnections, completions }: MetricsSources): MetricsEndpoint {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = createRequestMetrics();
  completions.observe((request, reply) =>
    // The route's pattern, never the raw URL: ids would make a series per task.
    requests.record(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000),
  );
  new Gauge({
    name: 'tessera_live_connections',
    help: 'Open live streams (boards and notification bells) on this instance',
    registers: [registry],
    collect() {
      this.set(liveConnections());
    },
  });
  const { poolStats } = db;
  if (poolStats) {
    new Gauge({
      name: 'tessera_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
      },
    });
  }
  const scrapeQuery = new Histogram({
    name: 'tessera_db_scrape_query_seconds',
    help: 'Time the database took to answer the scrape queries (a probe of its latency)',
    registers: [registry],
  });
  new Gauge({
    name: 'tessera_jobs',
    help: 'Durable jobs (emails, notification emails) by kind and status; settled ones are kept 7 days',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      const end = scrapeQuery.startTimer();
      const rows = await db.kysely
        .selectFrom('jobs')
        .select(['kind', 'status', sql<number | string>`count(*)`.as('n')])
        .groupBy(['kind', 'status'])
        .execute();
      end();
      this.reset();
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: 'tessera_webhook_deliveries',
    help: 'Webhook deliveries by status (pending is the outbox backlog)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await db.kysely
        .selectFrom('webhook_deliveries')
        .select(['status', sql<number | string>`count(*)`.as('n')])
        .groupBy('status')
        .execute();
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: 'tessera_notifications',
    help: 'Notifications stored',
    registers: [registry],
    async collect() {
      const row = await db.kysely
        .selectFrom('notifications')
        .select(sql<number | string>`count(*)`.as('n'))
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  return { contentType: registry.contentType, metrics: async () => `${await registry.metrics()}\n${requests.render()}` };
}
