import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESYNC_EVENT, START_EVENT } from '#src/shared/tasks/paths.ts';
import type { StreamReader } from './shared-stream.ts';
import { FakeEventSource } from '../../../tests/support/fake-event-source.ts';

const open = () => FakeEventSource.stillOpen();

// Web Locks as one browser grants them to its tabs: one holder per name, the others waiting in turn.
function fakeLocks() {
  const held = new Set<string>();
  const queues = new Map<string, Array<() => void>>();
  const grant = (name: string) => queues.get(name)?.shift()?.();
  return {
    request(name: string, { signal }: { signal: AbortSignal }, callback: () => Promise<void>): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const run = () => {
          held.add(name);
          void callback().then(() => {
            held.delete(name);
            resolve();
            grant(name);
          });
        };
        if (!held.has(name)) return run();
        const queue = queues.get(name) ?? [];
        queue.push(run);
        queues.set(name, queue);
        signal.addEventListener('abort', () => {
          queue.splice(queue.indexOf(run), 1);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    },
  };
}

// Each tab runs its own copy of the modules, as a browser's tabs do. Every tab stops listening after its
// test, as a closed tab does: a holder left over would answer the next test's tabs.
const stops: Array<() => void> = [];
async function openTab() {
  vi.resetModules();
  const { listenToStream, startStreamAfter, RECONNECT_MS } = await import('./shared-stream.ts');
  const { onAccessEnd } = await import('./session-end.ts');
  const listen = (url: string, reader: StreamReader) => {
    const stop = listenToStream(url, reader);
    stops.push(stop);
    return stop;
  };
  return { listen, startStreamAfter, onAccessEnd, RECONNECT_MS };
}

const URL = '/api/workspaces/w1/events';
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a shared live stream', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.unstubAllGlobals();
  });

  describe('in a browser without Web Locks', () => {
    beforeEach(() => vi.stubGlobal('navigator', {}));

    it('gives a tab’s readers of one address one connection, open until the last reader stops', async () => {
      const tab = await openTab();
      const badge: string[] = [];
      const page: string[] = [];
      const stopBadge = tab.listen(URL, { message: (data) => badge.push(data) });
      const stopPage = tab.listen(URL, { message: (data) => page.push(data) });
      expect(open()).toHaveLength(1);
      open()[0]!.send('one');
      expect([badge, page]).toEqual([['one'], ['one']]);
      stopPage();
      expect(open()).toHaveLength(1);
      stopBadge();
      expect(open()).toHaveLength(0);
      tab.listen(URL, { message: () => undefined });
      expect(open()).toHaveLength(1);
    });

    it('opens a stream after the last event the workspace list named, once; a stream already open keeps its place', async () => {
      const tab = await openTab();
      tab.startStreamAfter(URL, '12');
      tab.listen(URL, { message: () => undefined });
      expect(open().map((source) => source.url)).toEqual([`${URL}?after=12`]);
      tab.startStreamAfter(URL, '30');
      tab.listen(URL, { message: () => undefined });
      expect(open().map((source) => source.url)).toEqual([`${URL}?after=12`]);
      stops.splice(0).forEach((stop) => stop());
      // Opened again with no newer list, it starts where the server is.
      tab.listen(URL, { message: () => undefined });
      expect(open().map((source) => source.url)).toEqual([URL]);
    });

    it('tells a reader that joins an open stream that it is live, and passes on a resync', async () => {
      const tab = await openTab();
      const badge: string[] = [];
      tab.listen(URL, { message: () => undefined, status: (status) => badge.push(status) });
      expect(badge).toEqual([]);
      open()[0]!.connect();
      const board = { status: [] as string[], resyncs: 0 };
      tab.listen(URL, { message: () => undefined, status: (status) => board.status.push(status), resync: () => board.resyncs++ });
      expect([badge, board.status]).toEqual([['live'], ['live']]);
      open()[0]!.emit(RESYNC_EVENT);
      expect(board.resyncs).toBe(1);
    });

    it('opens a stream the server refused again after a pause that doubles, from the last event heard', async () => {
      vi.useFakeTimers();
      // Each wait at its longest: half as long again as its pause.
      vi.spyOn(Math, 'random').mockReturnValue(1);
      try {
        const tab = await openTab();
        const wait = tab.RECONNECT_MS * 1.5;
        const status: string[] = [];
        const opened = () => FakeEventSource.opened.length;
        tab.listen(URL, { message: () => undefined, status: (now) => status.push(now) });
        open()[0]!.connect();
        open()[0]!.send('moved', '7');
        // A dropped connection: the browser reconnects by itself, sending Last-Event-ID.
        open()[0]!.fail(false);
        expect(status).toEqual(['live', 'reconnecting']);
        vi.advanceTimersByTime(wait);
        expect(opened()).toBe(1);
        // An error answer: the browser gives up, and the stream is opened again.
        open()[0]!.fail(true);
        expect(open()).toHaveLength(0);
        vi.advanceTimersByTime(wait - 1);
        expect(opened()).toBe(1);
        vi.advanceTimersByTime(1);
        expect(open().map((source) => source.url)).toEqual([`${URL}?after=7`]);
        // Refused again: twice as long.
        open()[0]!.fail(true);
        vi.advanceTimersByTime(2 * wait - 1);
        expect(opened()).toBe(2);
        vi.advanceTimersByTime(1);
        expect(opened()).toBe(3);
        // Once open, the next refusal waits the least again.
        open()[0]!.connect();
        expect(status).toEqual(['live', 'reconnecting', 'reconnecting', 'reconnecting', 'live']);
        open()[0]!.fail(true);
        vi.advanceTimersByTime(wait);
        expect(opened()).toBe(4);
      } finally {
        vi.useRealTimers();
        vi.restoreAllMocks();
      }
    });
  });

  describe('across tabs', () => {
    beforeEach(() => vi.stubGlobal('navigator', { locks: fakeLocks() }));

    it('opens one connection for every tab, and hands it to another tab when its holder stops', async () => {
      const first = await openTab();
      const second = await openTab();
      const heard = { first: [] as string[], second: [] as string[] };
      const stopFirst = first.listen(URL, { message: (data) => heard.first.push(data) });
      second.listen(URL, { message: (data) => heard.second.push(data) });
      await settle();
      expect(open()).toHaveLength(1);
      open()[0]!.send('moved', '41');
      await settle();
      expect(heard).toEqual({ first: ['moved'], second: ['moved'] });

      stopFirst();
      await settle();
      expect(open()).toHaveLength(1);
      expect(FakeEventSource.opened).toHaveLength(2);
      // From the last event heard: the server replays what the handover missed.
      expect(open()[0]!.url).toBe(`${URL}?after=41`);
      open()[0]!.send('renamed');
      await settle();
      expect(heard).toEqual({ first: ['moved'], second: ['moved', 'renamed'] });
    });

    it('tells every tab where a stream that replays nothing starts, and the next holder opens it from there', async () => {
      const first = await openTab();
      const second = await openTab();
      const starts = { first: [] as string[], second: [] as string[] };
      const stopFirst = first.listen(URL, { message: () => undefined, started: (id) => starts.first.push(id) });
      second.listen(URL, { message: () => undefined, started: (id) => starts.second.push(id) });
      await settle();
      open()[0]!.connect();
      open()[0]!.emit(START_EVENT, '{}', '41');
      await settle();
      expect(starts).toEqual({ first: ['41'], second: ['41'] });
      // No event came after the start, yet the handover misses nothing committed meanwhile.
      stopFirst();
      await settle();
      expect(open().map((source) => source.url)).toEqual([`${URL}?after=41`]);
    });

    it('tells a tab that joins later whether the stream is live, and every tab of a resync', async () => {
      const first = await openTab();
      const second = await openTab();
      const heard = { first: [] as string[], second: [] as string[] };
      first.listen(URL, { message: () => undefined, resync: () => heard.first.push('resync') });
      await settle();
      open()[0]!.connect();
      await settle();
      second.listen(URL, {
        message: () => undefined,
        status: (status) => heard.second.push(status),
        resync: () => heard.second.push('resync'),
      });
      await settle();
      expect(heard.second).toEqual(['live']);
      open()[0]!.emit(RESYNC_EVENT);
      await settle();
      expect(heard).toEqual({ first: ['resync'], second: ['live', 'resync'] });
      expect(FakeEventSource.opened).toHaveLength(1);
    });

    it('tells every tab when the server ends the stream, and no tab opens it again', async () => {
      const first = await openTab();
      const second = await openTab();
      const ended = { first: [] as string[], second: [] as string[] };
      first.onAccessEnd((reason) => ended.first.push(reason));
      second.onAccessEnd((reason) => ended.second.push(reason));
      first.listen(URL, { message: () => undefined });
      second.listen(URL, { message: () => undefined });
      await settle();
      open()[0]!.end('no-access');
      await settle();
      expect(ended).toEqual({ first: ['no-access'], second: ['no-access'] });
      expect(open()).toHaveLength(0);
      expect(FakeEventSource.opened).toHaveLength(1);
    });
  });
});
