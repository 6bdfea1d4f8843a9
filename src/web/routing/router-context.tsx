import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { History, Location, NavigateOptions, To } from './history.ts';
import { rememberScroll, rememberedScroll, scrollInstantly, scrollToTarget, showingEntry } from './scroll-memory.ts';

export type NavigateFunction = (to: To, options?: NavigateOptions) => Promise<void>;

interface Router {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<Router | null>(null);

type ScrollIntent = 'target' | 'restore' | 'arrive' | 'keep';

// The location is React state, set once the next page's code is in place (`prepare`): the current
// page stays on screen meanwhile, and nothing suspends, so a prerendered page hydrates in one pass.
export function RouterProvider({
  history,
  prepare,
  scroll = false,
  children,
}: {
  history: History;
  prepare?: (location: Location) => Promise<unknown>;
  scroll?: boolean;
  children: ReactNode;
}) {
  const [location, setLocation] = useState(history.location);
  // On arrival: a reload returns to where the reader was; a first visit is left where the browser put it.
  const intent = useRef<ScrollIntent>(scroll ? 'arrive' : 'keep');
  const current = useRef(location);
  useLayoutEffect(() => {
    current.current = location;
  }, [location]);
  const latest = useRef(0);

  // The address changes with the page, so what is on screen always belongs to the address shown.
  // `commit` enters a link's destination in the history; Back and forward have none (the browser moved).
  const move = useCallback(
    async (next: Location, scrollIntent: ScrollIntent, commit?: () => void) => {
      const navigation = ++latest.current;
      const ready = await Promise.resolve(prepare?.(next)).then(
        () => true,
        () => false,
      );
      // A later navigation wins, whichever finished loading first.
      if (navigation !== latest.current) return;
      commit?.();
      // A page whose code cannot be fetched (a dropped connection, a deploy that replaced the chunks) is
      // loaded afresh by the browser, at its own address.
      if (!ready) return history.reload();
      if (scroll) rememberScroll(current.current.key);
      intent.current = scrollIntent;
      startTransition(() => setLocation(next));
    },
    [history, prepare, scroll],
  );

  // Back and forward: the browser has already moved the address.
  useEffect(() => history.listen((next) => void move(next, 'restore')), [history, move]);

  const navigate = useCallback<NavigateFunction>(
    async (to, { replace = false, state = null, preventScrollReset = false } = {}) => {
      const next = history.create(to, state);
      await move(next, preventScrollReset ? 'keep' : 'target', () => history.commit(next, replace));
    },
    [history, move],
  );

  useLayoutEffect(() => {
    if (!scroll) return;
    showingEntry(location.key);
    if (intent.current === 'keep') return;
    const saved = intent.current === 'target' ? undefined : rememberedScroll(location.key);
    const arriving = intent.current === 'arrive';
    intent.current = 'keep';
    if (saved !== undefined) scrollInstantly(saved);
    else if (!arriving) scrollToTarget(location.hash);
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
