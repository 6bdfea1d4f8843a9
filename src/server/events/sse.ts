import type { FastifyReply } from 'fastify';
import { taskError } from '#src/shared/tasks/messages.ts';
import { ENDED_EVENT, REPLAY_MAX, RESYNC_EVENT, type LiveEvent, type StreamEndReason, type StreamEnded } from '#src/shared/tasks/paths.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { WakeChannel } from './wake-channel.ts';
import type { LiveHub } from './hub.ts';
import { eventsAfter, hasEvent, hears, toLiveEvent, type RecordedEvent } from './log.ts';

export const HEARTBEAT_MS = 15_000;
// An open stream asks whether its person may still hear the workspace (signed out, removed, suspended,
// deleted) whenever a change that may end access is announced on any instance (access-changes.ts), before
// each batch of live events, and at this pace for what nobody announces (a session reaching its end of life).
export const ACCESS_CHECK_MS = 10_000;
// Live connections one person may hold open on one instance (a tab each), so nobody ties up the server.
export const STREAMS_PER_USER = 20;
// A reader this far behind is cut off; its browser reconnects and replays from its last id.
const MAX_BUFFERED_BYTES = 1024 * 1024;

const frame = (event: LiveEvent) => `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;

export interface StreamOptions {
  workspaceId: string;
  // Whose stream it is: each person holds at most STREAMS_PER_USER.
  userId: string;
  // The last id the browser has (Last-Event-ID or ?after=); null for a fresh start.
  after: number | null;
  // Asked on every announced access change, every ACCESS_CHECK_MS and before live events: null while
  // the person may still hear the workspace, else why not.
  standing: () => Promise<StreamEndReason | null>;
  // When the person joined (epoch ms): a replay never shows them what happened before, it resyncs instead.
  joinedAt: number;
}

// Server-Sent Events of one workspace (product rules T6). Takes over the reply: the headers Fastify's
// hooks set (security headers, no-store) go out as they are; nothing buffers or compresses the stream.
export function createEventStreams(
  db: Db,
  hub: LiveHub,
  accessChanges: WakeChannel,
  heartbeatMs = HEARTBEAT_MS,
  accessCheckMs = ACCESS_CHECK_MS,
) {
  const open = new Set<() => void>();
  const perUser = new Map<string, number>();

  async function stream(reply: FastifyReply, options: StreamOptions): Promise<void> {
    const { userId } = options;
    const count = perUser.get(userId) ?? 0;
    if (count >= STREAMS_PER_USER) throw new HttpError(429, taskError.tooManyStreams);
    perUser.set(userId, count + 1);
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
    const allowed = async (): Promise<boolean> => {
      // A failed read is not a refusal: the stream stays, and the next look asks again.
      const reason = await options.standing().catch(() => null);
      if (reason === null) return true;
      const signal: StreamEnded = { reason };
      send(`event: ${ENDED_EVENT}\ndata: ${JSON.stringify(signal)}\n\n`);
      end();
      return false;
    };
    // Live events go out in order, each batch only after the database says this person may still see
    // the workspace: a removal, a suspension or a sign-out committed before the event is always seen.
    // Events that arrive while a batch is being checked wait and share the next check.
    const queued: LiveEvent[] = [];
    let pumping = false;
    const pump = async () => {
      pumping = true;
      while (queued.length > 0 && !ended) {
        const batch = queued.splice(0);
        if (!(await allowed())) break;
        for (const event of batch) send(frame(event));
      }
      pumping = false;
    };
    const sendLive = (event: LiveEvent) => {
      queued.push(event);
      if (!pumping) void pump();
    };
    const deliver = (recorded: RecordedEvent) => {
      if (!hears(recorded, userId)) return;
      const event = toLiveEvent(recorded);
      if (replaying) held.push(event);
      else sendLive(event);
    };
    let unsubscribe = () => undefined as void;
    const heartbeat = setInterval(() => send(': ping\n\n'), heartbeatMs);
    heartbeat.unref();
    const look = () => void allowed();
    const watch = setInterval(look, accessCheckMs);
    watch.unref();
    const stopHearing = [accessChanges.subscribe(userId, look), accessChanges.subscribe(options.workspaceId, look)];
    function end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearInterval(watch);
      stopHearing.forEach((stop) => stop());
      unsubscribe();
      open.delete(end);
      raw.end();
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
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
        const beforeJoining = missed.some((event) => event.occurredAt < options.joinedAt);
        if (!known || beforeJoining || missed.length > REPLAY_MAX) send(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
        else for (const event of missed) if (hears(event, userId)) send(frame(toLiveEvent(event)));
      }
      replaying = false;
      for (const event of held.splice(0)) sendLive(event);
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
