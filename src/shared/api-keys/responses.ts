// The zod schemas of the api-keys routes' answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the forms load.
import { z } from 'zod';

export const ApiKeySummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  // What identifies a key once its secret is gone: `tsr_` and the next four characters, and the last four.
  prefix: z.string().regex(/^tsr_[A-Za-z0-9_-]{4}$/),
  lastFour: z.string().regex(/^[A-Za-z0-9_-]{4}$/),
  createdBy: z.strictObject({ userId: z.string(), name: z.string() }),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  // Past its expiry (by the server's clock): listed, but refused.
  expired: z.boolean(),
});

export const ApiKeysResponseSchema = z.strictObject({ apiKeys: z.array(ApiKeySummarySchema) });
// The only answer that carries the secret (product rules K1).
export const CreatedApiKeyResponseSchema = z.strictObject({ apiKey: ApiKeySummarySchema, secret: z.string() });
