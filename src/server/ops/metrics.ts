import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '#src/server/db/connect.ts';

export interface MetricsSources {
  db: Db;
  // Open live streams (boards and bells) of this instance.
  liveConnections: () => number;
}

// Seconds; the request limits (30 s) end the range.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

// The Prometheus registry of one app (tests run several in a process, so never the global one):
// Node's own figures (event-loop lag, memory, handles), every request by route and status, and the
// outbox and job tables read at scrape time, so each instance reports the same shared backlog.
export function createMetrics(app: FastifyInstance, { db, liveConnections }: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'tessera_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // Each series' counter and histogram, found once: prom-client hashes a labels object on every call,
  // a cost every request paid. Routes, methods and statuses are few, so the map stays small.
  const series = new Map<string, { count: Counter.Internal; time: Histogram.Internal<(typeof labelNames)[number]> }>();
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the raw URL: ids would make a series per task.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let found = series.get(key);
    if (!found) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      found = { count: requests.labels(labels), time: latency.labels(labels) };
      series.set(key, found);
    }
    found.count.inc();
    found.time.observe(reply.elapsedTime / 1000);
    done();
  });
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
  return registry;
}
