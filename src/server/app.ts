import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '#src/shared/api-paths.ts';
import { createAccounts } from '#src/server/accounts/service.ts';
import { registerApiKeyRoutes } from '#src/server/api-keys/routes.ts';
import { registerPublicApi } from '#src/server/api-v1/plugin.ts';
import { createTaskGateway } from '#src/server/api-v1/task-gateway.ts';
import { createApiKeys } from '#src/server/api-keys/service.ts';
import { registerFirebaseAuthRoute } from '#src/server/accounts/firebase-auth-route.ts';
import { registerAccountRoutes } from '#src/server/accounts/routes.ts';
import type { Clock } from './clock.ts';
import { configWarnings, type Config } from './config.ts';
import type { Db } from '#src/server/db/connect.ts';
import { answerFrameworkError, handleError } from '#src/server/http/errors.ts';
import { createRateLimiter } from '#src/server/http/rate-limit.ts';
import { registerSecurityHeaders } from '#src/server/http/security-headers.ts';
import { createSessionHelpers } from '#src/server/http/session.ts';
import { registerStaticFiles } from '#src/server/http/static-files.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { registerWorkspaceRoutes } from '#src/server/workspaces/routes.ts';
import { createWorkspaces } from '#src/server/workspaces/service.ts';
import { registerAccountSecurityRoutes } from '#src/server/account-security/routes.ts';
import { createAccountSecurity } from '#src/server/account-security/service.ts';
import { createSecretBox } from '#src/server/security/secret-box.ts';
import { createLiveHub } from '#src/server/events/hub.ts';
import { createEventRecorder } from '#src/server/events/recorder.ts';
import { createEventStreams } from '#src/server/events/sse.ts';
import { registerTaskRoutes } from '#src/server/tasks/routes.ts';
import { createTasks } from '#src/server/tasks/service.ts';
import { countPendingDeliveries } from '#src/server/webhooks/reads.ts';
import { registerWebhookRoutes } from '#src/server/webhooks/routes.ts';
import { enqueueWebhookEvent } from '#src/server/webhooks/outbox.ts';
import { createWebhooks } from '#src/server/webhooks/service.ts';
import { createWebhookWorker, type WebhookWorker } from '#src/server/webhooks/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    // Issue 18: tests drive the outbox by hand with runDue().
    webhookWorker: WebhookWorker;
  }
}
import { rateLimitAlert, raiseAlert } from '#src/server/admin/alerts.ts';
import { registerAdminRoutes } from '#src/server/admin/routes.ts';
import { createAdmin } from '#src/server/admin/service.ts';

export const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTION_TIMEOUT_MS = 60_000;

// Fastify refuses a bare hop count (it cannot vouch for the nearest peer); counted here, a hop count
// trusts that many proxies from our side, so the client cannot add entries that are believed.
function trustProxy(setting: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
}

// Built without listen(), so tests build it with their own database, mailer and clock.
export async function buildApp({ config, db, mailer, clock }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never log secrets: request bodies are not logged, and cookies are redacted.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: trustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // issue 13: a client that sends its request slowly, or not at all, cannot hold a connection: the
    // whole request must arrive within 30 s, and a silent socket closes after 60 s.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // Closing ends every connection, in-flight ones included, so a shutdown never waits on a client.
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 200 },
    // Fastify's own refusals (a malformed URL, …) answer like ours, without echoing the request.
    frameworkErrors: answerFrameworkError,
  });
  for (const warning of configWarnings(config)) app.log.warn(warning);
  app.setErrorHandler(handleError);
  const https = config.appOrigin?.startsWith('https:') ?? false;
  registerSecurityHeaders(app, { googleAuthDomain: config.google?.authDomain ?? null, https });

  // product rules A4: a counter refused again and again raises a System Alert.
  const limiter = createRateLimiter(db, clock, config.rateLimitMultiplier, (key) =>
    raiseAlert(db.kysely, rateLimitAlert(key), clock()).catch((error: unknown) => app.log.warn({ err: error }, 'alert failed')),
  );
  const box = createSecretBox(config.appSecret);
  const security = createAccountSecurity({
    db,
    clock,
    mailer,
    log: app.log,
    box,
    appSecret: config.appSecret,
  });
  const accounts = createAccounts(db, clock, mailer, app.log, config.appSecret, {
    betaApproval: config.betaApproval,
    secondFactor: security.twoFactor.gate,
  });
  const workspaces = createWorkspaces(db, clock, mailer, app.log);
  // Issue 16: in-transaction hooks of every workspace event go in `hooks` (the webhooks outbox, issue 18).
  const hub = createLiveHub(db, clock, app.log);
  const tasks = createTasks(db, clock, createEventRecorder({ engine: db.engine, clock, hooks: [enqueueWebhookEvent] }), hub);
  const streams = createEventStreams(db, hub);
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => hub.close());
  const apiKeys = createApiKeys(db, clock);
  const webhookWorker = createWebhookWorker({
    db,
    clock,
    mailer,
    log: app.log,
    box,
    policy: config.webhooks,
    pollMs: config.webhooks.pollMs,
  });
  const webhooks = createWebhooks({ db, clock, box, policy: config.webhooks, wake: webhookWorker.wake });
  app.decorate('webhookWorker', webhookWorker);
  await app.register(
    async (api) => {
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      const session = createSessionHelpers({ sessions: accounts.sessions, clock, secure: https });
      registerAccountRoutes(api, { accounts, limiter, config, session });
      registerFirebaseAuthRoute(api, { google: config.google, accounts, limiter, clock, session });
      registerWorkspaceRoutes(api, { workspaces, limiter, config, session });
      registerAccountSecurityRoutes(api, { security, accounts, limiter, config, clock, session });
      registerTaskRoutes(api, { tasks, streams, session, db, clock });
      registerApiKeyRoutes(api, { apiKeys, session });
      registerWebhookRoutes(api, { webhooks, session });
      const outboxBacklog = () => countPendingDeliveries(db.kysely);
      registerAdminRoutes(api, {
        admin: createAdmin({ db, clock, mailer, config, log: app.log, outboxBacklog }),
        limiter,
        config,
        session,
      });
    },
    { prefix: API_BASE },
  );
  await registerPublicApi(app, { apiKeys, limiter, config, tasks: createTaskGateway(db.kysely, tasks) });
  await registerStaticFiles(app, config.staticDir);

  // product rules S2 and S6: expired sessions and counters are swept.
  const sweep = setInterval(() => {
    const now = clock();
    Promise.all([accounts.sessions.sweep(now), limiter.sweep(), security.sweep(now)]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'sweep failed'),
    );
  }, 10 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  // Issue 18: the outbox worker runs while the server listens, and finishes its attempts on close.
  app.addHook('onReady', async () => webhookWorker.start());
  app.addHook('onClose', async () => webhookWorker.stop());
  return app;
}
