import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer } from '../../../tests/support/api-server.ts';
import { calendarApi } from '#src/web/calendar/calendar-api.ts';
import { chatApi } from '#src/web/chat/chat-api.ts';
import { myWorkspacesApi } from '#src/web/lib/my-workspaces-api.ts';
import { dropEarlyReads, peekEarlyRead, readEarly } from '#src/web/lib/api-client.ts';
import { forgetReads, rememberedReads } from '#src/web/lib/remembered-reads.ts';
import type { WorkspacesResponse } from '#src/shared/workspaces/paths.ts';
import { readPageEarly } from './page-first-reads.ts';

const workspace = { id: 'w1', name: 'Acme', role: 'owner' };

// Counts every GET the server answers, by path and query.
function serve(list: () => Response) {
  const asked = new Map<string, number>();
  const count = (request: Request) => {
    const url = new URL(request.url);
    const key = url.pathname + url.search;
    asked.set(key, (asked.get(key) ?? 0) + 1);
  };
  apiServer.use(
    http.get('/api/workspaces', ({ request }) => {
      count(request);
      return list();
    }),
    http.get('/api/workspaces/w1/calendar', ({ request }) => {
      count(request);
      return HttpResponse.json({ tasks: [], doneColumnId: null });
    }),
    http.get('/api/workspaces/w1/chat/channels', ({ request }) => {
      count(request);
      return HttpResponse.json({ channels: [] });
    }),
    http.get('/api/workspaces/w1', ({ request }) => {
      count(request);
      return HttpResponse.json({ workspace, members: [], invitations: [] });
    }),
    http.get('/api/workspaces/w1/chat/channels/c1/messages', ({ request }) => {
      count(request);
      return HttpResponse.json({ messages: [], nextCursor: null });
    }),
  );
  return asked;
}

const listOf = (currentId: string | null) => () => HttpResponse.json({ workspaces: [workspace], currentId });

// What the app's start does (app/main.tsx): the list's early read with what this address read last time,
// then the page's own.
async function start(pathname: string, search = '') {
  const remembered = rememberedReads(pathname + search);
  readEarly(['/workspaces', ...remembered]);
  await readPageEarly(peekEarlyRead<WorkspacesResponse>('/workspaces'), pathname, search, remembered);
}

afterEach(() => {
  dropEarlyReads();
  forgetReads();
});

describe("an app page's first reads", () => {
  it('ask the calendar of the current workspace once, before the page does, and the page takes that answer', async () => {
    const asked = serve(listOf('w1'));
    await start('/calendar', '?view=week&date=2026-12-09&show=mine');
    // The week of Monday 7 December, mine only, as the page asks for it.
    const path = '/api/workspaces/w1/calendar?from=2026-12-07&to=2026-12-13&mine=1';
    await vi.waitFor(() => expect(asked.get(path)).toBe(1));
    await calendarApi.tasks('w1', '2026-12-07', '2026-12-13', true, null, null);
    expect(asked.get(path)).toBe(1);
    // The list's early read is still there for the shell, asked once.
    await myWorkspacesApi.list();
    expect(asked.get('/api/workspaces')).toBe(1);
  });

  it("ask chat's channels, the workspace's members and the channel the address names", async () => {
    const asked = serve(listOf(null));
    await start('/chat', '?channel=c1&message=40');
    await vi.waitFor(() => expect(asked.size).toBe(4));
    await Promise.all([chatApi.channels('w1'), myWorkspacesApi.detail('w1'), chatApi.messages('w1', 'c1', { before: '41' })]);
    expect(Object.fromEntries(asked)).toEqual({
      '/api/workspaces': 1,
      '/api/workspaces/w1/chat/channels': 1,
      '/api/workspaces/w1': 1,
      '/api/workspaces/w1/chat/channels/c1/messages?before=41': 1,
    });
  });

  it('ask nothing for a page without them, an address that switches workspace, or a list that failed', async () => {
    const asked = serve(listOf('w1'));
    await start('/dashboard');
    await start('/calendar', '?workspace=w2');
    apiServer.use(http.get('/api/workspaces', () => HttpResponse.json({ error: 'You are not signed in.' }, { status: 401 })));
    await start('/calendar');
    expect([...asked.keys()]).toEqual(['/api/workspaces']);
  });

  it('ask at the next load of an address what it read last time, before the list answers, and once', async () => {
    serve(listOf('w1'));
    await start('/chat', '?channel=c1');
    dropEarlyReads();
    let answerList: () => void = () => undefined;
    const listed = new Promise<void>((resolve) => (answerList = resolve));
    const asked = serve(() => HttpResponse.json({ workspaces: [workspace], currentId: 'w1' }));
    apiServer.use(
      http.get('/api/workspaces', async () => {
        await listed;
        return HttpResponse.json({ workspaces: [workspace], currentId: 'w1' });
      }),
    );
    const started = start('/chat', '?channel=c1');
    await vi.waitFor(() => expect(asked.get('/api/workspaces/w1/chat/channels/c1/messages')).toBe(1));
    answerList();
    await started;
    await Promise.all([chatApi.channels('w1'), myWorkspacesApi.detail('w1'), chatApi.messages('w1', 'c1', {})]);
    expect(Object.fromEntries(asked)).toEqual({
      '/api/workspaces/w1/chat/channels': 1,
      '/api/workspaces/w1': 1,
      '/api/workspaces/w1/chat/channels/c1/messages': 1,
    });
  });

  it("ask the list's workspace when the address's remembered reads were for another, and forget them all on request", async () => {
    serve(listOf('w1'));
    await start('/calendar', '?view=week&date=2026-12-09');
    dropEarlyReads();
    const w2 = { id: 'w2', name: 'Beta', role: 'owner' };
    const asked = new Map<string, number>();
    apiServer.use(
      http.get('/api/workspaces', () => HttpResponse.json({ workspaces: [workspace, w2], currentId: 'w2' })),
      http.get('/api/workspaces/:id/calendar', ({ request }) => {
        const url = new URL(request.url);
        asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
        return HttpResponse.json({ tasks: [], doneColumnId: null });
      }),
    );
    await start('/calendar', '?view=week&date=2026-12-09');
    await vi.waitFor(() =>
      expect(Object.fromEntries(asked)).toEqual({ '/api/workspaces/w1/calendar': 1, '/api/workspaces/w2/calendar': 1 }),
    );
    expect(rememberedReads('/calendar?view=week&date=2026-12-09')).toEqual([
      '/workspaces/w2/calendar?from=2026-12-07&to=2026-12-13&mine=0',
    ]);
    forgetReads();
    expect(rememberedReads('/calendar?view=week&date=2026-12-09')).toEqual([]);
  });
});
