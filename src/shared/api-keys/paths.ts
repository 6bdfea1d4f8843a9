// API keys of a workspace (product rules K): the management API both sides share. Paths are
// relative to API_BASE; `:id` and `:keyId` are filled with workspacePath() of workspaces.ts.
import type { z } from 'zod';
import type { ApiKeySummarySchema, ApiKeysResponseSchema, CreatedApiKeyResponseSchema } from './responses.ts';

export const API_KEY_NAME_MAX = 80;
// The choices an owner has for a key's lifetime, in days; none means the key does not expire.
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;
// product rules K1: `tsr_` + 32 random bytes in base64url, so secret scanners can spot a leaked key.
export const API_KEY_PREFIX = 'tsr_';
export const API_KEY_PATTERN = /^tsr_[A-Za-z0-9_-]{43}$/;

export const apiKeyPaths = {
  // GET: the workspace's keys that are not revoked (owner); POST: create one, answered once with its secret.
  list: '/workspaces/:id/api-keys',
  // DELETE: revoke it (owner).
  one: '/workspaces/:id/api-keys/:keyId',
} as const;

export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;
export type ApiKeysResponse = z.infer<typeof ApiKeysResponseSchema>;
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponseSchema>;
