import type { FastifyReply } from 'fastify';
import { REPLAY_MAX, RESYNC_EVENT, type LiveEvent } from '#src/shared/tasks.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { LiveHub } from './hub.ts';
import { eventsAfter, hasEvent, toLiveEvent } from './log.ts';

export const HEARTBEAT_MS = 15_000;
// A reader this far behind is cut off; its browser reconnects and replays from its last id.
const MAX_BUFFERED_BYTES = 1024 * 1024;

const frame = (event: LiveEvent) => `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;

export interface StreamOptions {
  workspaceId: string;
  // The last id the browser has (Last-Event-ID or ?after=); null for a fresh start.
  after: number | null;
  // Asked at every heartbeat: a signed-out or removed member stops hearing the workspace.
  stillAllowed: () => Promise<boolean>;
  onEnd: () => void;
}

// Server-Sent Events of one workspace (product rules T6). Takes over the reply: the headers Fastify's
// hooks set (security headers, no-store) go out as they are; nothing buffers or compresses the stream.
export function createEventStreams(db: Db, hub: LiveHub) {
  const open = new Set<() => void>();

  async function stream(reply: FastifyReply, options: StreamOptions): Promise<void> {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    raw.socket?.setNoDelay(true);
    let ended = false;
    let replaying = true;
    const held: LiveEvent[] = [];
    const send = (text: string) => {
      if (ended) return;
      raw.write(text);
      if (raw.writableLength > MAX_BUFFERED_BYTES) end();
    };
    const deliver = (event: LiveEvent) => (replaying ? held.push(event) : send(frame(event)));
    let unsubscribe = () => undefined as void;
    const heartbeat = setInterval(() => {
      send(': ping\n\n');
      options
        .stillAllowed()
        .then((allowed) => allowed || end())
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    function end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      raw.end();
      options.onEnd();
    }
    open.add(end);
    raw.on('close', end);
    // `retry` paces EventSource's reconnects; the comment flushes the headers so `open` fires at once.
    send('retry: 3000\n: connected\n\n');
    try {
      const subscription = await hub.subscribe(options.workspaceId, deliver);
      unsubscribe = subscription.unsubscribe;
      if (ended) return unsubscribe();
      if (options.after !== null && options.after !== subscription.startsAfter) {
        const missed =
          options.after < subscription.startsAfter
            ? (await eventsAfter(db.kysely, options.workspaceId, options.after, REPLAY_MAX + 1)).filter(
                (event) => event.id <= subscription.startsAfter,
              )
            : [];
        const known = await hasEvent(db.kysely, options.workspaceId, options.after);
        if (!known || missed.length > REPLAY_MAX) send(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
        else for (const event of missed) send(frame(toLiveEvent(event)));
      }
      replaying = false;
      for (const event of held.splice(0)) send(frame(event));
    } catch {
      end();
    }
  }

  return {
    stream,
    // Ends every open stream, so closing the server never waits on a browser.
    closeAll: () => [...open].forEach((end) => end()),
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
