import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { History, Location, NavigateOptions, To } from './history';
import { rememberScroll, rememberedScroll, scrollInstantly, scrollToTarget } from './scroll-memory';

export type NavigateFunction = (to: To, options?: NavigateOptions) => Promise<void>;

interface Router {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<Router | null>(null);

type ScrollIntent = 'target' | 'restore' | 'keep';

// The location is React state set in a transition: a page whose code is still loading leaves the
// current one on screen until it can render, instead of a blank fallback.
export function RouterProvider({ history, scroll = false, children }: { history: History; scroll?: boolean; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  const intent = useRef<ScrollIntent>('keep');
  const current = useRef(location);
  current.current = location;

  const move = useCallback(
    (next: Location, scrollIntent: ScrollIntent) => {
      if (scroll) rememberScroll(current.current.key);
      intent.current = scrollIntent;
      startTransition(() => setLocation(next));
    },
    [scroll],
  );

  useEffect(() => history.listen((next) => move(next, 'restore')), [history, move]);

  const navigate = useCallback<NavigateFunction>(
    async (to, options = {}) => move(history.go(to, options), options.preventScrollReset ? 'keep' : 'target'),
    [history, move],
  );

  useLayoutEffect(() => {
    if (!scroll || intent.current === 'keep') return;
    const saved = intent.current === 'restore' ? rememberedScroll(location.key) : undefined;
    intent.current = 'keep';
    if (saved === undefined) scrollToTarget(location.hash);
    else scrollInstantly(saved);
  }, [scroll, location]);

  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('routing hooks must be used inside <RouterProvider>');
  return router;
}

export const useLocation = (): Location => useRouter().location;

export const useNavigate = (): NavigateFunction => useRouter().navigate;
