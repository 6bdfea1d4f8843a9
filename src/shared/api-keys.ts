// API keys of a workspace (product rules K; issue 17): the management API both sides share. Paths are
// relative to API_BASE; `:id` and `:keyId` are filled with workspacePath() of workspaces.ts.
import { z } from 'zod';
import { NO_CONTROL, NO_DISGUISE, text } from './contract.ts';

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

export interface ApiKeySummary {
  id: string;
  name: string;
  // What identifies a key once its secret is gone: `tsr_` and the next four characters, and the last four.
  prefix: string;
  lastFour: string;
  createdBy: { userId: string; name: string };
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  // Past its expiry (by the server's clock): listed, but refused.
  expired: boolean;
}

export interface ApiKeysResponse {
  apiKeys: ApiKeySummary[];
}
// The only answer that carries the secret (product rules K1).
export interface CreatedApiKeyResponse {
  apiKey: ApiKeySummary;
  secret: string;
}

const keyName = text('Key name')
  .trim()
  .min(1, { error: 'Key name is required.' })
  .max(API_KEY_NAME_MAX, { error: `Key name must be at most ${API_KEY_NAME_MAX} characters.` })
  .regex(NO_CONTROL, { error: 'Key name contains characters that are not allowed.' })
  .regex(NO_DISGUISE, { error: 'Key name contains characters that are not allowed.' });

const expiryError = `Expiry must be one of ${API_KEY_EXPIRY_DAYS.join(', ')} days, or null for none.`;

export const CreateApiKeySchema = z.strictObject({
  name: keyName,
  expiresInDays: z
    .union(
      API_KEY_EXPIRY_DAYS.map((days) => z.literal(days)),
      { error: expiryError },
    )
    .nullable()
    .optional(),
});

export type CreateApiKeyBody = z.input<typeof CreateApiKeySchema>;
