import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { apiKeyPaths, type ApiKeysResponse, type CreatedApiKeyResponse } from '#src/shared/api-keys/paths.ts';
import { type CreateApiKeyBody } from '#src/shared/api-keys/schemas.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

// The settings page's calls for API keys (src/shared/api-keys.ts). Each rejects with the
// server's sentence (ApiError).
export const apiKeysApi = {
  list: (id: string) => api<ApiKeysResponse>('GET', workspacePath(apiKeyPaths.list, { id })),
  create: (id: string, body: CreateApiKeyBody) => api<CreatedApiKeyResponse>('POST', workspacePath(apiKeyPaths.list, { id }), body),
  // Every state-changing request is JSON (product rules S7), so revoking sends `{}`.
  revoke: (id: string, keyId: string) => api<OkResponse>('DELETE', workspacePath(apiKeyPaths.one, { id, keyId }), {}),
};

export const apiKeyKeys = {
  list: (workspaceId: string) => ['api-keys', workspaceId] as const,
};
