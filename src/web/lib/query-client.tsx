import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

// The signed-in app's server state (decision 028). One attempt per read, as before: a failure shows its
// sentence and a Try again at once instead of retrying behind a spinner. Reads are refreshed by the live
// stream and by the changes that touch them (invalidation), not by window focus.
export function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

// Mounted by the signed-in layout only, so the public site never downloads the library; each mount
// starts an empty cache, so nothing of one account outlives its sign-out.
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(newQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
