import type { Db } from '#src/server/db/connect.ts';

// Decision 008's session memo, for the board's hot reads (product rules B6: a page of 50 tasks at a
// third of a bare route). An answer is remembered with Db.changeVersion() and used only while that
// number has not moved, so it is exactly as fresh as a read; any commit, from any connection or process,
// empties the memo. PostgreSQL and in-memory SQLite have no such number: they read every time.
// `maxEntries` bounds the memory: when full, it starts again empty.
export function createReadMemo(db: Pick<Db, 'changeVersion'>, maxEntries: number) {
  let version: number | null = null;
  const entries = new Map<string, unknown>();
  return async function remembered<T>(key: string, load: () => Promise<T>): Promise<T> {
    const before = db.changeVersion();
    if (before === null) return load();
    if (before !== version) {
      entries.clear();
      version = before;
    }
    if (entries.has(key)) return entries.get(key) as T;
    const value = await load();
    // A commit while it was read: the answer may mix before and after, so it is not kept.
    if (db.changeVersion() === before && version === before) {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, value);
    }
    return value;
  };
}

export type ReadMemo = ReturnType<typeof createReadMemo>;
