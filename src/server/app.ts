import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '#src/shared/api-paths.ts';
import { createAccounts } from '#src/server/accounts/service.ts';
import { registerFirebaseAuthRoute } from '#src/server/accounts/firebase-auth-route.ts';
import { registerAccountRoutes } from '#src/server/accounts/routes.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from '#src/server/db/connect.ts';
import { handleError } from '#src/server/http/errors.ts';
import { createRateLimiter } from '#src/server/http/rate-limit.ts';
import { registerSecurityHeaders } from '#src/server/http/security-headers.ts';
import { registerStaticFiles } from '#src/server/http/static-files.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { registerWorkspaceRoutes } from '#src/server/workspaces/routes.ts';
import { createWorkspaces } from '#src/server/workspaces/service.ts';

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
    // A hop count is valid at run time (proxy-addr), though Fastify's types omit numbers.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.setErrorHandler(handleError);
  registerSecurityHeaders(app, {
    googleAuthDomain: config.google?.authDomain ?? null,
    https: config.appOrigin?.startsWith('https:') ?? false,
  });

  const limiter = createRateLimiter(db, clock, config.rateLimitMultiplier);
  const accounts = createAccounts(db, clock, mailer, app.log);
  const workspaces = createWorkspaces(db, clock, mailer, app.log);
  await app.register(
    async (api) => {
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      const routes = registerAccountRoutes(api, { accounts, limiter, clock, config });
      registerFirebaseAuthRoute(api, { google: config.google, accounts, limiter, clock, routes });
      registerWorkspaceRoutes(api, { workspaces, limiter, config, routes });
    },
    { prefix: API_BASE },
  );
  await registerStaticFiles(app, config.staticDir);

  // DESIGN: expired sessions and counters are swept.
  const sweep = setInterval(() => {
    const now = clock();
    Promise.all([accounts.sessions.sweep(now), limiter.sweep()]).catch((error: unknown) => app.log.warn({ err: error }, 'sweep failed'));
  }, 10 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return app;
}
