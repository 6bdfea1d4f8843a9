import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { eventsAfter, latestEventId, sweepEvents, type RecordedEvent } from './log.ts';
import { listenForever, type ListenerLog } from './pg-listener.ts';
import { watchChangeVersion } from './version-watch.ts';
import { EVENTS_CHANNEL } from './recorder.ts';

const READ_BATCH = 200;
// Two instances on one SQLite file hear of each other's commits by polling its change counter.
const SWEEP_MS = 60 * 60_000;

export type Deliver = (event: RecordedEvent) => void;

interface Feed {
  // The last event read from the log and handed to the listeners.
  lastId: number;
  ready: Promise<void>;
  listeners: Set<Deliver>;
  reading: boolean;
  again: boolean;
}

// The live bus of one instance (product rules T6). Every workspace someone watches here has a feed
// that reads the event log after its last id whenever it may have grown: after a commit in this
// process (poke), on a PostgreSQL NOTIFY from any instance, or when another process changed the
// SQLite file. Reading the log, never trusting a message's content, keeps every watcher's stream
// complete and in order whichever instance made the change.
export function createLiveHub(db: Db, clock: Clock, log: ListenerLog) {
  const feeds = new Map<string, Feed>();

  async function pump(workspaceId: string, feed: Feed): Promise<void> {
    try {
      await feed.ready;
    } catch {
      // The feed never started; its subscriber was told.
      return;
    }
    if (feed.reading) {
      feed.again = true;
      return;
    }
    feed.reading = true;
    try {
      do {
        feed.again = false;
        const events = await eventsAfter(db.kysely, workspaceId, feed.lastId, READ_BATCH);
        for (const event of events) {
          feed.lastId = event.id;
          for (const deliver of feed.listeners) deliver(event);
        }
        if (events.length === READ_BATCH) feed.again = true;
      } while (feed.again && feeds.get(workspaceId) === feed);
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'live events could not be read');
    } finally {
      feed.reading = false;
    }
  }

  function poke(workspaceId: string): void {
    const feed = feeds.get(workspaceId);
    if (feed) void pump(workspaceId, feed);
  }
  const pokeAll = () => feeds.forEach((feed, workspaceId) => void pump(workspaceId, feed));

  const listener = db.dedicatedClient
    ? listenForever({ connect: db.dedicatedClient, channel: EVENTS_CHANNEL, onNotify: poke, onConnected: pokeAll, log })
    : null;

  const poll = watchChangeVersion(db, pokeAll);
  const sweep = setInterval(() => {
    sweepEvents(db.kysely, clock()).catch((error: unknown) =>
      log.warn({ err: { message: (error as Error).message } }, 'event sweep failed'),
    );
  }, SWEEP_MS);
  sweep.unref();

  return {
    poke,

    // Delivers every event of the workspace committed after this call returns, in id order. Returns
    // the id the stream starts after, so a replay can fill in what came before.
    async subscribe(workspaceId: string, deliver: Deliver): Promise<{ startsAfter: number; unsubscribe: () => void }> {
      let feed = feeds.get(workspaceId);
      if (!feed) {
        const created: Feed = { lastId: 0, ready: Promise.resolve(), listeners: new Set(), reading: false, again: false };
        // A failed first read leaves no broken feed behind: the next subscriber tries again.
        created.ready = latestEventId(db.kysely, workspaceId).then(
          (id) => void (created.lastId = id),
          (error: unknown) => {
            if (feeds.get(workspaceId) === created) feeds.delete(workspaceId);
            throw error;
          },
        );
        feeds.set(workspaceId, created);
        feed = created;
      }
      await feed.ready;
      const subscribed = feed;
      subscribed.listeners.add(deliver);
      return {
        startsAfter: subscribed.lastId,
        unsubscribe() {
          subscribed.listeners.delete(deliver);
          if (subscribed.listeners.size === 0 && feeds.get(workspaceId) === subscribed) feeds.delete(workspaceId);
        },
      };
    },

    async close(): Promise<void> {
      if (poll) clearInterval(poll);
      clearInterval(sweep);
      feeds.clear();
      await listener?.close();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
