import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { apiKeyNotice } from '#src/shared/api-keys/messages.ts';
import { apiKeyPaths, type ApiKeysResponse, type CreatedApiKeyResponse } from '#src/shared/api-keys/paths.ts';
import { CreateApiKeySchema } from '#src/shared/api-keys/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { parseBody } from '#src/server/http/errors.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { ApiKeys } from './service.ts';

type Params = { id: string; keyId: string };

// Managing keys is a browser call like any other in the /api scope, through the session door, with the
// same-origin and JSON checks of that scope (product rules S7). A key never authenticates these (K3).
export function registerApiKeyRoutes(app: FastifyInstance, { apiKeys, limiter }: { apiKeys: ApiKeys; limiter: RateLimiter }) {
  const params = (request: FastifyRequest) => request.params as Params;

  app.get(apiKeyPaths.list, async (request): Promise<ApiKeysResponse> => apiKeys.list(scopeFrom(request)));

  app.post(apiKeyPaths.list, async (request, reply): Promise<CreatedApiKeyResponse> => {
    const body = parseBody(CreateApiKeySchema, request.body);
    const scope = scopeFrom(request);
    await limiter.checkWrite('api-keys', scope.actor.userId, scope.workspaceId);
    const created = await apiKeys.create(scope, body);
    reply.code(201);
    return created;
  });

  app.delete(apiKeyPaths.one, async (request): Promise<OkResponse> => {
    parseBody(NoBodySchema, request.body);
    const scope = scopeFrom(request);
    await limiter.checkWrite('api-keys', scope.actor.userId, scope.workspaceId);
    await apiKeys.revoke(scope, params(request).keyId);
    return { ok: true, message: apiKeyNotice.revoked };
  });
}
