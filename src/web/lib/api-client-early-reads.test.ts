import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer } from '../../../tests/support/api-server.ts';
import { api, dropEarlyReads, readEarly, signal } from './api-client.ts';

// The workspace list, counting how often the server was asked.
function serveList() {
  const asked = { get: 0, post: 0 };
  apiServer.use(
    http.get('/api/workspaces', () => {
      asked.get += 1;
      return HttpResponse.json({ workspaces: [], currentId: null, asked: asked.get });
    }),
    http.post('/api/workspaces/w1/chat/presence', () => HttpResponse.json({ ok: true, message: '' })),
    http.post('/api/workspaces', () => {
      asked.post += 1;
      return HttpResponse.json({ workspace: { id: 'w1', name: 'New' } }, { status: 201 });
    }),
  );
  return asked;
}

afterEach(() => {
  dropEarlyReads();
  vi.restoreAllMocks();
});

describe('reads asked as an app page starts', () => {
  it('answer the first GET of their path without asking again, and only the first', async () => {
    const asked = serveList();
    readEarly(['/workspaces']);
    expect(await api('GET', '/workspaces')).toMatchObject({ asked: 1 });
    expect(asked.get).toBe(1);
    expect(await api('GET', '/workspaces')).toMatchObject({ asked: 2 });
  });

  it('are dropped by a change the page sends: the list read after it is asked afresh', async () => {
    const asked = serveList();
    readEarly(['/workspaces']);
    await api('POST', '/workspaces', { name: 'New' });
    expect(asked.post).toBe(1);
    expect(await api('GET', '/workspaces')).toMatchObject({ asked: 2 });
  });

  it('are kept through a signal, which changes nothing a read answers (the chat page saying its person is here)', async () => {
    const asked = serveList();
    readEarly(['/workspaces']);
    await signal('/workspaces/w1/chat/presence', { state: 'online' });
    expect(await api('GET', '/workspaces')).toMatchObject({ asked: 1 });
    expect(asked.get).toBe(1);
  });

  it('are asked again once the page has been open 5 s, and after they are dropped', async () => {
    serveList();
    const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
    readEarly(['/workspaces']);
    now.mockReturnValue(6000);
    expect(await api('GET', '/workspaces')).toMatchObject({ asked: 2 });
    now.mockReturnValue(7000);
    readEarly(['/workspaces']);
    dropEarlyReads();
    expect(await api('GET', '/workspaces')).toMatchObject({ asked: 4 });
  });
});
