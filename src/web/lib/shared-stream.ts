import { RESYNC_EVENT, START_EVENT, type StreamEndReason } from '#src/shared/tasks/paths.ts';
import { announceAccessEnd, hearStreamEnd } from './session-end.ts';

// A live stream (Server-Sent Events) read by every part of every tab that wants it, over one connection.
// Over HTTP/1.1 a browser keeps at most six connections to a server, and an EventSource holds one for as
// long as its page is open: with a stream per reader (the chat badge, the bell, the board) a second tab
// waited for its requests and a fourth board never loaded. Within a tab, readers of one address share its
// EventSource. Across tabs, the tab holding the Web Lock named after the address keeps the EventSource and
// passes on everything it hears over a BroadcastChannel; when that tab closes or stops listening, the lock
// goes to another tab, which opens the stream again from the last event id it heard, so the server replays
// what the handover missed (or asks for a resync). Browsers without Web Locks keep a stream per tab.
export type StreamStatus = 'live' | 'reconnecting';

export interface StreamReader {
  // Each message's data.
  message: (data: string) => void;
  // Whether the stream is connected; a reader that joins an open stream hears its status at once.
  status?: (status: StreamStatus) => void;
  // The server could not replay what was missed: read everything again.
  resync?: () => void;
  // The stream replays nothing and starts after this event id: what a reader read before it heard this
  // is complete only if it includes that event (the board compares its answer's `eventId`).
  started?: (eventId: string) => void;
}

// What a stream hears, as the holder passes it on; `ask` is a tab that just joined asking for the status.
type Heard =
  | { message: string; id: string }
  | { status: StreamStatus }
  | { resync: true }
  | { started: string }
  | { ended: StreamEndReason }
  | { ask: true };

interface Stream {
  readers: Set<StreamReader>;
  status?: StreamStatus;
  // The last event id heard, where a stream opened again starts from.
  lastId: string;
  close: () => void;
}

// An EventSource that gave up (the server answered with an error) is opened again after this, doubled
// after each refusal up to the most (a server refusing everyone is not asked by every browser every
// 2 s), each wait up to half as long again at random (browsers refused together do not come back
// together); a stream that opens starts again from the least.
export const RECONNECT_MS = 2_000;
const RECONNECT_MAX_MS = 30_000;

const streams = new Map<string, Stream>();
const startPoints = new Map<string, string>();

// Where a stream not open yet starts: after the last event a read of the page's data already includes (the
// workspace list names each workspace's). The server replays what came since, so a page reads nothing
// again for a change made between its reads and its stream, its own presence included, unless too much
// came to replay (then a resync). A stream opened without one starts where the server is (`started`).
export function startStreamAfter(url: string, eventId: string): void {
  if (!streams.has(url)) startPoints.set(url, eventId);
}

// Returns a stop.
export function listenToStream(url: string, reader: StreamReader): () => void {
  let stream = streams.get(url);
  if (!stream) {
    const opened: Stream = { readers: new Set(), lastId: startPoints.get(url) ?? '', close: () => undefined };
    startPoints.delete(url);
    opened.close = canShareAcrossTabs() ? openShared(url, opened) : keepOpen(url, opened, (heard) => hear(opened, heard));
    streams.set(url, (stream = opened));
  }
  const { readers, close } = stream;
  readers.add(reader);
  if (stream.status) reader.status?.(stream.status);
  return () => {
    readers.delete(reader);
    if (readers.size > 0 || streams.get(url) !== stream) return;
    streams.delete(url);
    close();
  };
}

const canShareAcrossTabs = () => typeof BroadcastChannel === 'function' && typeof navigator !== 'undefined' && 'locks' in navigator;

function hear(stream: Stream, heard: Heard): void {
  const readers = [...stream.readers];
  if ('message' in heard) {
    if (heard.id) stream.lastId = heard.id;
    readers.forEach((reader) => reader.message(heard.message));
  } else if ('status' in heard) {
    stream.status = heard.status;
    readers.forEach((reader) => reader.status?.(heard.status));
  } else if ('resync' in heard) readers.forEach((reader) => reader.resync?.());
  else if ('started' in heard) {
    stream.lastId = heard.started;
    readers.forEach((reader) => reader.started?.(heard.started));
  } else if ('ended' in heard) announceAccessEnd(heard.ended);
}

// The EventSource itself, kept open until `close`: it reconnects by itself after a dropped connection
// (sending Last-Event-ID); after an error answer it gives up, and this opens it again from the last id.
// Access ended: it stays closed, and the page leaves (lib/session-end.ts).
function keepOpen(url: string, stream: Stream, tell: (heard: Heard) => void): () => void {
  let source: EventSource;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pause = RECONNECT_MS;
  const connect = () => {
    source = new EventSource(stream.lastId ? `${url}?after=${encodeURIComponent(stream.lastId)}` : url, { withCredentials: true });
    source.onopen = () => {
      pause = RECONNECT_MS;
      tell({ status: 'live' });
    };
    source.onmessage = (message: MessageEvent<string>) => tell({ message: message.data, id: message.lastEventId });
    source.addEventListener(RESYNC_EVENT, () => tell({ resync: true }));
    source.addEventListener(START_EVENT, (start: MessageEvent<string>) => tell({ started: start.lastEventId }));
    hearStreamEnd(source, (reason) => tell({ ended: reason }));
    source.onerror = () => {
      tell({ status: 'reconnecting' });
      if (source.readyState !== EventSource.CLOSED) return;
      retry = setTimeout(connect, pause * (1 + Math.random() / 2));
      pause = Math.min(pause * 2, RECONNECT_MAX_MS);
    };
  };
  connect();
  return () => {
    clearTimeout(retry);
    source.close();
  };
}

function openShared(url: string, stream: Stream): () => void {
  const name = `tessera-stream ${url}`;
  const channel = new BroadcastChannel(name);
  let holding = false;
  channel.onmessage = ({ data }: MessageEvent<Heard>) => {
    if (!('ask' in data)) hear(stream, data);
    else if (holding && stream.status) channel.postMessage({ status: stream.status } satisfies Heard);
  };
  channel.postMessage({ ask: true } satisfies Heard);
  const waiting = new AbortController();
  let letGo: (() => void) | undefined;
  // Held for as long as this tab keeps the stream; a tab still waiting for it gives up on `waiting`.
  navigator.locks
    .request(name, { signal: waiting.signal }, () => {
      holding = true;
      const close = keepOpen(url, stream, (heard) => {
        hear(stream, heard);
        channel.postMessage(heard);
      });
      return new Promise<void>((release) => {
        letGo = () => {
          close();
          release();
        };
      });
    })
    .catch(() => undefined);
  return () => {
    waiting.abort();
    letGo?.();
    channel.close();
  };
}
