import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { workspaceNotice } from '#src/shared/workspaces/messages.ts';
import type { WorkspacesResponse, WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { problemText } from './api-client.ts';
import { myWorkspacesApi, workspaceKeys, workspaceListQuery } from './my-workspaces-api.ts';
import { onAccessEnd } from './session-end.ts';

// The workspaces I belong to and the one I am in. The server remembers the last one opened (POST open),
// so a reload or another device comes back to it.
export interface Workspaces {
  status: 'loading' | 'ready' | 'error';
  workspaces: WorkspaceSummary[];
  current: WorkspaceSummary | null;
  error: string | null;
  refresh: () => Promise<void>;
  // Each rejects with the server's sentence and leaves the state as it was.
  switchTo: (id: string) => Promise<void>;
  create: (name: string) => Promise<WorkspaceSummary>;
}

export function useWorkspaces(): Workspaces {
  const client = useQueryClient();
  // A failed refresh keeps what was shown; only a first load shows the error state.
  const { data, error, refetch } = useQuery(workspaceListQuery);
  const remember = useCallback(
    (change: (answer: WorkspacesResponse) => WorkspacesResponse) =>
      client.setQueryData<WorkspacesResponse>(workspaceKeys.list, (answer) => (answer ? change(answer) : answer)),
    [client],
  );

  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const switchTo = useCallback(
    async (id: string) => {
      await myWorkspacesApi.open(id);
      remember((answer) => ({ ...answer, currentId: id }));
    },
    [remember],
  );

  const create = useCallback(
    async (name: string) => {
      const { workspace } = await myWorkspacesApi.create(name);
      await myWorkspacesApi.open(workspace.id);
      remember((answer) => ({
        ...answer,
        workspaces: [workspace, ...answer.workspaces.filter((one) => one.id !== workspace.id)],
        currentId: workspace.id,
      }));
      return workspace;
    },
    [remember],
  );

  return useMemo<Workspaces>(() => {
    const workspaces = data?.workspaces ?? [];
    const currentId = data ? (data.currentId ?? workspaces[0]?.id ?? null) : null;
    return {
      status: data ? 'ready' : error ? 'error' : 'loading',
      workspaces,
      current: workspaces.find((one) => one.id === currentId) ?? null,
      error: error ? problemText(error, '') : null,
      refresh,
      switchTo,
      create,
    };
  }, [data, error, refresh, switchTo, create]);
}

// A member removed from the workspace whose page is open (or made a client) is taken to the workspace
// they still have, told why; the list and every open read are fetched again.
export function useLeaveLostWorkspace(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      onAccessEnd((reason) => {
        if (reason !== 'no-access') return;
        notify.info(workspaceNotice.accessEnded);
        void client.invalidateQueries();
        void navigate('/dashboard', { replace: true });
      }),
    [client, navigate],
  );
}
