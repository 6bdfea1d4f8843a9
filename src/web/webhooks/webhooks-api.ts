import type { OkResponse } from '#src/shared/accounts/paths.ts';
import {
  webhookPaths as paths,
  type WebhookDeliveriesResponse,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
  type WebhookEndpointsResponse,
  type WebhookSecretResponse,
} from '#src/shared/webhooks/paths.ts';
import { type CreateWebhookBody, type UpdateWebhookBody } from '#src/shared/webhooks/schemas.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

// The browser's calls to the webhook endpoints (src/shared/webhooks.ts); each rejects with the server's
// sentence. State changes without data send `{}` (product rules S7).
const NO_BODY = {};
const at = (template: string, id: string, endpointId = '', deliveryId = '') => workspacePath(template, { id, endpointId, deliveryId });

export const webhooksApi = {
  list: (id: string) => api<WebhookEndpointsResponse>('GET', at(paths.list, id)),
  create: (id: string, body: CreateWebhookBody) => api<WebhookSecretResponse>('POST', at(paths.list, id), body),
  update: (id: string, endpointId: string, body: UpdateWebhookBody) =>
    api<WebhookEndpointResponse>('PUT', at(paths.one, id, endpointId), body),
  remove: (id: string, endpointId: string) => api<OkResponse>('DELETE', at(paths.one, id, endpointId), NO_BODY),
  rotate: (id: string, endpointId: string) => api<WebhookSecretResponse>('POST', at(paths.rotate, id, endpointId), NO_BODY),
  test: (id: string, endpointId: string) => api<WebhookDeliveryResponse>('POST', at(paths.test, id, endpointId), NO_BODY),
  deliveries: (id: string, endpointId: string) => api<WebhookDeliveriesResponse>('GET', at(paths.deliveries, id, endpointId)),
  resend: (id: string, endpointId: string, deliveryId: string) =>
    api<WebhookDeliveryResponse>('POST', at(paths.resend, id, endpointId, deliveryId), NO_BODY),
};

// An endpoint's deliveries sit under the workspace's list, so refreshing the list refreshes open logs.
export const webhookKeys = {
  list: (workspaceId: string) => ['webhooks', workspaceId] as const,
  deliveries: (workspaceId: string, endpointId: string) => ['webhooks', workspaceId, endpointId] as const,
};
