import type { z } from 'zod';

// The contract's schemas carry the sentences the server would answer with; the first one is shown.
export const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? '';
