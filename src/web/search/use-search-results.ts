import { useEffect, useRef, useState } from 'react';
import type { SearchHit } from '#src/shared/search/paths.ts';
import { ApiError } from '#src/web/lib/api-client.ts';
import { searchApi, type SearchFilters } from './search-api.ts';

// Text typed after a pause this long (the first word in the palette, a pasted one) is sent at once;
// while the person types on, a pause this long sends it. A keystroke before the answer drops the older
// request.
const PAUSE_MS = 120;

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; hits: SearchHit[] }
  | { status: 'done'; hits: SearchHit[] }
  | { status: 'error'; message: string };

interface Answer {
  key: string;
  hits: SearchHit[];
  error: string | null;
}

export function useSearchResults(text: string, filters: SearchFilters): SearchState {
  const wanted = text.trim();
  const key = JSON.stringify([wanted, filters.kind, filters.workspace]);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const typedAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const now = performance.now();
    const typingOn = now - typedAt.current < PAUSE_MS;
    typedAt.current = now;
    const send = () => {
      searchApi(wanted, filters, controller.signal).then(
        (found) => setAnswer({ key, hits: found.hits, error: null }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof ApiError ? error.message : 'Search failed. Check your connection and try again.';
          setAnswer({ key, hits: [], error: message });
        },
      );
    };
    const timer = typingOn ? setTimeout(send, PAUSE_MS) : undefined;
    if (!typingOn) send();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, filters, key]);
  if (!wanted) return { status: 'idle' };
  // Until the answer for this text arrives, the last one stays on screen.
  if (answer?.key !== key) return { status: 'searching', hits: answer?.hits ?? [] };
  return answer.error ? { status: 'error', message: answer.error } : { status: 'done', hits: answer.hits };
}
