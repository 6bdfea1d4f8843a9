// Many small writes that each would be a commit of their own, gathered into one: what arrives in the same
// turn of the event loop, or while a commit is under way, goes into the next one. On SQLite every commit
// waits for the disk (synchronous=FULL, a few ms) and holds the event loop while it does, so answers that
// came in meanwhile are all handled in the next turn: waiting for the end of that turn gathers them.
// One row at a time, a writer is bounded by the disk; gathered, the disk wait is shared. Reads that
// many callers ask at once (whether each live stream may still listen) are gathered the same way. `commit` gets the items in
// arrival order and answers one result per item; if it throws, every item of that batch gets the error.
export function groupCommit<Item, Result>(commit: (items: Item[]) => Promise<Result[]>): (item: Item) => Promise<Result> {
  let waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  let committing = false;
  async function drain() {
    committing = true;
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const results = await commit(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    committing = false;
  }
  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!committing) void drain();
    });
}
