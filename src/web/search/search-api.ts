import { API_BASE } from '#src/shared/accounts/paths.ts';
import { searchPaths, type SearchKind, type SearchResponse } from '#src/shared/search/paths.ts';
import { ApiError } from '#src/web/lib/api-client.ts';

export interface SearchFilters {
  kind: SearchKind | '';
  workspace: string;
}

// Aborted when the person types on: only the answer to the latest text is shown.
export async function searchApi(text: string, filters: SearchFilters, signal: AbortSignal): Promise<SearchResponse> {
  const query = new URLSearchParams({ q: text });
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.workspace) query.set('workspace', filters.workspace);
  const response = await fetch(`${API_BASE}${searchPaths.search}?${query}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  const body = (await response.json().catch(() => ({}))) as SearchResponse & { error?: string };
  if (!response.ok) throw new ApiError(body.error ?? 'Search failed', response.status);
  return body;
}
