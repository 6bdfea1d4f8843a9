// The zod request schemas of api-keys (validated by the server, reused by the forms).
import { z } from 'zod';
import { displayName } from '#src/shared/validation.ts';
import { API_KEY_NAME_MAX, API_KEY_EXPIRY_DAYS } from './paths.ts';

const keyName = displayName('Key name', API_KEY_NAME_MAX);

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
