import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { type BoardResponse, type Comment, type LiveEvent } from '#src/shared/tasks/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { listenToStream, type StreamStatus } from '#src/web/lib/shared-stream.ts';
import { workspaceEventsUrl } from '#src/web/lib/use-live-refresh.ts';
import { boardApi, boardKeys } from './board-api.ts';
import { boardReducer, emptyBoard, type BoardAction, type BoardState } from './board-state.ts';
import { afterCommentEvent } from './comment-list.ts';
import { actionFor } from './live-event-action.ts';

export type LiveStatus = 'connecting' | StreamStatus;

export interface Board {
  state: BoardState;
  dispatch: Dispatch<BoardAction>;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  live: LiveStatus;
  reload: () => void;
}

// What the board holds in its reducer, the live event changes there; what other screens read through the
// query cache (an open task's comments, My work), it updates or marks stale there.
function applyToCache(client: QueryClient, workspaceId: string, event: LiveEvent) {
  void client.invalidateQueries({ queryKey: boardKeys.myWork });
  // A commit or pull request named a task: its open sheet shows the link.
  if (event.type === 'github.linked') void client.invalidateQueries({ queryKey: boardKeys.links(workspaceId, event.task.id) });
  if (event.type !== 'comment.added' && event.type !== 'comment.updated' && event.type !== 'comment.deleted') return;
  const key = boardKeys.comments(workspaceId, event.comment.taskId);
  // Before the list has arrived, its read starts again so the answer includes this change.
  if (client.getQueryData(key)) client.setQueryData<Comment[]>(key, (list) => afterCommentEvent(list ?? [], event));
  else void client.invalidateQueries({ queryKey: key });
}

// The board of one workspace: its columns with every column's first page (one request), then the rest of
// each column page by page, kept current by the workspace's Server-Sent Events.
export function useBoard(workspaceId: string): Board {
  const [state, dispatch] = useReducer(boardReducer, emptyBoard);
  const [status, setStatus] = useState<Board['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const generation = useRef(0);
  // The id the workspace's stream started after, when it was opened without one (null before), and the
  // id of the last event the shown board's answer includes (null while it is read): an answer read
  // before that start may lack what was committed between the two, which the stream does not send.
  const startedAfter = useRef<number | null>(null);
  const shownUpTo = useRef<number | null>(null);
  const client = useQueryClient();

  // The first screen (the columns and every column's first page, one request) shows the board; then the
  // rest of the pages, from each column's cursor.
  const fill = useCallback(
    async ({ columns, pages }: BoardResponse, current: () => boolean) => {
      dispatch({ type: 'reset', columns });
      dispatch({ type: 'tasks-loaded', tasks: columns.flatMap((column) => pages[column.id]?.tasks ?? []) });
      setStatus('ready');
      setError(null);
      // The rest arrives as one change: every card mounts once, rather than each column growing page by
      // page with the whole board rendered again each time (product rules B: 1,000 tasks).
      const later = await Promise.all(
        columns.map(async (column) => {
          const tasks = [];
          for (let next = pages[column.id]?.nextCursor ?? null; next && current();) {
            const page = await boardApi.taskPage(workspaceId, column.id, next);
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
    const read = (startKnown: number | null): Promise<void> => {
      shownUpTo.current = null;
      return boardApi.board(workspaceId).then((board) => {
        if (!current()) return;
        const upTo = Number(board.eventId);
        // The stream started while this was read, after what it includes: read again (once: that read
        // begins after the start).
        if (startedAfter.current !== startKnown && upTo < (startedAfter.current ?? 0)) return read(startedAfter.current);
        shownUpTo.current = upTo;
        return fill(board, current);
      });
    };
    read(startedAfter.current).catch((failure: unknown) => {
      if (!current()) return;
      setError(problemText(failure, boardUi.loadFailed));
      setStatus((was) => (was === 'ready' ? was : 'error'));
    });
  }, [workspaceId, fill]);

  // Shared with the tab's other readers of the workspace's stream and with the other tabs
  // (lib/shared-stream.ts), which also opens it again after a failure from the last event heard.
  useEffect(() => {
    const stop = listenToStream(workspaceEventsUrl(workspaceId), {
      message: (data) => {
        const event = JSON.parse(data) as LiveEvent;
        applyToCache(client, workspaceId, event);
        const action = actionFor(event);
        if (action) dispatch(action);
      },
      status: setLive,
      started: (eventId) => {
        startedAfter.current = Number(eventId);
        if (shownUpTo.current !== null && shownUpTo.current < startedAfter.current) load();
      },
      // Too much was missed to replay: start again from the server's board, and read open comments again.
      resync: () => {
        load();
        void client.invalidateQueries({ queryKey: boardKeys.workspace(workspaceId) });
      },
    });
    load();
    return () => {
      generation.current += 1;
      stop();
    };
  }, [workspaceId, load, client]);

  return { state, dispatch, status, error, live, reload: load };
}
