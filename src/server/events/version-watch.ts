import type { Db } from '#src/server/db/connect.ts';

const SQLITE_POLL_MS = 200;

// SQLite has no LISTEN: another process's commit shows as a new change version, looked at every 200 ms.
// Null where the database tells no version (PostgreSQL notifies instead).
export function watchChangeVersion(db: Db, onChange: () => void): NodeJS.Timeout | null {
  let seenVersion = db.changeVersion();
  if (seenVersion === null) return null;
  const poll = setInterval(() => {
    const version = db.changeVersion();
    if (version === seenVersion) return;
    seenVersion = version;
    onChange();
  }, SQLITE_POLL_MS);
  poll.unref();
  return poll;
}
