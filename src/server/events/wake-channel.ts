import { sql, type Kysely } from 'kysely';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { listenForever, type ListenerLog } from './pg-listener.ts';
import { watchChangeVersion } from './version-watch.ts';

export type Wake = () => void;

// NOTIFY payloads are capped at 8000 bytes; 36-character ids and a comma leave room for 200.
const IDS_PER_NOTIFY = 200;

// Inside the transaction of a change (PostgreSQL): every instance's listeners of these ids wake at its
// commit. The payload names ids only, never content: a woken listener reads what it needs itself.
export async function sendWake(tx: Kysely<Database>, channel: string, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += IDS_PER_NOTIFY) {
    const payload = ids.slice(start, start + IDS_PER_NOTIFY).join(',');
    await sql`select pg_notify(${channel}, ${payload})`.execute(tx);
  }
}

// Listeners keyed by an id (a person, a workspace), woken on every instance when a change names it: by
// NOTIFY on `channel` on PostgreSQL; on SQLite, where there is no NOTIFY, every listener wakes whenever
// the file's change counter moves (a commit of this process or another), and each re-reads.
export function createWakeChannel(db: Db, log: ListenerLog, channel: string) {
  const listeners = new Map<string, Set<Wake>>();
  const wake = (id: string) => listeners.get(id)?.forEach((listener) => listener());
  const wakeAll = () => listeners.forEach((_set, id) => wake(id));

  const listener = db.dedicatedClient
    ? listenForever({
        connect: db.dedicatedClient,
        channel,
        onNotify: (payload) => payload.split(',').forEach(wake),
        onConnected: wakeAll,
        log,
      })
    : null;
  const poll = watchChangeVersion(db, wakeAll);

  return {
    wake,
    subscribe(id: string, onWake: Wake): () => void {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(onWake);
      return () => {
        set.delete(onWake);
        if (set.size === 0) listeners.delete(id);
      };
    },
    async close(): Promise<void> {
      if (poll) clearInterval(poll);
      listeners.clear();
      await listener?.close();
    },
  };
}

export type WakeChannel = ReturnType<typeof createWakeChannel>;
