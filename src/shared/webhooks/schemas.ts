// The zod request schemas of webhooks (validated by the server, reused by the forms).
import { z } from 'zod';
import { NO_CONTROL, NO_DISGUISE, text } from '#src/shared/validation.ts';
import { webhookError } from './messages.ts';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, WEBHOOK_DESCRIPTION_MAX } from './paths.ts';

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
