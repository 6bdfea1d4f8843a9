import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { taskPaths, type LiveEvent } from '#src/shared/tasks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { hearStreamEnd } from './session-end.ts';

// The workspace's live stream, each event handed to `onEvent` (the latest one given: no reconnect when it
// changes).
export function useLiveEvents(workspaceId: string | null | undefined, onEvent: (event: LiveEvent) => void) {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!workspaceId) return;
    const source = new EventSource(API_BASE + workspacePath(taskPaths.events, { id: workspaceId }), { withCredentials: true });
    hearStreamEnd(source);
    source.onmessage = (message: MessageEvent<string>) => latest.current(JSON.parse(message.data) as LiveEvent);
    return () => source.close();
  }, [workspaceId]);
}

// Reads of a workspace refreshed by its live stream: any change a teammate (or a client in the portal)
// makes invalidates them, so a page shows it without a reload.
export function useLiveRefresh(workspaceId: string | null | undefined, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  useLiveEvents(workspaceId, () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  });
}
