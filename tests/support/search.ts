import type { SearchHit, SnippetPart } from '#src/shared/search/paths.ts';
import type { Client } from './test-app.ts';

// A snippet as text, the words it found in [brackets].
export const marked = (parts: SnippetPart[]) => parts.map((part) => (part.match ? `[${part.text}]` : part.text)).join('');

export async function find(c: Client, query: string): Promise<SearchHit[]> {
  const answer = await c.get(`/search?${query}`);
  if (answer.status !== 200) throw new Error(`search failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.hits;
}

export const q = (words: string) => `q=${encodeURIComponent(words)}`;
