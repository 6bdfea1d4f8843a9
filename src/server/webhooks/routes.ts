import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { webhookNotice } from '#src/shared/webhooks/messages.ts';
import { CreateWebhookSchema, UpdateWebhookSchema } from '#src/shared/webhooks/schemas.ts';
import {
  webhookPaths,
  type WebhookDeliveriesResponse,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
  type WebhookEndpointsResponse,
  type WebhookSecretResponse,
} from '#src/shared/webhooks/paths.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Webhooks } from './service.ts';

export interface WebhookRouteDeps {
  webhooks: Webhooks;
  limiter: RateLimiter;
}

type Params = { id: string; endpointId: string; deliveryId: string };

// The paths of src/shared/webhooks; the door resolved the scope. Same-origin and JSON checks come from
// the /api scope's hook.
export function registerWebhookRoutes(app: FastifyInstance, { webhooks, limiter }: WebhookRouteDeps) {
  const params = (request: FastifyRequest) => request.params as Params;
  // Changing endpoints is an everyday write; a test or a resend sends a request to the internet, so it
  // is counted far tighter (one owner once queued 1,116 tests in 5 seconds).
  const changing = async (request: FastifyRequest): Promise<WorkspaceScope> => {
    const scope = scopeFrom(request);
    await limiter.checkWrite('webhooks', scope.actor.userId, scope.workspaceId);
    return scope;
  };
  const sending = async (request: FastifyRequest): Promise<WorkspaceScope> => {
    const scope = scopeFrom(request);
    await limiter.perPerson('webhookSend', scope.actor.userId, scope.workspaceId);
    return scope;
  };

  app.get(webhookPaths.list, async (request): Promise<WebhookEndpointsResponse> => ({
    endpoints: await webhooks.list(scopeFrom(request)),
    localAllowed: webhooks.localAllowed,
  }));

  app.post(webhookPaths.list, async (request, reply): Promise<WebhookSecretResponse> => {
    const body = parseBody(CreateWebhookSchema, request.body);
    const created = await webhooks.create(await changing(request), body);
    reply.code(201);
    return created;
  });

  app.put(webhookPaths.one, async (request): Promise<WebhookEndpointResponse> => {
    const body = parseBody(UpdateWebhookSchema, request.body);
    const { endpointId } = params(request);
    return { endpoint: await webhooks.update(await changing(request), endpointId, body) };
  });

  app.delete(webhookPaths.one, async (request): Promise<OkResponse> => {
    parseBody(NoBodySchema, request.body);
    const { endpointId } = params(request);
    await webhooks.remove(await changing(request), endpointId);
    return { ok: true, message: webhookNotice.deleted };
  });

  app.post(webhookPaths.rotate, async (request): Promise<WebhookSecretResponse> => {
    parseBody(NoBodySchema, request.body);
    const { endpointId } = params(request);
    return webhooks.rotate(await changing(request), endpointId);
  });

  app.post(webhookPaths.test, async (request, reply): Promise<WebhookDeliveryResponse> => {
    parseBody(NoBodySchema, request.body);
    const { endpointId } = params(request);
    const delivery = await webhooks.test(await sending(request), endpointId);
    reply.code(202);
    return { delivery };
  });

  app.get(webhookPaths.deliveries, async (request): Promise<WebhookDeliveriesResponse> => {
    const { endpointId } = params(request);
    return { deliveries: await webhooks.deliveries(scopeFrom(request), endpointId) };
  });

  app.post(webhookPaths.resend, async (request, reply): Promise<WebhookDeliveryResponse> => {
    parseBody(NoBodySchema, request.body);
    const { endpointId, deliveryId } = params(request);
    const delivery = await webhooks.resend(await sending(request), endpointId, deliveryId);
    reply.code(202);
    return { delivery };
  });
}
