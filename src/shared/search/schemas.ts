// The zod request schema of search (validated by the server).
import { z } from 'zod';
import { text } from '#src/shared/validation.ts';
import { SEARCH_KINDS, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX } from './paths.ts';
import { searchError } from './messages.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const SearchQuerySchema = z.strictObject({
  q: text('Search text')
    .trim()
    .min(1, { error: searchError.emptyQuery })
    .max(SEARCH_QUERY_MAX, { error: `Search text must be at most ${SEARCH_QUERY_MAX} characters.` }),
  kind: z.enum(SEARCH_KINDS, { error: `Kind must be one of: ${SEARCH_KINDS.join(', ')}.` }).optional(),
  workspace: text('Workspace').regex(UUID, { error: 'Workspace is not valid.' }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int({ error: 'Limit must be a whole number.' })
    .min(1, { error: 'Limit must be at least 1.' })
    .max(SEARCH_LIMIT_MAX, { error: `Limit must be at most ${SEARCH_LIMIT_MAX}.` })
    .default(SEARCH_LIMIT_DEFAULT),
});
