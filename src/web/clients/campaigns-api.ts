import { campaignPaths, type AudienceResponse, type CampaignResponse } from '#src/shared/campaigns/paths.ts';
import type { SendCampaignBody } from '#src/shared/campaigns/schemas.ts';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

// Under ['clients', workspaceId], so a change to clients or contacts refreshes who may be picked.
export const campaignKeys = {
  audience: (id: string) => ['clients', id, 'campaign-audience'] as const,
};

export const campaignsApi = {
  audience: (id: string) => api<AudienceResponse>('GET', workspacePath(campaignPaths.audience, { id })),
  send: (id: string, body: SendCampaignBody) => api<CampaignResponse>('POST', workspacePath(campaignPaths.campaigns, { id }), body),
  // The page an unsubscribe link opens makes the same one-click POST a mail program makes.
  unsubscribe: (token: string) => api<OkResponse>('POST', `${campaignPaths.unsubscribe}?token=${encodeURIComponent(token)}`),
};
