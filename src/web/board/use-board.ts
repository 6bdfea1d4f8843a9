import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { boardUi } from '#src/shared/board-messages.ts';
import { RESYNC_EVENT, type Column, type Comment, type LiveEvent } from '#src/shared/tasks.ts';
import { problemText } from '#src/web/lib/workspaces.tsx';
import { boardApi } from './board-api.ts';
import { boardReducer, emptyBoard, type BoardAction, type BoardState } from './board-state.ts';
import { actionFor } from './live-event-action.ts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface Board {
  state: BoardState;
  dispatch: Dispatch<BoardAction>;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  live: LiveStatus;
  reload: () => void;
  // The open task's sheet listens for comments that arrive live.
  onComment: (listener: (comment: Comment) => void) => () => void;
}

// A closed stream (the server answered with an error, or went away for good) is opened again after this.
const RECONNECT_MS = 2_000;

// The board of one workspace: its columns, then each column's tasks page by page (the columns show as
// soon as every first page is in), kept current by the workspace's Server-Sent Events.
export function useBoard(workspaceId: string): Board {
  const [state, dispatch] = useReducer(boardReducer, emptyBoard);
  const [status, setStatus] = useState<Board['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const generation = useRef(0);
  const commentListeners = useRef(new Set<(comment: Comment) => void>());

  // After the columns: every column's first page (then the board shows), then the rest of them.
  const fill = useCallback(
    async (columns: Column[], current: () => boolean) => {
      dispatch({ type: 'reset', columns });
      const rest = await Promise.all(
        columns.map(async (column) => {
          const page = await boardApi.taskPage(workspaceId, column.id, null);
          if (current()) dispatch({ type: 'tasks-loaded', tasks: page.tasks });
          return { column: column.id, cursor: page.nextCursor };
        }),
      );
      if (!current()) return;
      setStatus('ready');
      setError(null);
      // The rest arrives as one change: every card mounts once, rather than each column growing page by
      // page with the whole board rendered again each time (product rules B: 1,000 tasks).
      const later = await Promise.all(
        rest.map(async ({ column, cursor }) => {
          const tasks = [];
          for (let next = cursor; next && current();) {
            const page = await boardApi.taskPage(workspaceId, column, next);
            tasks.push(...page.tasks);
            next = page.nextCursor;
          }
          return tasks;
        }),
      );
      if (current() && later.some((tasks) => tasks.length > 0)) dispatch({ type: 'tasks-loaded', tasks: later.flat() });
    },
    [workspaceId],
  );

  // A later load (a resync, Try again) makes an earlier one's late answers count for nothing.
  const load = useCallback(() => {
    const mine = ++generation.current;
    const current = () => generation.current === mine;
    boardApi
      .columns(workspaceId)
      .then(({ columns }) => (current() ? fill(columns, current) : undefined))
      .catch((failure: unknown) => {
        if (!current()) return;
        setError(problemText(failure, boardUi.loadFailed));
        setStatus((was) => (was === 'ready' ? was : 'error'));
      });
  }, [workspaceId, fill]);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastId = '';
    const connect = () => {
      // A new stream after a closed one asks for what it missed (`after`); EventSource itself resends
      // Last-Event-ID when it reconnects on its own.
      const url = boardApi.eventsUrl(workspaceId) + (lastId ? `?after=${encodeURIComponent(lastId)}` : '');
      source = new EventSource(url, { withCredentials: true });
      source.onopen = () => setLive('live');
      source.onmessage = (message: MessageEvent<string>) => {
        if (message.lastEventId) lastId = message.lastEventId;
        const event = JSON.parse(message.data) as LiveEvent;
        if (event.type === 'comment.added') for (const listener of commentListeners.current) listener(event.comment);
        const action = actionFor(event);
        if (action) dispatch(action);
      };
      // Too much was missed to replay: start again from the server's board.
      source.addEventListener(RESYNC_EVENT, load);
      source.onerror = () => {
        setLive('reconnecting');
        if (source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    load();
    return () => {
      generation.current += 1;
      clearTimeout(retry);
      source?.close();
    };
  }, [workspaceId, load]);

  const onComment = useCallback((listener: (comment: Comment) => void) => {
    commentListeners.current.add(listener);
    return () => void commentListeners.current.delete(listener);
  }, []);

  return { state, dispatch, status, error, live, reload: load, onComment };
}
