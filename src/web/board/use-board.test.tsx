import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RESYNC_EVENT,
  START_EVENT,
  type BoardResponse,
  type Column,
  type LiveEvent,
  type TaskListResponse,
} from '#src/shared/tasks/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { apiServer } from '../../../tests/support/api-server.ts';
import { FakeEventSource } from '../../../tests/support/fake-event-source.ts';
import { sampleColumn, sampleTask } from '../../../tests/support/sample-tasks.ts';
import { useBoard } from './use-board.ts';

const doing: Column = { ...sampleColumn, id: '00000000-0000-4000-8000-0000000000c2', name: 'Doing', position: 'a1' };
const task = (n: number, column: Column) => sampleTask({ id: `t${n}`, key: `TSR-${n}`, number: n, columnId: column.id, position: `a${n}` });

const wrapper = ({ children }: { children: ReactNode }) => <QueryProvider>{children}</QueryProvider>;

describe('the board’s first load', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the columns and first pages from one request, then the later pages from their cursors, and hears live events', async () => {
    const requests: string[] = [];
    const board: BoardResponse = {
      columns: [sampleColumn, doing],
      pages: { [sampleColumn.id]: { tasks: [task(1, sampleColumn)], nextCursor: 'next-1' }, [doing.id]: { tasks: [], nextCursor: null } },
      eventId: '4',
    };
    const later: TaskListResponse = { tasks: [task(2, sampleColumn)], nextCursor: null };
    apiServer.use(
      http.get('/api/workspaces/w1/board', () => {
        requests.push('board');
        return HttpResponse.json(board);
      }),
      http.get('/api/workspaces/w1/tasks', ({ request }) => {
        const query = new URL(request.url).searchParams;
        requests.push(`tasks ${query.get('column')} ${query.get('cursor')}`);
        return HttpResponse.json(later);
      }),
    );
    const { result } = renderHook(() => useBoard('w1'), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await waitFor(() => expect(result.current.state.order[sampleColumn.id]).toEqual(['t1', 't2']));
    expect(result.current.state.columns.map((column) => column.name)).toEqual(['To do', 'Doing']);
    expect(result.current.state.order[doing.id]).toEqual([]);
    expect(requests).toEqual(['board', `tasks ${sampleColumn.id} next-1`]);

    const moved: LiveEvent = {
      id: '5',
      workspaceId: 'w1',
      actorId: 'u2',
      occurredAt: '2026-11-24T10:00:00.000Z',
      type: 'task.updated',
      moved: true,
      task: { ...task(1, doing), position: 'a0' },
    };
    const [stream] = FakeEventSource.stillOpen();
    expect(result.current.live).toBe('connecting');
    act(() => stream!.connect());
    expect(result.current.live).toBe('live');
    act(() => stream!.send(JSON.stringify(moved), moved.id));
    expect(result.current.state.order[doing.id]).toEqual(['t1']);
    expect(result.current.state.order[sampleColumn.id]).toEqual(['t2']);

    // Too much missed to replay: the board is read again from the server.
    act(() => stream!.emit(RESYNC_EVENT));
    await waitFor(() => expect(requests.filter((request) => request === 'board')).toHaveLength(2));
  });

  // The stream opened without an id starts after the last event committed when the server began it;
  // anything committed between the board's read and then reaches the page by neither, unless it reads again.
  const before: BoardResponse = { columns: [sampleColumn], pages: { [sampleColumn.id]: { tasks: [], nextCursor: null } }, eventId: '4' };
  const caughtUp: BoardResponse = {
    ...before,
    pages: { [sampleColumn.id]: { tasks: [task(1, sampleColumn)], nextCursor: null } },
    eventId: '6',
  };
  it.each([
    { when: 'after the board is shown', startsAfter: '6', heldUntilStart: false, reads: 2 },
    { when: 'while the board is read', startsAfter: '6', heldUntilStart: true, reads: 2 },
    { when: 'at the last event the board includes', startsAfter: '4', heldUntilStart: false, reads: 1 },
  ])(
    'reads the board again only when its stream starts after what it includes: a start $when',
    async ({ startsAfter, heldUntilStart, reads }) => {
      const answers = [before, caughtUp];
      let asked = 0;
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      apiServer.use(
        http.get('/api/workspaces/w1/board', async () => {
          const answer = answers[asked++]!;
          if (asked === 1 && heldUntilStart) await held;
          return HttpResponse.json(answer);
        }),
      );
      const { result } = renderHook(() => useBoard('w1'), { wrapper });
      const [stream] = FakeEventSource.stillOpen();
      if (!heldUntilStart) await waitFor(() => expect(result.current.state.order[sampleColumn.id]).toEqual([]));
      else await waitFor(() => expect(asked).toBe(1));
      act(() => {
        stream!.connect();
        stream!.emit(START_EVENT, '{}', startsAfter);
      });
      release();
      await waitFor(() => expect(asked).toBe(reads));
      await waitFor(() => expect(result.current.state.order[sampleColumn.id]).toEqual(reads === 2 ? ['t1'] : []));
      // Nothing more is asked: the second read began after the start.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(asked).toBe(reads);
    },
  );

  it('says the board could not be loaded when the one request fails', async () => {
    apiServer.use(http.get('/api/workspaces/w1/board', () => HttpResponse.json({ error: 'Workspace not found.' }, { status: 404 })));
    const { result } = renderHook(() => useBoard('w1'), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('Workspace not found.');
  });
});
