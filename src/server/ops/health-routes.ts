import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { MetricsEndpoint } from './metrics.ts';
import { LivenessResponseSchema, ReadinessResponseSchema } from '#src/shared/ops/responses.ts';
import { serverError } from '#src/shared/server-messages.ts';
import type { Db } from '#src/server/db/connect.ts';
import { migrationStatus } from '#src/server/db/migrations.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';

export const opsPaths = { healthz: '/healthz', readyz: '/readyz', metrics: '/metrics' } as const;

// A load balancer waits this long at most for the database before calling the instance not ready.
const READY_TIMEOUT_MS = 2000;

export interface HealthDeps {
  db: Db;
  mailer: Mailer;
  metrics: MetricsEndpoint;
  metricsToken: string | null;
  // True once SIGTERM arrived: a draining instance tells its balancer to send no more.
  draining: () => boolean;
}

// Compared as digests, so neither the token's length nor its prefix leaks through timing.
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS).unref()),
  ]);
}

// Outside /api, with no session: what orchestrators and Prometheus call. /metrics exists only with
// METRICS_TOKEN set, and anything but that bearer token gets the same 404 as a path that does not exist.
export function registerHealthRoutes(app: FastifyInstance, { db, mailer, metrics, metricsToken, draining }: HealthDeps) {
  app.get(opsPaths.healthz, { schema: { response: { 200: LivenessResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get(
    opsPaths.readyz,
    { schema: { response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      let database = false;
      let pending: string[] | null = null;
      try {
        await withTimeout(sql`select 1`.execute(db.kysely));
        database = true;
        pending = (await withTimeout(migrationStatus(db.kysely))).pending;
      } catch {
        // Reported below as not ready; the reason is the field that is false.
      }
      const checks = {
        database,
        migrations: pending !== null && pending.length === 0,
        mailTransport: mailer.verify ? 'smtp' : 'console',
        draining: draining(),
      };
      const ready = checks.database && checks.migrations && !checks.draining;
      reply.code(ready ? 200 : 503);
      return { status: ready ? 'ready' : 'not ready', checks, ...(pending?.length ? { pendingMigrations: pending } : {}) };
    },
  );

  app.get(opsPaths.metrics, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!metricsToken || !given || !sameToken(given, metricsToken)) throw new HttpError(404, serverError.notFound);
    reply.header('cache-control', 'no-store').type(metrics.contentType);
    return metrics.metrics();
  });
}
