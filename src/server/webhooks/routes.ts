import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/api-paths.ts';
import { webhookNotice } from '#src/shared/webhook-messages.ts';
import {
  CreateWebhookSchema,
  UpdateWebhookSchema,
  webhookPaths,
  type WebhookDeliveriesResponse,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
  type WebhookEndpointsResponse,
  type WebhookSecretResponse,
} from '#src/shared/webhooks.ts';
import { NoBodySchema } from '#src/shared/workspaces.ts';
import { parseBody } from '#src/server/http/errors.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import type { Actor } from '#src/server/workspaces/access.ts';
import type { Webhooks } from './service.ts';

export interface WebhookRouteDeps {
  webhooks: Webhooks;
  session: SessionHelpers;
}

type Params = { id: string; endpointId: string; deliveryId: string };

// Issue 18: the paths of src/shared/webhooks.ts. Same-origin and JSON checks come from the scope's hook.
export function registerWebhookRoutes(app: FastifyInstance, { webhooks, session }: WebhookRouteDeps) {
  async function actor(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
    const signedIn = await session.requireSession(request, reply);
    return { user: signedIn.user, ip: request.ip };
  }
  const params = (request: FastifyRequest) => request.params as Params;

  app.get(webhookPaths.list, async (request, reply): Promise<WebhookEndpointsResponse> => ({
    endpoints: await webhooks.list(await actor(request, reply), params(request).id),
  }));

  app.post(webhookPaths.list, async (request, reply): Promise<WebhookSecretResponse> => {
    const who = await actor(request, reply);
    const body = parseBody(CreateWebhookSchema, request.body);
    const created = await webhooks.create(who, params(request).id, body);
    reply.code(201);
    return created;
  });

  app.put(webhookPaths.one, async (request, reply): Promise<WebhookEndpointResponse> => {
    const who = await actor(request, reply);
    const body = parseBody(UpdateWebhookSchema, request.body);
    const { id, endpointId } = params(request);
    return { endpoint: await webhooks.update(who, id, endpointId, body) };
  });

  app.delete(webhookPaths.one, async (request, reply): Promise<OkResponse> => {
    const who = await actor(request, reply);
    parseBody(NoBodySchema, request.body);
    const { id, endpointId } = params(request);
    await webhooks.remove(who, id, endpointId);
    return { ok: true, message: webhookNotice.deleted };
  });

  app.post(webhookPaths.rotate, async (request, reply): Promise<WebhookSecretResponse> => {
    const who = await actor(request, reply);
    parseBody(NoBodySchema, request.body);
    const { id, endpointId } = params(request);
    return webhooks.rotate(who, id, endpointId);
  });

  app.post(webhookPaths.test, async (request, reply): Promise<WebhookDeliveryResponse> => {
    const who = await actor(request, reply);
    parseBody(NoBodySchema, request.body);
    const { id, endpointId } = params(request);
    const delivery = await webhooks.test(who, id, endpointId);
    reply.code(202);
    return { delivery };
  });

  app.get(webhookPaths.deliveries, async (request, reply): Promise<WebhookDeliveriesResponse> => {
    const who = await actor(request, reply);
    const { id, endpointId } = params(request);
    return { deliveries: await webhooks.deliveries(who, id, endpointId) };
  });

  app.post(webhookPaths.resend, async (request, reply): Promise<WebhookDeliveryResponse> => {
    const who = await actor(request, reply);
    parseBody(NoBodySchema, request.body);
    const { id, endpointId, deliveryId } = params(request);
    const delivery = await webhooks.resend(who, id, endpointId, deliveryId);
    reply.code(202);
    return { delivery };
  });
}
