// The zod schemas of the email campaigns routes' answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the dialog loads.
import { z } from 'zod';
import { RECIPIENT_STATUSES } from './paths.ts';

export const AudienceContactSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  // Set once the contact unsubscribed: they are skipped.
  unsubscribedAt: z.iso.datetime().nullable(),
});

export const AudienceClientSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  contacts: z.array(AudienceContactSchema),
});

export const AudienceResponseSchema = z.strictObject({
  clients: z.array(AudienceClientSchema),
  // Campaign emails this workspace may still send today (UTC), and the daily cap.
  remainingToday: z.number().int().min(0),
  dailyLimit: z.number().int().min(0),
});

export const CampaignRecipientSchema = z.strictObject({
  // The contact and their client as they were when it was sent (the record stays if they are deleted).
  contactId: z.string(),
  clientId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
});

export const CampaignSchema = z.strictObject({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.iso.datetime(),
  // The sender's current name; '' once their account is deleted.
  sentBy: z.string(),
  sent: z.number().int().min(0),
  skipped: z.number().int().min(0),
});

export const CampaignResponseSchema = z.strictObject({
  campaign: CampaignSchema,
  recipients: z.array(CampaignRecipientSchema),
});
