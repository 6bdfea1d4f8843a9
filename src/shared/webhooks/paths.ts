// Signed webhooks (product rules H): the API both sides share. Paths are relative to API_BASE;
// `:id` segments are filled with workspacePath() from src/shared/workspaces.ts.
import type { z } from 'zod';
import type {
  WebhookAttemptSchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookDeliverySchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointSchema,
  WebhookEndpointsResponseSchema,
  WebhookSecretResponseSchema,
} from './responses.ts';

// The public names of task events (product rules H1); /docs/api lists the same four.
export const WEBHOOK_EVENTS = ['task.created', 'task.updated', 'task.deleted', 'comment.added'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
// Sent only by "Send test event", to that one endpoint, whatever events it chose.
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_ENDPOINTS_MAX = 20;
// Product rules H3: the waits after the 1st … 6th failed attempt; after the 7th the delivery has failed.
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000] as const;
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 10_000;
// A server that does not even accept the connection this fast is treated as down for this attempt.
export const WEBHOOK_CONNECT_TIMEOUT_MS = 3_000;
// Product rules H4: an endpoint that has failed without a success in between for this long is disabled.
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
export const WEBHOOK_RESPONSE_KEPT = 1024;

export const webhookPaths = {
  // GET: the workspace's endpoints; POST: add one (answers its secret, once).
  list: '/workspaces/:id/webhooks',
  // PUT: change description, events, URL or enabled; DELETE: delete it with its log.
  one: '/workspaces/:id/webhooks/:endpointId',
  // POST: a new secret (answered once); the old one stops signing at once.
  rotate: '/workspaces/:id/webhooks/:endpointId/rotate',
  // POST: queue a `webhook.test` event to this endpoint.
  test: '/workspaces/:id/webhooks/:endpointId/test',
  // GET: the latest deliveries with their attempts.
  deliveries: '/workspaces/:id/webhooks/:endpointId/deliveries',
  // POST: "Retry now": send a delivery that has not succeeded at once, with the same webhook-id.
  resend: '/workspaces/:id/webhooks/:endpointId/deliveries/:deliveryId/resend',
} as const;

export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export type WebhookDeliveryStatus = WebhookDelivery['status'];
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export type WebhookEndpointsResponse = z.infer<typeof WebhookEndpointsResponseSchema>;
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponseSchema>;
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponseSchema>;
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponseSchema>;
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponseSchema>;
