import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Params } from './match-path.ts';
import { useLocation, useNavigate } from './router-context.tsx';

const ParamsContext = createContext<Params>({});

// The matched row's decoded path params, for the page inside (the app's router provides them).
export function ParamsProvider({ params, children }: { params: Params; children: ReactNode }) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

// `useParams<'taskId'>()` under `/tasks/:taskId` gives `{ taskId }`, decoded.
export const useParams = <Name extends string = string>() => useContext(ParamsContext) as Readonly<Record<Name, string>>;

export type SearchParamsInit = URLSearchParams | string | Record<string, string>;
export type SetSearchParams = (next: SearchParamsInit, options?: { replace?: boolean }) => void;

// The address's query (board filters and the like) and a setter that moves to the same page with a new
// one: a new history entry unless `replace`, and the page keeps its scroll position.
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, { replace = false } = {}) => {
      const query = new URLSearchParams(next).toString();
      void navigate({ pathname, search: query ? `?${query}` : '' }, { replace, preventScrollReset: true });
    },
    [navigate, pathname],
  );
  return [params, set];
}
