import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { apiKeyNotice } from '#src/shared/api-keys/messages.ts';
import { apiKeyPaths, type ApiKeysResponse, type CreatedApiKeyResponse } from '#src/shared/api-keys/paths.ts';
import { ApiKeysResponseSchema, CreatedApiKeyResponseSchema } from '#src/shared/api-keys/responses.ts';
import { CreateApiKeySchema } from '#src/shared/api-keys/schemas.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { ApiKeys } from './service.ts';

// Managing keys is a browser call like any other in the /api scope, through the session door, with the
// same-origin and JSON checks of that scope (product rules S7). A key never authenticates these (K3).
export function registerApiKeyRoutes(app: FastifyInstance, { apiKeys, limiter }: { apiKeys: ApiKeys; limiter: RateLimiter }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(apiKeyPaths.list, { schema: { response: { 200: ApiKeysResponseSchema } } }, async (request): Promise<ApiKeysResponse> =>
    apiKeys.list(scopeFrom(request)),
  );

  api.post(
    apiKeyPaths.list,
    { schema: { body: CreateApiKeySchema, response: { 201: CreatedApiKeyResponseSchema } } },
    async (request, reply): Promise<CreatedApiKeyResponse> => {
      const scope = scopeFrom(request);
      await limiter.checkWrite('api-keys', scope.actor.userId, scope.workspaceId);
      const created = await apiKeys.create(scope, request.body);
      reply.code(201);
      return created;
    },
  );

  api.delete(
    apiKeyPaths.one,
    { schema: { params: pathParams('id', 'keyId'), body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      const scope = scopeFrom(request);
      await limiter.checkWrite('api-keys', scope.actor.userId, scope.workspaceId);
      await apiKeys.revoke(scope, request.params.keyId);
      return { ok: true, message: apiKeyNotice.revoked };
    },
  );
}
