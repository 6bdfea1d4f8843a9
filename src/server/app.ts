import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { createAccounts } from '#src/server/accounts/service.ts';
import { registerApiKeyRoutes } from '#src/server/api-keys/routes.ts';
import { registerPublicApi } from '#src/server/api-v1/plugin.ts';
import { publicSerializerCompiler } from '#src/server/api-v1/serializer.ts';
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
import { registerCompression } from '#src/server/http/compression.ts';
import { createSessionHelpers } from '#src/server/http/session.ts';
import { registerStaticFiles } from '#src/server/http/static-files.ts';
import { zodCompilers } from '#src/server/http/validation.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { registerWorkspaceRoutes } from '#src/server/workspaces/routes.ts';
import { createWorkspaces } from '#src/server/workspaces/service.ts';
import { registerPasskeyRoutes } from '#src/server/account-security/passkey-routes.ts';
import { createPasskeys, relyingPartyOf } from '#src/server/account-security/passkeys.ts';
import { registerAccountSecurityRoutes } from '#src/server/account-security/routes.ts';
import { createAccountSecurity } from '#src/server/account-security/service.ts';
import { createSecretBox } from '#src/server/security/secret-box.ts';
import { createLiveHub } from '#src/server/events/hub.ts';
import { createEventRecorder } from '#src/server/events/recorder.ts';
import { createEventStreams } from '#src/server/events/sse.ts';
import { createAccountExports } from '#src/server/account-security/export-jobs.ts';
import { watchAccessChanges } from '#src/server/events/access-changes.ts';
import { touchLastContact } from '#src/server/clients/last-contact.ts';
import { createDashboard } from '#src/server/clients/dashboard.ts';
import { createPortal } from '#src/server/clients/portal.ts';
import { registerClientRoutes } from '#src/server/clients/routes.ts';
import { registerCampaignRoutes, registerCampaignUnsubscribeRoute } from '#src/server/campaigns/routes.ts';
import { createCampaigns } from '#src/server/campaigns/service.ts';
import { createClients } from '#src/server/clients/service.ts';
import { recordTaskTransition } from '#src/server/analytics/history.ts';
import { registerAnalyticsRoutes } from '#src/server/analytics/routes.ts';
import { createCalendarFeeds } from '#src/server/calendar/feed.ts';
import { registerCalendarRoutes } from '#src/server/calendar/routes.ts';
import { indexSearchEntries } from '#src/server/search/indexer.ts';
import { registerSearchRoutes } from '#src/server/search/routes.ts';
import { createSearch } from '#src/server/search/service.ts';
import { registerTaskRoutes } from '#src/server/tasks/routes.ts';
import { registerChatRoutes } from '#src/server/chat/routes.ts';
import { createCollab } from '#src/server/docs/collab.ts';
import { createPageImages } from '#src/server/docs/images.ts';
import { registerDocsRoutes } from '#src/server/docs/routes.ts';
import { createHistory } from '#src/server/docs/history.ts';
import { createDocs } from '#src/server/docs/service.ts';
import { createChat } from '#src/server/chat/service.ts';
import { registerSlackImportRoutes } from '#src/server/chat/slack-import/routes.ts';
import { createSlackImports } from '#src/server/chat/slack-import/service.ts';
import { registerAiRoutes } from '#src/server/ai/routes.ts';
import { createAi } from '#src/server/ai/service.ts';
import { createChatProvider } from '#src/server/ai/provider.ts';
import { createTasks } from '#src/server/tasks/service.ts';
import { createUsageCounter } from '#src/server/tasks/usage.ts';
import { countPendingDeliveries } from '#src/server/webhooks/reads.ts';
import { registerWebhookRoutes } from '#src/server/webhooks/routes.ts';
import { createDeliveries } from '#src/server/github/deliveries.ts';
import { registerGithubHookRoute, registerGithubRoutes } from '#src/server/github/routes.ts';
import { createGithub } from '#src/server/github/service.ts';
import { enqueueWebhookEvent } from '#src/server/webhooks/outbox.ts';
import { createWebhooks } from '#src/server/webhooks/service.ts';
import { createWebhookWorker, type WebhookWorker } from '#src/server/webhooks/worker.ts';
import { createJobRunner, type JobRunner } from '#src/server/jobs/runner.ts';
import { createEmailOutbox, type SendLater } from '#src/server/jobs/email-outbox.ts';
import { every, nextDailyAt } from '#src/server/jobs/schedule-times.ts';
import { DIGEST_HOUR_UTC } from '#src/shared/notifications/paths.ts';
import { remindDueTasks } from '#src/server/notifications/due.ts';
import { sendDigests, sendNotificationEmail, type MailContext } from '#src/server/notifications/email.ts';
import { createNotificationLive } from '#src/server/notifications/live.ts';
import { createNotify, NOTIFICATION_EMAIL_JOB } from '#src/server/notifications/notify.ts';
import { registerNotificationRoutes, registerUnsubscribeRoute } from '#src/server/notifications/routes.ts';
import { createNotifications } from '#src/server/notifications/service.ts';
import { createTaskNotificationHook } from '#src/server/notifications/task-hook.ts';
import { createScopeResolvers } from '#src/server/workspace-access/resolvers.ts';
import { registerHealthRoutes } from '#src/server/ops/health-routes.ts';
import { registerDrain } from '#src/server/ops/drain.ts';
import { registerSettingsRoutes } from '#src/server/ops/settings-routes.ts';
import { createBackups } from '#src/server/ops/backups.ts';
import { registerDatabaseRoutes } from '#src/server/ops/database-routes.ts';
import { BACKUP_HOUR_UTC, BACKUP_SCHEDULE_NAME, createDatabaseTools } from '#src/server/ops/database-tools.ts';
import { createSystemSettings } from '#src/server/ops/system-settings.ts';
import { createMetrics } from '#src/server/ops/metrics.ts';
import { requestId } from '#src/server/ops/request-id.ts';
import { OneLineRequestLog } from '#src/server/ops/request-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    // Tests drive the outbox by hand with runDue().
    webhookWorker: WebhookWorker;
    // Durable jobs and schedules; tests drive them by hand with runDue() (JOBS_POLL_MS=0).
    jobs: JobRunner;
    // The email outbox (jobs/email-outbox.ts), for domains built outside buildApp and for tests.
    sendLater: SendLater;
  }
}
import { rateLimitAlert, raiseAlert } from '#src/server/admin/alerts.ts';
import { registerAdminRoutes } from '#src/server/admin/routes.ts';
import { createAdmin } from '#src/server/admin/service.ts';

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
  const requestLog = new OneLineRequestLog();
  // A route's response schema is checked on every answer in tests and development, and skipped in
  // production (plain JSON.stringify, as for a route without one): the same rule as /api/v1's.
  const serializerCompiler = publicSerializerCompiler(config.env);
  const app = Fastify({
    schemaController: zodCompilers(serializerCompiler),
    logger: {
      level: config.logLevel,
      // Never log secrets: request bodies are not logged, and cookies are redacted.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: trustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // A client that sends its request slowly, or not at all, cannot hold a connection: the whole
    // request must arrive within 30 s (REQUEST_TIMEOUT_MS), and a silent socket closes after 60 s.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // Node reads both timeouts when the server is made (set later, a 60 s header timeout stayed in force)
    // and looks for requests past their time only this often (30 s by default): a slow request lived
    // 53–67 s. Given here, it ends within a second of its limit.
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs / 4),
    },
    // Closing ends every connection, in-flight ones included, so a shutdown never waits on a client.
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 200 },
    // Fastify's own refusals (a malformed URL, …) answer like ours, without echoing the request.
    frameworkErrors: answerFrameworkError,
    // Every log line of a request carries its id (reqId), and so does the answer (x-request-id).
    genReqId: requestId,
    // Fastify's two lines per request give way to our one (ops/request-log.ts).
    logController: requestLog,
  });
  for (const warning of configWarnings(config)) app.log.warn(warning);
  app.setErrorHandler(handleError);
  const https = config.appOrigin?.startsWith('https:') ?? false;
  registerSecurityHeaders(app, { googleAuthDomain: config.google?.authDomain ?? null, https });
  registerCompression(app);

  // product rules A4: a counter refused again and again raises a System Alert.
  // System Settings keeps the Config current on every instance (src/server/ops/system-settings.ts).
  const settings = createSystemSettings({ db, clock, config, log: app.log });
  await settings.load();
  app.addHook('onClose', async () => settings.close());
  const limiter = createRateLimiter(
    db,
    clock,
    () => config.rateLimitMultiplier,
    (key) => raiseAlert(db.kysely, rateLimitAlert(key), clock()).catch((error: unknown) => app.log.warn({ err: error }, 'alert failed')),
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
    betaApproval: () => config.betaApproval,
    signupsOpen: () => config.signupsOpen,
    secondFactor: security.twoFactor.gate,
  });
  const jobs = createJobRunner({ db, clock, log: app.log, pollMs: config.jobsPollMs });
  const sendLater = createEmailOutbox(jobs, mailer, db.kysely, clock);
  app.decorate('jobs', jobs);
  app.decorate('sendLater', sendLater);
  const accountExports = createAccountExports({
    db,
    clock,
    jobs,
    sendLater,
    dataDir: config.dataDir,
    origin: config.publicOrigin,
    twoFactorOn: security.twoFactor.isOn,
  });
  // Notifications: `notify(tx, …)` in the transaction of a change; the bell hears it on every instance.
  const live = createNotificationLive(db, app.log);
  app.addHook('onClose', async () => live.close());
  const notify = createNotify({ live, clock });
  const notifications = createNotifications({ db, clock, live, appSecret: config.appSecret });
  const mailContext: MailContext = {
    get origin() {
      return config.publicOrigin;
    },
    appSecret: config.appSecret,
  };
  jobs.handle(NOTIFICATION_EMAIL_JOB, (payload) =>
    sendNotificationEmail(db.kysely, sendLater, mailContext, (payload as { notificationId: string }).notificationId),
  );
  jobs.schedule({
    name: 'notifications.digest',
    next: nextDailyAt(DIGEST_HOUR_UTC),
    run: (now) => sendDigests(db.kysely, sendLater, mailContext, now).then(() => undefined),
  });
  const databaseTools = createDatabaseTools({ db, clock, backups: createBackups({ db, dir: config.backupDir }), log: app.log });
  jobs.schedule({ name: BACKUP_SCHEDULE_NAME, next: nextDailyAt(BACKUP_HOUR_UTC), run: databaseTools.scheduledBackup });
  jobs.schedule({ name: 'notifications.due', next: every(60 * 60_000), run: (now) => remindDueTasks(db.kysely, notify, now) });
  const workspaces = createWorkspaces(db, clock, mailer, app.log, notify);
  // In-transaction hooks of every workspace event go in `hooks` (the webhooks outbox).
  const hub = createLiveHub(db, clock, app.log);
  const recordEvent = createEventRecorder({
    engine: db.engine,
    clock,
    hooks: [enqueueWebhookEvent, createTaskNotificationHook(notify), touchLastContact, indexSearchEntries, recordTaskTransition],
  });
  // After each commit: the board streams, the bells of whoever was notified, and the mail of it.
  const afterChange = {
    poke(workspaceId: string) {
      hub.poke(workspaceId);
      live.flush();
      jobs.wake();
    },
  };
  const countUsage = createUsageCounter(config.quotas);
  const tasks = createTasks({ db, clock, recordEvent, bus: afterChange, limiter, countUsage });
  const clients = createClients({ db, clock, recordEvent, bus: afterChange, workspaces });
  const portal = createPortal({ db, clock, recordEvent, bus: afterChange, countUsage });
  const chat = createChat({ db, clock, recordEvent, bus: afterChange, limiter, notify });
  const campaigns = createCampaigns({
    db,
    clock,
    sendLater,
    recordEvent,
    bus: afterChange,
    origin: config.publicOrigin,
    appSecret: config.appSecret,
    dailyLimit: config.campaignDailyLimit,
  });
  const accessChanges = watchAccessChanges(db, app.log);
  const streams = createEventStreams(db, hub, accessChanges);
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => accessChanges.close());
  const drain = registerDrain(app, streams.closeAll);
  app.addHook('onClose', async () => hub.close());
  const apiKeys = createApiKeys(db, clock);
  const github = createGithub({ db, clock, box, publicOrigin: config.publicOrigin });
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
  const session = createSessionHelpers({ app, sessions: accounts.sessions, clock, secure: https, appSecret: config.appSecret });
  const resolvers = createScopeResolvers({ app, db, session, apiKeys, limiter, keyRateLimit: config.apiRateLimit });
  // Docs' collaboration socket shares the HTTP server's port; closing writes every open page first.
  const collab = createCollab({
    db,
    clock,
    session,
    sessions: accounts.sessions,
    accessChanges,
    appOrigin: () => config.appOrigin,
    redisUrl: config.redisUrl,
    notify,
    log: app.log,
  });
  app.server.on('upgrade', (request, socket, head) => void collab.upgrade(request, socket, head));
  app.addHook('preClose', async () => collab.close());
  await app.register(
    async (api) => {
      // The one door: every /api/workspaces/:id/… route runs with the scope it resolves.
      api.addHook('onRoute', (route) => resolvers.guardWorkspaceRoute(route));
      registerAccountRoutes(api, { accounts, limiter, config, session, serializerCompiler });
      registerFirebaseAuthRoute(api, { google: config.google, accounts, limiter, clock, session });
      registerWorkspaceRoutes(api, { workspaces, limiter, config, session });
      registerAccountSecurityRoutes(api, { security, accounts, limiter, config, clock, session, exports: accountExports });
      const passkeys = createPasskeys({ db, clock, mailer, relying: relyingPartyOf(config.publicOrigin) });
      registerPasskeyRoutes(api, { passkeys, accounts, limiter, session, db });
      registerTaskRoutes(api, { tasks, streams, session, sessions: accounts.sessions, db, clock, serializerCompiler });
      registerApiKeyRoutes(api, { apiKeys, limiter });
      registerChatRoutes(api, { chat });
      registerSlackImportRoutes(api, {
        slackImports: createSlackImports({ db, clock, jobs, recordEvent, bus: afterChange, limiter }),
        limiter,
        resolveScope: resolvers.session,
        appOrigin: config.appOrigin,
      });
      const docsDeps = { db, clock, recordEvent, bus: afterChange, limiter };
      registerDocsRoutes(api, {
        docs: createDocs(docsDeps, collab.live),
        history: createHistory(docsDeps, collab.live),
        images: createPageImages(docsDeps),
        resolveScope: resolvers.session,
        appOrigin: config.appOrigin,
      });
      const provider = config.ai.provider ? createChatProvider(config.ai.provider) : null;
      const ai = createAi({ db, clock, tasks, provider, dailyLimit: config.ai.dailyLimit, log: app.log });
      registerAiRoutes(api, { ai, limiter });
      registerClientRoutes(api, { clients, dashboard: createDashboard(db, clock), portal, limiter, config, session });
      registerCampaignRoutes(api, { campaigns, limiter, db });
      registerWebhookRoutes(api, { webhooks, limiter });
      registerGithubRoutes(api, { github, limiter });
      registerNotificationRoutes(api, { notifications, live, session, limiter, sessions: accounts.sessions, clock });
      registerSearchRoutes(api, { search: createSearch(db), session, limiter });
      registerAnalyticsRoutes(api, { db, clock, limiter });
      registerCalendarRoutes(api, { db, feeds: createCalendarFeeds({ db, clock, box }), session, limiter, config });
      const outboxBacklog = () => countPendingDeliveries(db.kysely);
      registerAdminRoutes(api, {
        admin: createAdmin({ db, clock, mailer, config, log: app.log, outboxBacklog }),
        limiter,
        config,
        session,
      });
      registerSettingsRoutes(api, { settings, limiter, session, config });
      registerDatabaseRoutes(api, { tools: databaseTools, db, limiter, session });
    },
    { prefix: API_BASE },
  );
  registerHealthRoutes(app, {
    db,
    mailer,
    metrics: createMetrics({ db, liveConnections: drain.openStreams, completions: requestLog }),
    metricsToken: config.metricsToken,
    draining: () => app.draining,
  });
  await registerPublicApi(app, { db, resolvers, config, tasks: createTaskGateway(db.kysely, tasks) });
  await registerUnsubscribeRoute(app, { notifications, limiter });
  await registerCampaignUnsubscribeRoute(app, { campaigns, limiter });
  await registerGithubHookRoute(app, {
    deliveries: createDeliveries({ db, clock, github, tasks, recordEvent, bus: afterChange }),
    limiter,
  });
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
  // The outbox worker runs while the server listens, and finishes its attempts on close.
  app.addHook('onReady', async () => webhookWorker.start());
  app.addHook('onClose', async () => webhookWorker.stop());
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  return app;
}
