import type { Kysely } from 'kysely';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { ListenerLog } from '#src/server/events/pg-listener.ts';
import { createWakeChannel, sendWake, type Wake } from '#src/server/events/wake-channel.ts';

// Every instance listens here; the payload is a comma-separated list of user ids whose notifications
// changed (no content: listeners re-read the count).
export const USER_CHANNEL = 'tessera_user_notifications';
const FALLBACK_FLUSH_MS = 50;

export type CountListener = Wake;

// The per-user live channel: the bell's count spans every workspace of a person, so it cannot ride on
// one workspace's stream. A change to someone's notifications wakes that person's open streams on
// every instance: by NOTIFY on PostgreSQL (sent in the change's transaction, heard at its commit), by
// `flush()` after the commit in this process, and by the file's change counter for another process on
// the same SQLite file.
export function createNotificationLive(db: Db, log: ListenerLog) {
  const channel = createWakeChannel(db, log, USER_CHANNEL);
  const pending = new Set<string>();

  function flush(): void {
    const users = [...pending];
    pending.clear();
    users.forEach(channel.wake);
  }

  return {
    // Inside the transaction of the change.
    async touched(tx: Kysely<Database>, userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      userIds.forEach((id) => pending.add(id));
      if (db.engine !== 'postgres') {
        // A change whose caller does not flush (workspaces, schedules) is heard a moment after: its
        // transaction has committed by then; if not, the count is re-read at the next change or beat.
        setTimeout(flush, FALLBACK_FLUSH_MS).unref();
        return;
      }
      await sendWake(tx, USER_CHANNEL, userIds);
    },
    // After the commit: this process's own streams hear at once. SQLite runs one write transaction at a
    // time, so what is pending was committed by the caller; on PostgreSQL the NOTIFY covers it anyway. A
    // rolled-back change wakes them for nothing; they re-read the same count and send nothing new.
    flush,
    subscribe: channel.subscribe,
    close: channel.close,
  };
}

export type NotificationLive = ReturnType<typeof createNotificationLive>;
