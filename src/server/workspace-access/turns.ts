// Changes of one workspace take their turns here, in this process, before they take a database
// connection. The workspace lock makes them wait for each other anyway; waiting for it inside a
// transaction, though, holds one of the pool's connections (PostgreSQL) or a place in the one
// connection's queue (SQLite), where every other workspace's requests then wait too. Waiting here, a
// member flooding their board queues behind their own workspace only. (A dozen lines: a keyed chain of
// promises, not worth a dependency.)
const lastInLine = new Map<string, Promise<unknown>>();

export function inTurn<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
  const before = lastInLine.get(workspaceId) ?? Promise.resolve();
  const result = before.then(work);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  lastInLine.set(workspaceId, settled);
  void settled.then(() => {
    if (lastInLine.get(workspaceId) === settled) lastInLine.delete(workspaceId);
  });
  return result;
}
