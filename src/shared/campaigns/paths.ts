// Email campaigns: an owner's short update to a workspace's client contacts (spec 5's Quick Action "Send
// Email Campaign"). Paths are relative to API_BASE; `:id` segments are filled with workspacePath().
import type { z } from 'zod';
import type {
  AudienceClientSchema,
  AudienceContactSchema,
  AudienceResponseSchema,
  CampaignRecipientSchema,
  CampaignResponseSchema,
  CampaignSchema,
} from './responses.ts';
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 10_000;
// What one send may name: whole clients, and single contacts of other clients.
export const CAMPAIGN_CLIENTS_MAX = 200;
export const CAMPAIGN_CONTACTS_MAX = 500;

// Where an unsubscribe link in a campaign email lands (the token rides in the fragment): a page that
// asks, then POSTs. Opening the link changes nothing, so a mail scanner that follows it unsubscribes nobody.
export const UNSUBSCRIBE_UPDATES_PAGE = '/unsubscribe-updates';

export const campaignPaths = {
  // GET: every client with contacts, each contact's standing, and what today's cap leaves (owner).
  audience: '/workspaces/:id/campaigns/audience',
  // POST: send one (SendCampaignSchema) (owner).
  campaigns: '/workspaces/:id/campaigns',
  // GET: one campaign with who received it and who was skipped (owner).
  campaign: '/workspaces/:id/campaigns/:campaignId',
  // POST ?token=: RFC 8058 one-click unsubscribe of one contact from client updates; no session needed.
  unsubscribe: '/campaigns/unsubscribe',
} as const;

export const RECIPIENT_STATUSES = ['sent', 'unsubscribed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export type AudienceContact = z.infer<typeof AudienceContactSchema>;
export type AudienceClient = z.infer<typeof AudienceClientSchema>;
export type AudienceResponse = z.infer<typeof AudienceResponseSchema>;
export type CampaignRecipient = z.infer<typeof CampaignRecipientSchema>;
export type Campaign = z.infer<typeof CampaignSchema>;
export type CampaignResponse = z.infer<typeof CampaignResponseSchema>;
