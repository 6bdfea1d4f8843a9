// The zod schemas of answers every domain gives. The server checks each answer against its route's
// schema outside production; the types the browser reads are inferred from the same schemas.
import { z } from 'zod';

// A change that answers with a sentence to show (DELETE of a key, a webhook, a workspace…).
export const OkResponseSchema = z.strictObject({ ok: z.literal(true), message: z.string() });
