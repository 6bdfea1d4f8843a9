import type { FastifyReply } from 'fastify';
import { taskError } from '#src/shared/tasks/messages.ts';
import { HttpError } from './errors.ts';

export const HEARTBEAT_MS = 15_000;
// Live connections one person may hold open to one kind of stream on one instance (a tab each), so
// nobody ties up the server.
export const STREAMS_PER_USER = 20;
// A reader this far behind is cut off; its browser reconnects (and, where the stream has ids, replays).
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface EventStream {
  // Writes unless the stream has ended.
  send(text: string): void;
  end(): void;
  readonly ended: boolean;
}

// The Server-Sent Events plumbing every live stream shares: a per-person count, the headers, a heartbeat,
// EventSource's reconnect pace, and an end that runs once however it comes (the browser leaving, the
// stream's own decision, the server closing). Takes over the reply: the headers Fastify's hooks set
// (security headers, no-store) go out as they are; nothing buffers or compresses the stream.
export function createEventStreamHost(heartbeatMs = HEARTBEAT_MS) {
  const perUser = new Map<string, number>();
  const open = new Set<() => void>();

  function openStream(
    reply: FastifyReply,
    userId: string,
    { onHeartbeat, onEnd }: { onHeartbeat?: () => void; onEnd?: () => void } = {},
  ): EventStream {
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
    const send = (text: string) => {
      if (ended) return;
      raw.write(text);
      if (raw.writableLength > MAX_BUFFERED_BYTES) end();
    };
    const heartbeat = setInterval(() => {
      send(': ping\n\n');
      if (!ended) onHeartbeat?.();
    }, heartbeatMs);
    heartbeat.unref();
    function end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      open.delete(end);
      onEnd?.();
      raw.end();
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    }
    open.add(end);
    raw.on('close', end);
    // `retry` paces EventSource's reconnects; the comment flushes the headers so `open` fires at once.
    send('retry: 3000\n: connected\n\n');
    return {
      send,
      end,
      get ended() {
        return ended;
      },
    };
  }

  return {
    open: openStream,
    // Ends every open stream, so closing the server never waits on a browser.
    closeAll: () => [...open].forEach((end) => end()),
  };
}
