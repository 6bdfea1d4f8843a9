// The zod schemas of the webhooks routes' answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the forms load.
import { z } from 'zod';
import { WEBHOOK_EVENTS } from './paths.ts';

export const WebhookEndpointSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  // 'failing' when the server disabled it after 5 days of failures (product rules H4).
  disabledReason: z.enum(['manual', 'failing']).nullable(),
  // Plain http or a host on the server's own machine: only a development server sends to it.
  local: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const WebhookAttemptSchema = z.strictObject({
  at: z.iso.datetime(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number(),
  // The first 1 KB of the answer's body.
  response: z.string(),
  error: z.string().nullable(),
});

export const WebhookDeliverySchema = z.strictObject({
  id: z.string(),
  // The webhook-id header: the same on every attempt, so a receiver can drop duplicates.
  webhookId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attemptCount: z.number().int(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  attempts: z.array(WebhookAttemptSchema),
});

export const WebhookEndpointsResponseSchema = z.strictObject({
  endpoints: z.array(WebhookEndpointSchema),
  // The server runs for development, so http and this machine's addresses are taken (README).
  localAllowed: z.boolean(),
});
export const WebhookEndpointResponseSchema = z.strictObject({ endpoint: WebhookEndpointSchema });
// Answered by create and rotate only: the secret is never shown again.
export const WebhookSecretResponseSchema = z.strictObject({ endpoint: WebhookEndpointSchema, secret: z.string() });
export const WebhookDeliveriesResponseSchema = z.strictObject({ deliveries: z.array(WebhookDeliverySchema) });
export const WebhookDeliveryResponseSchema = z.strictObject({ delivery: WebhookDeliverySchema });
