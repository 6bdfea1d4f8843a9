import type { Db } from '#src/server/db/connect.ts';

// PostgreSQL's snapshots of just before and just after a commit reach one instance interleaved, as its
// requests finish their look-ups in another order than they began; kept one at a time, the memo emptied at
// each turn between them (345 times in 6 s of the public API's load, 16 % of its reads missed). A few are
// kept, each with its own answers.
const SNAPSHOTS_KEPT = 4;

// Decisions 008, 047 and 048: the session memo, for the board's hot reads (product rules B6: a page of 50
// tasks at a third of a bare route). An answer is remembered with a version of the whole database and used
// only by requests of that version, so it is exactly as fresh as a read; any commit, from any connection
// or process, moves the version. SQLite's version is Db.changeVersion(), and only its latest is kept.
// PostgreSQL has no such number to read without a round trip, so a request brings its own
// (`readVersion`): the snapshot its session or API key look-up ran in, which every commit anywhere moves.
// An answer loaded after that look-up is at least as new as its snapshot, so a request of the same
// snapshot may have it. With neither (in-memory SQLite, a request without one), every call reads.
// Requests that miss together share one read: after a commit, the dozen requests in flight used to read
// the same page a dozen times.
// `maxEntries` bounds each version's answers: when full, they start again empty.
export function createReadMemo(db: Pick<Db, 'changeVersion'>, maxEntries: number) {
  const versions = new Map<number | string, Map<string, Promise<unknown>>>();
  return function remembered<T>(key: string, load: () => Promise<T>, readVersion: string | null = null): Promise<T> {
    const now = () => db.changeVersion() ?? readVersion;
    const before = now();
    if (before === null) return load();
    let entries = versions.get(before);
    if (!entries || entries.size >= maxEntries) {
      if (typeof before === 'number') versions.clear();
      else if (!entries && versions.size >= SNAPSHOTS_KEPT) versions.delete(versions.keys().next().value!);
      entries = new Map();
      versions.set(before, entries);
    }
    const known = entries.get(key);
    if (known) return known as Promise<T>;
    const loading = load();
    entries.set(key, loading);
    const kept = entries;
    const forget = () => {
      if (kept.get(key) === loading) kept.delete(key);
    };
    // A commit while it was read (SQLite): the answer may mix before and after, so it is not kept; nor a
    // failed read.
    loading.then(() => now() === before || forget(), forget);
    return loading;
  };
}

export type ReadMemo = ReturnType<typeof createReadMemo>;
