import type { Kysely } from 'kysely';
import type { Db, Engine } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { ListenerLog } from './pg-listener.ts';
import { createWakeChannel, sendWake } from './wake-channel.ts';

// Every instance listens here for changes that may take someone's access away; the payload lists the
// people (sessions ended, suspended, deleted, removed or demoted), workspaces (deleted) or docs pages
// (deleted) concerned.
export const ACCESS_CHANNEL = 'tessera_access_changes';

// In the transaction of a change that may end someone's access (or right after an autocommitted one),
// so the live streams of those people or workspaces look again at once, on every instance. SQLite needs
// no announcement: every instance on the file wakes its streams when the file changes.
export async function announceAccessChange(tx: Kysely<Database>, engine: Engine, ids: string[]): Promise<void> {
  if (engine === 'postgres' && ids.length > 0) await sendWake(tx, ACCESS_CHANNEL, ids);
}

export const watchAccessChanges = (db: Db, log: ListenerLog) => createWakeChannel(db, log, ACCESS_CHANNEL);
