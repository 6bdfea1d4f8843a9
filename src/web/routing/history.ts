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
  // Loads the current entry afresh, for a page whose code could not be fetched.
  reload(): void;
}

export function hrefOf(to: To): string {
  return typeof to === 'string' ? to : `${to.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

// A new history entry; its path resolves against the current one, as an anchor's href would.
function newLocation(to: To, from: string, state: unknown): Location {
  const url = new URL(hrefOf(to), `http://app${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: newKey() };
}

interface EntryState {
  usr: unknown;
  key: string;
}

export function browserHistory(): History {
  const entry = () => window.history.state as Partial<EntryState> | null;
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry()?.usr ?? null, key: entry()?.key ?? 'default' };
  };
  // A first visit gets a key of its own; a reload keeps the entry's, so it can find its scroll position.
  if (!entry()?.key) window.history.replaceState({ usr: entry()?.usr ?? null, key: newKey() } satisfies EntryState, '');
  return {
    location: read,
    create: (to, state) => newLocation(to, window.location.pathname, state),
    commit(location, replace) {
      const state: EntryState = { usr: location.state, key: location.key };
      window.history[replace ? 'replaceState' : 'pushState'](state, '', hrefOf(location));
    },
    listen(listener) {
      const onPop = () => listener(read());
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
    reload: () => window.location.reload(),
  };
}

export function staticHistory(pathname: string): History {
  const location: Location = { pathname, search: '', hash: '', state: null, key: 'default' };
  return {
    location: () => location,
    create: () => location,
    commit: () => undefined,
    listen: () => () => undefined,
    reload: () => undefined,
  };
}

// Component and router tests move through it as a reader would, Back and forward included (`go`), and
// can see every entry and each reload asked for.
export interface MemoryHistory extends History {
  entries(): readonly Location[];
  go(delta: number): void;
  readonly reloads: number;
}

export function memoryHistory(initial: To, state: unknown = null): MemoryHistory {
  const entries: Location[] = [newLocation(initial, '/', state)];
  let index = 0;
  let reloads = 0;
  const listeners = new Set<(location: Location) => void>();
  return {
    location: () => entries[index]!,
    create: (to, next) => newLocation(to, entries[index]!.pathname, next),
    commit(location, replace) {
      if (replace) entries[index] = location;
      else entries.splice(++index, entries.length, location);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    entries: () => entries,
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      for (const listener of listeners) listener(entries[index]!);
    },
    get reloads() {
      return reloads;
    },
    reload: () => void reloads++,
  };
}
