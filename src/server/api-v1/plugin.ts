import type { FastifyInstance, RouteOptions } from 'fastify';
import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { serverError } from '#src/shared/server-messages.ts';
import { OPENAPI_PATH, PUBLIC_API_BASE } from '#src/shared/public-api/reference.ts';
import type { Config } from '#src/server/config.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { assertJson } from '#src/server/http/same-origin.ts';
import { lazy } from '#src/server/lazy.ts';
import type { ScopeResolvers } from '#src/server/workspace-access/resolvers.ts';
import { publicSerializerCompiler } from './serializer.ts';
import type { TaskGateway } from './task-gateway.ts';
import { registerPublicTaskRoutes } from './task-routes.ts';

const EXPOSED = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'].join(', ');

export interface PublicApiDeps {
  db: Db;
  resolvers: ScopeResolvers;
  config: Config;
  tasks: TaskGateway;
}

// Product rules K: /api/v1, a scope of its own beside the browser's /api scope, so neither
// the session cookie nor that scope's same-origin and JSON checks (S7) apply here: a key is not ambient
// authority, so there is nothing for another site to forge, and any origin may call it (CORS without
// credentials).
export async function registerPublicApi(app: FastifyInstance, { db, resolvers, config, tasks }: PublicApiDeps) {
  await app.register(
    async (v1) => {
      const serializerCompiler = publicSerializerCompiler(config.env);
      v1.setSerializerCompiler(serializerCompiler);
      v1.addHook('onRequest', (_request, reply, done) => {
        // No-store and the rest of the API's headers come with every /api answer (security-headers.ts).
        reply.header('access-control-allow-origin', '*');
        reply.header('access-control-expose-headers', EXPOSED);
        // Another site's page may read these answers (the key is the authority, not the origin).
        reply.header('cross-origin-resource-policy', 'cross-origin');
        done();
      });
      // The routes as registered, for the document built at its first request (openapi-document.ts).
      const routes: RouteOptions[] = [];
      v1.addHook('onRoute', (route) => {
        if (route.method !== 'HEAD') routes.push(route);
      });
      const openApiDocument = lazy(async () => (await import('./openapi-document.ts')).buildOpenApiDocument(routes));

      // A browser asks before sending the Authorization header from another origin.
      v1.options('/*', { schema: { hide: true } }, async (_request, reply) =>
        reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST, PUT, DELETE')
          .header('access-control-allow-headers', 'Authorization, Content-Type')
          .header('access-control-max-age', '86400')
          .send(),
      );

      // The server URL is this server's own origin + /api/v1, as /docs/api shows it.
      v1.get(OPENAPI_PATH, { schema: { hide: true } }, async (request) => {
        const origin = config.appOrigin ?? `${request.protocol}://${request.host}`;
        const document = await openApiDocument();
        // Use of the API is governed by the terms this server publishes.
        const license = { name: `${PRODUCT_NAME} Terms of Service`, url: `${origin}/terms` };
        return { ...document, info: { ...document.info, license }, servers: [{ url: `${origin}${PUBLIC_API_BASE}` }] };
      });

      v1.setNotFoundHandler(() => {
        throw new HttpError(404, serverError.notFound);
      });

      await v1.register(async (keyed) => {
        keyed.addHook('onRequest', resolvers.apiKey);
        // Product rules K5: bodies are JSON only. Fastify would otherwise read a text/plain body as a
        // string and answer it with the schema's 400.
        keyed.addHook('onRequest', (request, _reply, done) => {
          if (request.method !== 'POST' && request.method !== 'PUT') return done();
          try {
            assertJson(request);
            done();
          } catch (error) {
            done(error as Error);
          }
        });
        registerPublicTaskRoutes(keyed, { tasks, db, serializerCompiler });
      });
    },
    { prefix: PUBLIC_API_BASE },
  );
}
