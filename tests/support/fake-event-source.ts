import { ENDED_EVENT } from '#src/shared/tasks/paths.ts';

// A browser's EventSource driven by the test: what the server would send, and which are still open.
// Install it with `vi.stubGlobal('EventSource', FakeEventSource)` and empty `FakeEventSource.opened` first.
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];

  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  // The server answered: the stream is live.
  connect() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(data: string, lastEventId = '') {
    this.onmessage?.(new MessageEvent('message', { data, lastEventId }));
  }
  // A named event (`event: name`).
  emit(name: string, data = '{}', lastEventId = '') {
    this.dispatchEvent(new MessageEvent(name, { data, lastEventId }));
  }
  // The server ended the stream because the person's access ended.
  end(reason: string) {
    this.emit(ENDED_EVENT, JSON.stringify({ reason }));
  }
  // The connection dropped (the browser tries again by itself) or the server answered with an error
  // (`closed`: the browser gives up).
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  get closed() {
    return this.readyState === FakeEventSource.CLOSED;
  }
  static stillOpen() {
    return FakeEventSource.opened.filter((source) => !source.closed);
  }
}
