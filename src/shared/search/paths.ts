// Search over the team's own data: one index, one endpoint, the header box and the ⌘K palette.
// Paths are relative to API_BASE.
import type { z } from 'zod';
import type { FoundMessageSchema, SearchHitSchema, SearchResponseSchema, SnippetPartSchema } from './responses.ts';
export const searchPaths = {
  // GET ?q=…&kind=…&workspace=…&limit=…: hits across the workspaces I am a member of (SearchResponse).
  search: '/search',
} as const;

// What the index holds. A new kind adds its name here and an indexer for its changes on the server
// (docs/architecture.md, "Search").
export const SEARCH_KINDS = ['task', 'comment', 'client', 'project', 'page', 'message'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_QUERY_MAX = 200;
// Words of a query that count; the rest are ignored (a pasted paragraph is not a search).
export const SEARCH_TERMS_MAX = 8;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

// A piece of a snippet; `match` pieces are the words the query found (shown highlighted).
export type SnippetPart = z.infer<typeof SnippetPartSchema>;
export type SearchHit = z.infer<typeof SearchHitSchema>;
export type FoundMessage = z.infer<typeof FoundMessageSchema>;
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
