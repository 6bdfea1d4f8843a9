import type { AiSettingsResponse } from '#src/shared/ai/paths.ts';
import { aiPaths } from '#src/shared/ai/paths.ts';
import { apiKeyPaths, type ApiKeysResponse } from '#src/shared/api-keys/paths.ts';
import { calendarPaths, type CalendarFeedResponse } from '#src/shared/calendar/paths.ts';
import { githubPaths, type GithubReposResponse } from '#src/shared/github/paths.ts';
import { webhookPaths, type WebhookEndpointsResponse } from '#src/shared/webhooks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

const at = (template: string, id: string) => workspacePath(template, { id });

// The Apps page reads each integration's state from that integration's own endpoint, so what it shows
// is what the integration itself would say.
export const appsApi = {
  github: (id: string) => api<GithubReposResponse>('GET', at(githubPaths.repos, id)),
  calendarFeed: () => api<CalendarFeedResponse>('GET', calendarPaths.feed),
  apiKeys: (id: string) => api<ApiKeysResponse>('GET', at(apiKeyPaths.list, id)),
  webhooks: (id: string) => api<WebhookEndpointsResponse>('GET', at(webhookPaths.list, id)),
  ai: (id: string) => api<AiSettingsResponse>('GET', at(aiPaths.settings, id)),
};

export const appsKeys = {
  github: (id: string) => ['apps', id, 'github'] as const,
  calendarFeed: ['apps', 'calendar-feed'] as const,
  apiKeys: (id: string) => ['apps', id, 'api-keys'] as const,
  webhooks: (id: string) => ['apps', id, 'webhooks'] as const,
  ai: (id: string) => ['apps', id, 'ai'] as const,
};
