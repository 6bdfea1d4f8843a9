import type { FastifyReply } from 'fastify';
import {
  ENDED_EVENT,
  REPLAY_MAX,
  RESYNC_EVENT,
  START_EVENT,
  type LiveEvent,
  type StreamEndReason,
  type StreamEnded,
} from '#src/shared/tasks/paths.ts';
import type { Db } from '#src/server/db/connect.ts';
import { createEventStreamHost, HEARTBEAT_MS } from '#src/server/http/event-stream.ts';
import type { WakeChannel } from './wake-channel.ts';
import type { LiveHub } from './hub.ts';
import { eventsAfter, hasEvent, hears, toLiveEvent, type RecordedEvent } from './log.ts';

// An open stream asks whether its person may still hear the workspace (signed out, removed, suspended,
// deleted) whenever a change that may end access is announced on any instance (access-changes.ts), before
// each batch of live events, and at this pace for what nobody announces (a session reaching its end of life).
export const ACCESS_CHECK_MS = 10_000;

// An event's frame is the same on every stream that hears it (a message goes to everyone with the
// channel open): written once, when the first stream sends it.
const frames = new WeakMap<RecordedEvent, string>();
function frameOf(recorded: RecordedEvent): string {
  let frame = frames.get(recorded);
  if (frame === undefined) {
    const event: LiveEvent = toLiveEvent(recorded);
    frame = `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
    frames.set(recorded, frame);
  }
  return frame;
}

export interface StreamOptions {
  workspaceId: string;
  // Whose stream it is: each person holds at most STREAMS_PER_USER.
  userId: string;
  // The last id the browser has (Last-Event-ID or ?after=); null for a fresh start.
  after: number | null;
  // Asked on every announced access change, every ACCESS_CHECK_MS and before live events: null while
  // the person may still hear the workspace, else why not. All the streams of a workspace ask at the
  // same moments, so an answer should be shared among them (stream-standing.ts).
  standing: () => Promise<StreamEndReason | null>;
  // When the person joined (epoch ms): a replay never shows them what happened before, it resyncs instead.
  joinedAt: number;
}

// Server-Sent Events of one workspace (product rules T6).
export function createEventStreams(
  db: Db,
  hub: LiveHub,
  accessChanges: WakeChannel,
  heartbeatMs = HEARTBEAT_MS,
  accessCheckMs = ACCESS_CHECK_MS,
) {
  const host = createEventStreamHost(heartbeatMs);

  async function stream(reply: FastifyReply, options: StreamOptions): Promise<void> {
    const { userId } = options;
    let unsubscribe = () => undefined as void;
    const onEnd: Array<() => void> = [() => unsubscribe()];
    const stream = host.open(reply, userId, { onEnd: () => onEnd.forEach((stop) => stop()) });
    const { send, end } = stream;
    let replaying = true;
    const held: RecordedEvent[] = [];
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
    const queued: RecordedEvent[] = [];
    let pumping = false;
    const pump = async () => {
      pumping = true;
      while (queued.length > 0 && !stream.ended) {
        const batch = queued.splice(0);
        if (!(await allowed())) break;
        for (const event of batch) send(frameOf(event));
      }
      pumping = false;
    };
    const sendLive = (event: RecordedEvent) => {
      queued.push(event);
      if (!pumping) void pump();
    };
    const deliver = (recorded: RecordedEvent) => {
      if (!hears(recorded, userId)) return;
      if (replaying) held.push(recorded);
      else sendLive(recorded);
    };
    const look = () => void allowed();
    const watch = setInterval(look, accessCheckMs);
    watch.unref();
    onEnd.push(() => clearInterval(watch), accessChanges.subscribe(userId, look), accessChanges.subscribe(options.workspaceId, look));
    try {
      const subscription = await hub.subscribe(options.workspaceId, deliver);
      unsubscribe = subscription.unsubscribe;
      if (stream.ended) return unsubscribe();
      let replayed = options.after !== null;
      if (options.after !== null && options.after !== subscription.startsAfter) {
        const missed =
          options.after < subscription.startsAfter
            ? (await eventsAfter(db.kysely, options.workspaceId, options.after, REPLAY_MAX + 1)).filter(
                (event) => event.id <= subscription.startsAfter,
              )
            : [];
        const known = await hasEvent(db.kysely, options.workspaceId, options.after);
        const beforeJoining = missed.some((event) => event.occurredAt < options.joinedAt);
        replayed = known && !beforeJoining && missed.length <= REPLAY_MAX;
        if (!replayed) send(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
        else for (const event of missed) if (hears(event, userId)) send(frameOf(event));
      }
      // Where a stream that replayed nothing starts (data is required: an event without any is not
      // dispatched to the page).
      if (!replayed) send(`event: ${START_EVENT}\nid: ${subscription.startsAfter}\ndata: {}\n\n`);
      replaying = false;
      for (const event of held.splice(0)) sendLive(event);
    } catch {
      end();
    }
  }

  return {
    stream,
    closeAll: host.closeAll,
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
