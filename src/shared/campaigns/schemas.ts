// The zod request schemas of email campaigns (validated by the server, reused by the dialog).
import { z } from 'zod';
import { entityId, MULTILINE_OK, NO_CONTROL, NO_DISGUISE, text } from '#src/shared/validation.ts';
import { CAMPAIGN_BODY_MAX, CAMPAIGN_CLIENTS_MAX, CAMPAIGN_CONTACTS_MAX, CAMPAIGN_SUBJECT_MAX } from './paths.ts';
import { englishNumber } from '#src/shared/english-number.ts';

// A subject is a mail header: one line, nothing invisible.
const subject = text('Subject')
  .trim()
  .min(1, { error: 'Subject is required.' })
  .max(CAMPAIGN_SUBJECT_MAX, { error: `Subject must be at most ${CAMPAIGN_SUBJECT_MAX} characters.` })
  .regex(NO_CONTROL, { error: 'Subject contains characters that are not allowed.' })
  .regex(NO_DISGUISE, { error: 'Subject contains characters that are not allowed.' });

const body = text('Message')
  .trim()
  .min(1, { error: 'Message is required.' })
  .max(CAMPAIGN_BODY_MAX, { error: `Message must be at most ${englishNumber(CAMPAIGN_BODY_MAX)} characters.` })
  .regex(MULTILINE_OK, { error: 'Message contains characters that are not allowed.' });

export const SendCampaignSchema = z
  .strictObject({
    subject,
    body,
    clientIds: z
      .array(entityId('Client'), { error: 'Clients must be a list.' })
      .max(CAMPAIGN_CLIENTS_MAX, { error: `Pick at most ${CAMPAIGN_CLIENTS_MAX} clients.` })
      .default([]),
    contactIds: z
      .array(entityId('Contact'), { error: 'Contacts must be a list.' })
      .max(CAMPAIGN_CONTACTS_MAX, { error: `Pick at most ${CAMPAIGN_CONTACTS_MAX} contacts.` })
      .default([]),
  })
  .refine((campaign) => campaign.clientIds.length + campaign.contactIds.length > 0, {
    error: 'Pick at least one client or contact.',
    path: ['clientIds'],
  });

// The contact's id and the signature, as the unsubscribe link carries them.
export const CampaignUnsubscribeQuerySchema = z.strictObject({
  token: text('Token').regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, { error: 'That unsubscribe link is not valid.' }),
});

export type SendCampaignBody = z.input<typeof SendCampaignSchema>;
