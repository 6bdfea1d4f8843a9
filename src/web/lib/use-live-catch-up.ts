import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { workspaceListQuery } from './my-workspaces-api.ts';
import { listenToStream } from './shared-stream.ts';
import { workspaceEventsUrl } from './use-live-refresh.ts';
import { useWorkspaces } from './workspaces.tsx';

// The current workspace's reads are asked again when its live stream cannot bring what they may lack:
// after a resync (too much was missed to replay), and when the stream starts after the workspace's last
// event as this tab first listed it. Every page's reads begin after that list, so a change committed
// between it and the stream's start reached them by neither; a start at or before it missed nothing. A
// stream normally opens from the list's id (workspaceListQuery) and replays what came since instead: it
// starts by itself only when opened again later without a newer list.
// The board counts for itself (board/use-board.ts).
export function useLiveCatchUp(): void {
  const client = useQueryClient();
  const { data } = useQuery(workspaceListQuery);
  const { current } = useWorkspaces();
  const firstListed = useRef(new Map<string, number>());
  useEffect(() => {
    for (const [id, eventId] of Object.entries(data?.eventIds ?? {})) {
      if (!firstListed.current.has(id)) firstListed.current.set(id, Number(eventId));
    }
  }, [data]);

  const workspaceId = current?.id;
  useEffect(() => {
    if (!workspaceId) return;
    const readAgain = () => void client.invalidateQueries({ predicate: (query) => query.queryKey.includes(workspaceId) });
    return listenToStream(workspaceEventsUrl(workspaceId), {
      message: () => undefined,
      resync: readAgain,
      started: (eventId) => {
        if (Number(eventId) > (firstListed.current.get(workspaceId) ?? -1)) readAgain();
      },
    });
  }, [client, workspaceId]);
}
