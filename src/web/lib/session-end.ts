import { ENDED_EVENT, type StreamEndReason, type StreamEnded } from '#src/shared/tasks/paths.ts';

// How the browser hears that its access ended while a page is open: a 401 from any API call, or a live
// stream the server closed with its `ended` event. The session (lib/session.tsx) and the app layout
// listen and take the person where they can go.
type Listener = (reason: StreamEndReason) => void;
const listeners = new Set<Listener>();

export function announceAccessEnd(reason: StreamEndReason): void {
  listeners.forEach((listener) => listener(reason));
}

export function onAccessEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Every live stream of a workspace: after `ended` the browser must not reconnect (it would be refused).
// `onEnd` hears why (the shared stream tells every tab, each announcing it to its page's listeners).
export function hearStreamEnd(source: EventSource, onEnd: Listener): void {
  source.addEventListener(ENDED_EVENT, (event) => {
    source.close();
    let reason: StreamEndReason = 'signed-out';
    try {
      reason = (JSON.parse((event as MessageEvent<string>).data) as StreamEnded).reason;
    } catch {
      // A garbled reason still ends the stream; the session check below decides where to go.
    }
    onEnd(reason);
  });
}
