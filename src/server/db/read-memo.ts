import type { Db } from '#src/server/db/connect.ts';

// Decisions 008 and 047: the session memo, for the board's hot reads (product rules B6: a page of 50
// tasks at a third of a bare route). An answer is remembered with a version of the whole database and used only
// while that version has not moved, so it is exactly as fresh as a read; any commit, from any connection
// or process, empties the memo. SQLite's version is Db.changeVersion(). PostgreSQL has no such number to
// read without a round trip, so a request brings its own (`readVersion`): the snapshot its session
// look-up ran in (accounts/sessions.ts), which every commit anywhere moves. An answer loaded after that
// look-up is at least as new as its snapshot, so a request of the same snapshot may have it. With
// neither (in-memory SQLite, a request without one), every call reads.
// `maxEntries` bounds the memory: when full, it starts again empty.
export function createReadMemo(db: Pick<Db, 'changeVersion'>, maxEntries: number) {
  let version: number | string | null = null;
  const entries = new Map<string, unknown>();
  return async function remembered<T>(key: string, load: () => Promise<T>, readVersion: string | null = null): Promise<T> {
    const now = () => db.changeVersion() ?? readVersion;
    const before = now();
    if (before === null) return load();
    if (before !== version) {
      entries.clear();
      version = before;
    }
    if (entries.has(key)) return entries.get(key) as T;
    const value = await load();
    // A commit while it was read (SQLite): the answer may mix before and after, so it is not kept.
    if (now() === before && version === before) {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, value);
    }
    return value;
  };
}

export type ReadMemo = ReturnType<typeof createReadMemo>;
