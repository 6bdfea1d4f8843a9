// The zod schemas of the AI routes' JSON answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). The proposals' NDJSON stream has none.
import { z } from 'zod';

export const CreatedBatchResponseSchema = z.strictObject({ batchId: z.string(), taskIds: z.array(z.string()) });

export const AiSettingsResponseSchema = z.strictObject({
  // The owners' switch: off, proposals come from the parser only.
  enabled: z.boolean(),
  // Whether the server has a model (AI_BASE_URL and AI_MODEL set), and its name.
  model: z.string().nullable(),
  // Model requests today (UTC) and the daily allowance of the workspace.
  usedToday: z.number().int(),
  dailyLimit: z.number().int(),
  canChange: z.boolean(),
});
