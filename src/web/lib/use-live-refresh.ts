import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { taskPaths, type LiveEvent } from '#src/shared/tasks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { listenToStream } from './shared-stream.ts';

// The address of a workspace's live stream, the same for every reader so that they share it.
export const workspaceEventsUrl = (workspaceId: string) => API_BASE + workspacePath(taskPaths.events, { id: workspaceId });

// The workspace's live stream, each event handed to `onEvent` (the latest one given: no reconnect when it
// changes). Every reader in every tab shares one connection (lib/shared-stream.ts).
export function useLiveEvents(workspaceId: string | null | undefined, onEvent: (event: LiveEvent) => void) {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!workspaceId) return;
    return listenToStream(workspaceEventsUrl(workspaceId), { message: (data) => latest.current(JSON.parse(data) as LiveEvent) });
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
