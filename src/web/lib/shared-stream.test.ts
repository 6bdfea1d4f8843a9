import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDED_EVENT } from '#src/shared/tasks/paths.ts';

// EventSources the code under test opened, to send messages through and to see which are still open.
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  send(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  end(reason: string) {
    this.dispatchEvent(new MessageEvent(ENDED_EVENT, { data: JSON.stringify({ reason }) }));
  }
  close() {
    this.closed = true;
  }
}
const open = () => FakeEventSource.opened.filter((source) => !source.closed);

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

// Each tab runs its own copy of the modules, as a browser's tabs do.
async function openTab() {
  vi.resetModules();
  const stream = await import('./shared-stream.ts');
  const sessionEnd = await import('./session-end.ts');
  return { ...stream, ...sessionEnd };
}

const URL = '/api/workspaces/w1/events';
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a shared live stream', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  describe('in a browser without Web Locks', () => {
    beforeEach(() => vi.stubGlobal('navigator', {}));

    it('gives a tab’s readers of one address one connection, open until the last reader stops', async () => {
      const tab = await openTab();
      const badge: string[] = [];
      const page: string[] = [];
      const stopBadge = tab.listenToStream(URL, (data) => badge.push(data));
      const stopPage = tab.listenToStream(URL, (data) => page.push(data));
      expect(open()).toHaveLength(1);
      open()[0]!.send('one');
      expect([badge, page]).toEqual([['one'], ['one']]);
      stopPage();
      expect(open()).toHaveLength(1);
      stopBadge();
      expect(open()).toHaveLength(0);
      tab.listenToStream(URL, () => undefined);
      expect(open()).toHaveLength(1);
    });
  });

  describe('across tabs', () => {
    beforeEach(() => vi.stubGlobal('navigator', { locks: fakeLocks() }));

    it('opens one connection for every tab, and hands it to another tab when its holder stops', async () => {
      const first = await openTab();
      const second = await openTab();
      const heard = { first: [] as string[], second: [] as string[] };
      const stopFirst = first.listenToStream(URL, (data) => heard.first.push(data));
      second.listenToStream(URL, (data) => heard.second.push(data));
      await settle();
      expect(open()).toHaveLength(1);
      open()[0]!.send('moved');
      await settle();
      expect(heard).toEqual({ first: ['moved'], second: ['moved'] });

      stopFirst();
      await settle();
      expect(open()).toHaveLength(1);
      expect(FakeEventSource.opened).toHaveLength(2);
      open()[0]!.send('renamed');
      await settle();
      expect(heard).toEqual({ first: ['moved'], second: ['moved', 'renamed'] });
    });

    it('tells every tab when the server ends the stream, and no tab opens it again', async () => {
      const first = await openTab();
      const second = await openTab();
      const ended = { first: [] as string[], second: [] as string[] };
      first.onAccessEnd((reason) => ended.first.push(reason));
      second.onAccessEnd((reason) => ended.second.push(reason));
      first.listenToStream(URL, () => undefined);
      second.listenToStream(URL, () => undefined);
      await settle();
      open()[0]!.end('no-access');
      await settle();
      expect(ended).toEqual({ first: ['no-access'], second: ['no-access'] });
      expect(open()).toHaveLength(0);
      expect(FakeEventSource.opened).toHaveLength(1);
    });
  });
});
