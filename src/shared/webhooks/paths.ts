// Signed webhooks (product rules H): the API both sides share. Paths are relative to API_BASE;
// `:id` segments are filled with workspacePath() from src/shared/workspaces.ts.

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

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  // 'failing' when the server disabled it after 5 days of failures (product rules H4).
  disabledReason: 'manual' | 'failing' | null;
  // Plain http or a host on the server's own machine: only a development server sends to it.
  local: boolean;
  createdAt: string;
  updatedAt: string;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookAttempt {
  at: string;
  statusCode: number | null;
  durationMs: number;
  // The first 1 KB of the answer's body.
  response: string;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  // The webhook-id header: the same on every attempt, so a receiver can drop duplicates.
  webhookId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  createdAt: string;
  attempts: WebhookAttempt[];
}

export interface WebhookEndpointsResponse {
  endpoints: WebhookEndpoint[];
  // The server runs for development, so http and this machine's addresses are taken (README).
  localAllowed: boolean;
}
export interface WebhookEndpointResponse {
  endpoint: WebhookEndpoint;
}
// Answered by create and rotate only: the secret is never shown again.
export interface WebhookSecretResponse {
  endpoint: WebhookEndpoint;
  secret: string;
}
export interface WebhookDeliveriesResponse {
  deliveries: WebhookDelivery[];
}
export interface WebhookDeliveryResponse {
  delivery: WebhookDelivery;
}
