// Signed webhooks (issue 18, product rules H): the API both sides share. Paths are relative to API_BASE;
// `:id` segments are filled with workspacePath() from src/shared/workspaces.ts.
import { z } from 'zod';
import { NO_CONTROL, NO_DISGUISE, text } from './contract.ts';
import { webhookError } from './webhook-messages.ts';

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
  // POST: send a failed delivery again, with the same webhook-id.
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

const url = text('URL')
  .trim()
  .min(1, { error: webhookError.urlRequired })
  .max(WEBHOOK_URL_MAX, { error: webhookError.urlTooLong })
  .regex(NO_CONTROL, { error: webhookError.urlInvalid })
  .pipe(z.url({ protocol: /^https?$/, error: webhookError.urlInvalid }));

const description = text('Description')
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, { error: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.` })
  .regex(NO_CONTROL, { error: 'Description contains characters that are not allowed.' })
  .regex(NO_DISGUISE, { error: 'Description contains characters that are not allowed.' });

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among: ${WEBHOOK_EVENTS.join(', ')}.` }), {
    error: webhookError.eventsRequired,
  })
  .min(1, { error: webhookError.eventsRequired })
  .max(WEBHOOK_EVENTS.length, { error: webhookError.eventsRequired })
  .transform((list) => WEBHOOK_EVENTS.filter((name) => list.includes(name)));

export const CreateWebhookSchema = z.strictObject({ url, events, description: description.default('') });
export const UpdateWebhookSchema = z
  .strictObject({
    url: url.optional(),
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean({ error: 'Enabled must be true or false.' }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: webhookError.nothingToChange });

export type CreateWebhookBody = z.input<typeof CreateWebhookSchema>;
export type UpdateWebhookBody = z.input<typeof UpdateWebhookSchema>;
