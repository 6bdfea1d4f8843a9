import type { StreamEndReason } from '#src/shared/tasks/paths.ts';
import { announceAccessEnd, hearStreamEnd } from './session-end.ts';

// A live stream (Server-Sent Events) read by every part of every tab that wants it, over one connection.
// Over HTTP/1.1 a browser keeps at most six connections to a server, and an EventSource holds one for as
// long as its page is open: with a stream per reader (the chat badge, the bell, the page) a second tab
// waited for its requests and a third never loaded. Within a tab, readers of one address share its
// EventSource. Across tabs, the tab holding the Web Lock named after the address keeps the EventSource and
// passes each message on over a BroadcastChannel; when that tab closes or stops listening, the lock goes
// to another tab, which opens the stream. (A message sent while no tab holds it is missed, as one sent
// during a reconnect always was.) Browsers without Web Locks keep a stream per tab.
type Reader = (data: string) => void;
type Relayed = { message: string } | { ended: StreamEndReason };

interface Stream {
  readers: Set<Reader>;
  close: () => void;
}

const streams = new Map<string, Stream>();

// `read` gets each message's data; returns a stop.
export function listenToStream(url: string, read: Reader): () => void {
  let stream = streams.get(url);
  if (!stream) {
    const readers = new Set<Reader>();
    const deliver = (data: string) => readers.forEach((reader) => reader(data));
    stream = { readers, close: canShareAcrossTabs() ? openShared(url, deliver) : openOwn(url, deliver) };
    streams.set(url, stream);
  }
  const { readers, close } = stream;
  readers.add(read);
  return () => {
    readers.delete(read);
    if (readers.size > 0 || streams.get(url) !== stream) return;
    streams.delete(url);
    close();
  };
}

const canShareAcrossTabs = () => typeof BroadcastChannel === 'function' && typeof navigator !== 'undefined' && 'locks' in navigator;

function openOwn(url: string, deliver: Reader): () => void {
  const source = new EventSource(url, { withCredentials: true });
  hearStreamEnd(source);
  source.onmessage = (message: MessageEvent<string>) => deliver(message.data);
  return () => source.close();
}

function openShared(url: string, deliver: Reader): () => void {
  const name = `tessera-stream ${url}`;
  const channel = new BroadcastChannel(name);
  channel.onmessage = ({ data }: MessageEvent<Relayed>) => {
    if ('message' in data) deliver(data.message);
    else announceAccessEnd(data.ended);
  };
  const waiting = new AbortController();
  let letGo: (() => void) | undefined;
  // Held for as long as this tab keeps the stream; a tab still waiting for it gives up on `waiting`.
  navigator.locks
    .request(name, { signal: waiting.signal }, () => {
      const source = new EventSource(url, { withCredentials: true });
      source.onmessage = (message: MessageEvent<string>) => {
        deliver(message.data);
        channel.postMessage({ message: message.data } satisfies Relayed);
      };
      return new Promise<void>((release) => {
        letGo = () => {
          source.close();
          release();
        };
        // Access ended: every tab hears why, and none opens the stream again.
        hearStreamEnd(source, (reason) => {
          announceAccessEnd(reason);
          channel.postMessage({ ended: reason } satisfies Relayed);
        });
      });
    })
    .catch(() => undefined);
  return () => {
    waiting.abort();
    letGo?.();
    channel.close();
  };
}
