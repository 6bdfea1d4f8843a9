import { useSyncExternalStore } from 'react';
import { API_BASE_PATH, API_BASE_PLACEHOLDER } from '#src/web/site/content/api-reference.ts';

// The origin never changes while the page is open.
const subscribe = () => () => {};

// The public API lives on this very server: its own origin + /api/v1. The page is prerendered, so the
// HTML carries a stable placeholder; hydration starts from the same placeholder (no mismatch) and React
// then renders the real origin.
export function useApiBaseUrl(): string {
  const origin = useSyncExternalStore(
    subscribe,
    () => window.location.origin,
    () => null,
  );
  return `${origin ?? API_BASE_PLACEHOLDER}${API_BASE_PATH}`;
}
