import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { webhookNotice } from '#src/shared/webhooks/messages.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import {
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointsResponseSchema,
  WebhookSecretResponseSchema,
} from '#src/shared/webhooks/responses.ts';
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
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { pathParams } from '#src/server/http/validation.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Webhooks } from './service.ts';

export interface WebhookRouteDeps {
  webhooks: Webhooks;
  limiter: RateLimiter;
}

// The paths of src/shared/webhooks; the door resolved the scope. Same-origin and JSON checks come from
// the /api scope's hook.
export function registerWebhookRoutes(app: FastifyInstance, { webhooks, limiter }: WebhookRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const endpoint = pathParams('id', 'endpointId');
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

  api.get(
    webhookPaths.list,
    { schema: { response: { 200: WebhookEndpointsResponseSchema } } },
    async (request): Promise<WebhookEndpointsResponse> => ({
      endpoints: await webhooks.list(scopeFrom(request)),
      localAllowed: webhooks.localAllowed,
    }),
  );

  api.post(
    webhookPaths.list,
    { schema: { body: CreateWebhookSchema, response: { 201: WebhookSecretResponseSchema } } },
    async (request, reply): Promise<WebhookSecretResponse> => {
      const created = await webhooks.create(await changing(request), request.body);
      reply.code(201);
      return created;
    },
  );

  api.put(
    webhookPaths.one,
    { schema: { params: endpoint, body: UpdateWebhookSchema, response: { 200: WebhookEndpointResponseSchema } } },
    async (request): Promise<WebhookEndpointResponse> => ({
      endpoint: await webhooks.update(await changing(request), request.params.endpointId, request.body),
    }),
  );

  api.delete(
    webhookPaths.one,
    { schema: { params: endpoint, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await webhooks.remove(await changing(request), request.params.endpointId);
      return { ok: true, message: webhookNotice.deleted };
    },
  );

  api.post(
    webhookPaths.rotate,
    { schema: { params: endpoint, body: NoBodySchema, response: { 200: WebhookSecretResponseSchema } } },
    async (request): Promise<WebhookSecretResponse> => webhooks.rotate(await changing(request), request.params.endpointId),
  );

  api.post(
    webhookPaths.test,
    { schema: { params: endpoint, body: NoBodySchema, response: { 202: WebhookDeliveryResponseSchema } } },
    async (request, reply): Promise<WebhookDeliveryResponse> => {
      const delivery = await webhooks.test(await sending(request), request.params.endpointId);
      reply.code(202);
      return { delivery };
    },
  );

  api.get(
    webhookPaths.deliveries,
    { schema: { params: endpoint, response: { 200: WebhookDeliveriesResponseSchema } } },
    async (request): Promise<WebhookDeliveriesResponse> => ({
      deliveries: await webhooks.deliveries(scopeFrom(request), request.params.endpointId),
    }),
  );

  api.post(
    webhookPaths.resend,
    {
      schema: {
        params: pathParams('id', 'endpointId', 'deliveryId'),
        body: NoBodySchema,
        response: { 202: WebhookDeliveryResponseSchema },
      },
    },
    async (request, reply): Promise<WebhookDeliveryResponse> => {
      const { endpointId, deliveryId } = request.params;
      const delivery = await webhooks.resend(await sending(request), endpointId, deliveryId);
      reply.code(202);
      return { delivery };
    },
  );
}
