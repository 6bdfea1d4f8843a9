import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { taskPaths } from '#src/shared/tasks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { hearStreamEnd } from './session-end.ts';

// Reads of a workspace refreshed by its live stream: any change a teammate (or a client in the portal)
// makes invalidates them, so a page shows it without a reload.
export function useLiveRefresh(workspaceId: string | null | undefined, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  const signature = JSON.stringify(keys);
  useEffect(() => {
    if (!workspaceId) return;
    const watched = JSON.parse(signature) as QueryKey[];
    const source = new EventSource(API_BASE + workspacePath(taskPaths.events, { id: workspaceId }), { withCredentials: true });
    hearStreamEnd(source);
    source.onmessage = () => {
      for (const queryKey of watched) void queryClient.invalidateQueries({ queryKey });
    };
    return () => source.close();
  }, [workspaceId, signature, queryClient]);
}
