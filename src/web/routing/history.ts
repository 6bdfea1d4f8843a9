// Where the app is and how it moves: the browser's history in the app, a fixed place while
// prerendering, a list in memory for component tests.
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  // What the page that navigated here passed along (spec 2 and 4: the email, a message).
  state: unknown;
  // Unique per history entry, so a return visit can find its scroll position.
  key: string;
}

export type To = string | { pathname: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

export interface History {
  location(): Location;
  // The location a navigation would reach, not yet entered in the history.
  create(to: To, state: unknown): Location;
  // Enters it: a new entry, or in place of the current one.
  commit(location: Location, replace: boolean): void;
  // Back and forward; returns the unsubscribe.
  listen(listener: (location: Location) => void): () => void;
}

// Paths resolve against the current one, as an anchor's href would.
export function hrefOf(to: To): string {
  return typeof to === 'string' ? to : `${to.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

function resolve(to: To, from: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(hrefOf(to), `http://app${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  usr: unknown;
  key: string;
}

export function browserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as Partial<EntryState> | null;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  // A first visit gets a key of its own; a reload keeps the entry's, so it can find its scroll position.
  const arrived = window.history.state as Partial<EntryState> | null;
  if (!arrived?.key) window.history.replaceState({ usr: arrived?.usr ?? null, key: newKey() } satisfies EntryState, '');
  return {
    location: read,
    create: (to, state) => ({ ...resolve(to, window.location.pathname), state, key: newKey() }),
    commit(location, replace) {
      const entry: EntryState = { usr: location.state, key: location.key };
      window.history[replace ? 'replaceState' : 'pushState'](entry, '', hrefOf(location));
    },
    listen(listener) {
      const onPop = () => listener(read());
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
  };
}

export function staticHistory(pathname: string): History {
  const location: Location = { pathname, search: '', hash: '', state: null, key: 'default' };
  return {
    location: () => location,
    create: () => location,
    commit: () => undefined,
    listen: () => () => undefined,
  };
}

export function memoryHistory(initial: To, state: unknown = null): History {
  const entries: Location[] = [{ ...resolve(initial, '/'), state, key: 'default' }];
  let index = 0;
  return {
    location: () => entries[index]!,
    create: (to, next) => ({ ...resolve(to, entries[index]!.pathname), state: next, key: newKey() }),
    commit(location, replace) {
      if (replace) entries[index] = location;
      else entries.splice(++index, entries.length, location);
    },
    listen: () => () => undefined,
  };
}
