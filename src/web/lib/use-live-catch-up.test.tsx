import { act, renderHook, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESYNC_EVENT, START_EVENT } from '#src/shared/tasks/paths.ts';
import type { WorkspacesResponse } from '#src/shared/workspaces/paths.ts';
import { apiServer } from '../../../tests/support/api-server.ts';
import { FakeEventSource } from '../../../tests/support/fake-event-source.ts';
import { QueryProvider } from './query-client.tsx';
import { useLiveCatchUp } from './use-live-catch-up.ts';

const listed: WorkspacesResponse = {
  workspaces: [{ id: 'w1', name: 'Studio', role: 'owner', memberCount: 2, createdAt: '2026-01-01T00:00:00.000Z' }],
  currentId: 'w1',
  eventIds: { w1: '4' },
};

// A page's read of the current workspace and one of another workspace, each counting how often it is asked.
function useShell(reads: Record<string, number>) {
  useLiveCatchUp();
  const count = (name: string) => () => Promise.resolve((reads[name] = (reads[name] ?? 0) + 1));
  useQuery({ queryKey: ['chat', 'w1', 'messages'], queryFn: count('current') });
  useQuery({ queryKey: ['chat', 'w2', 'messages'], queryFn: count('other') });
}

const wrapper = ({ children }: { children: ReactNode }) => <QueryProvider>{children}</QueryProvider>;

describe('the shell catching a page up with its live stream', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    apiServer.use(http.get('/api/workspaces', () => HttpResponse.json(listed)));
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    { heard: 'a start after the workspace’s last event as listed', emit: [START_EVENT, '6'], asked: 2 },
    { heard: 'a resync', emit: [RESYNC_EVENT, ''], asked: 2 },
    { heard: 'a start at the workspace’s last event as listed', emit: [START_EVENT, '4'], asked: 1 },
  ])('reads the current workspace again on $heard, and only then', async ({ emit: [name, id], asked }) => {
    const reads: Record<string, number> = {};
    renderHook(() => useShell(reads), { wrapper });
    await waitFor(() => expect(FakeEventSource.stillOpen()).toHaveLength(1));
    await waitFor(() => expect(reads).toEqual({ current: 1, other: 1 }));
    const [stream] = FakeEventSource.stillOpen();
    // From the workspace's last event as listed: the server replays what came since.
    expect(stream!.url).toBe('/api/workspaces/w1/events?after=4');
    act(() => {
      stream!.connect();
      stream!.emit(name!, '{}', id);
    });
    await waitFor(() => expect(reads.current).toBe(asked));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toEqual({ current: asked, other: 1 });
  });
});
