import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/api-paths.ts';
import { apiKeyNotice } from '#src/shared/api-key-messages.ts';
import { apiKeyPaths, CreateApiKeySchema, type ApiKeysResponse, type CreatedApiKeyResponse } from '#src/shared/api-keys.ts';
import { NoBodySchema } from '#src/shared/workspaces.ts';
import { parseBody } from '#src/server/http/errors.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import type { Actor } from '#src/server/workspaces/access.ts';
import type { ApiKeys } from './service.ts';

type Params = { id: string; keyId: string };

// Issue 17: managing keys is a browser call like any other in the /api scope, with the session cookie
// and the same-origin and JSON checks of that scope (product rules S7). A key never authenticates these (K3).
export function registerApiKeyRoutes(app: FastifyInstance, { apiKeys, session }: { apiKeys: ApiKeys; session: SessionHelpers }) {
  async function actor(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
    const signedIn = await session.requireSession(request, reply);
    return { user: signedIn.user, ip: request.ip };
  }
  const params = (request: FastifyRequest) => request.params as Params;

  app.get(apiKeyPaths.list, async (request, reply): Promise<ApiKeysResponse> =>
    apiKeys.list(await actor(request, reply), params(request).id),
  );

  app.post(apiKeyPaths.list, async (request, reply): Promise<CreatedApiKeyResponse> => {
    const who = await actor(request, reply);
    const body = parseBody(CreateApiKeySchema, request.body);
    const created = await apiKeys.create(who, params(request).id, body);
    reply.code(201);
    return created;
  });

  app.delete(apiKeyPaths.one, async (request, reply): Promise<OkResponse> => {
    const who = await actor(request, reply);
    parseBody(NoBodySchema, request.body);
    const { id, keyId } = params(request);
    await apiKeys.revoke(who, id, keyId);
    return { ok: true, message: apiKeyNotice.revoked };
  });
}
