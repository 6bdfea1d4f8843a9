import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { firstIssueMessage } from '#src/shared/contract.ts';
import { serverError } from '#src/shared/messages.ts';
import { OPENAPI_PATH, PUBLIC_API_BASE } from '#src/shared/public-api-reference.ts';
import type { ApiKeys } from '#src/server/api-keys/service.ts';
import type { Config } from '#src/server/config.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { createKeyAuth } from './key-auth.ts';
import { swaggerOptions } from './openapi.ts';
import type { TaskGateway } from './task-gateway.ts';
import { registerPublicTaskRoutes } from './task-routes.ts';

// Bad input answers like everywhere else: 400 with the first issue as one sentence (product rules S1).
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new HttpError(400, firstIssueMessage(result.error)) };
  };

const EXPOSED = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'].join(', ');

export interface PublicApiDeps {
  apiKeys: ApiKeys;
  limiter: RateLimiter;
  config: Config;
  tasks: TaskGateway;
}

// Issue 17 (product rules K): /api/v1, a scope of its own beside the browser's /api scope, so neither
// the session cookie nor that scope's same-origin and JSON checks (S7) apply here: a key is not ambient
// authority, so there is nothing for another site to forge, and any origin may call it (CORS without
// credentials).
export async function registerPublicApi(app: FastifyInstance, { apiKeys, limiter, config, tasks }: PublicApiDeps) {
  await app.register(
    async (v1) => {
      v1.setValidatorCompiler(validatorCompiler);
      v1.setSerializerCompiler(serializerCompiler);
      v1.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        reply.header('access-control-allow-origin', '*');
        reply.header('access-control-expose-headers', EXPOSED);
        // Another site's page may read these answers (the key is the authority, not the origin).
        reply.header('cross-origin-resource-policy', 'cross-origin');
        done();
      });
      await v1.register(fastifySwagger, swaggerOptions);

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
        return { ...v1.swagger(), servers: [{ url: `${origin}${PUBLIC_API_BASE}` }] };
      });

      v1.setNotFoundHandler(() => {
        throw new HttpError(404, serverError.notFound);
      });

      await v1.register(async (keyed) => {
        const auth = createKeyAuth({ apiKeys, limiter, limited: config.apiRateLimit });
        keyed.addHook('onRequest', auth.authenticate);
        registerPublicTaskRoutes(keyed, { auth, tasks });
      });
    },
    { prefix: PUBLIC_API_BASE },
  );
}
