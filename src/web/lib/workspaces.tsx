import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { WorkspacesResponse, WorkspaceSummary } from '#src/shared/workspaces.ts';
import { ApiError } from './api-client.ts';
import { workspacesApi } from './workspaces-api.ts';

// Issue 15: the workspaces I belong to and the one I am in. The server remembers the last one opened
// (POST open), so a reload or another device comes back to it.
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

const WorkspacesContext = createContext<Workspaces | null>(null);

export const problemText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

export function WorkspacesProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Workspaces['status']>('loading');
  const [workspaces, setWorkspaces] = useState<WorkspaceSummary[]>([]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const apply = useCallback((answer: WorkspacesResponse) => {
    setWorkspaces(answer.workspaces);
    setCurrentId(answer.currentId ?? answer.workspaces[0]?.id ?? null);
    setError(null);
    setStatus('ready');
  }, []);
  // A failed refresh keeps what was shown; only a first load shows the error state.
  const fail = useCallback((failure: unknown) => {
    setError(problemText(failure, ''));
    setStatus((was) => (was === 'ready' ? was : 'error'));
  }, []);

  useEffect(() => {
    // An unmounted (or React's abandoned development) run drops its late answer.
    let active = true;
    workspacesApi.list().then(
      (answer) => active && apply(answer),
      (failure: unknown) => active && fail(failure),
    );
    return () => {
      active = false;
    };
  }, [apply, fail]);

  const refresh = useCallback(() => workspacesApi.list().then(apply, fail), [apply, fail]);

  const switchTo = useCallback(async (id: string) => {
    await workspacesApi.open(id);
    setCurrentId(id);
  }, []);

  const create = useCallback(async (name: string) => {
    const { workspace } = await workspacesApi.create(name);
    await workspacesApi.open(workspace.id);
    setWorkspaces((list) => [workspace, ...list.filter((one) => one.id !== workspace.id)]);
    setCurrentId(workspace.id);
    return workspace;
  }, []);

  const value = useMemo<Workspaces>(
    () => ({
      status,
      workspaces,
      current: workspaces.find((one) => one.id === currentId) ?? null,
      error,
      refresh,
      switchTo,
      create,
    }),
    [status, workspaces, currentId, error, refresh, switchTo, create],
  );
  return <WorkspacesContext.Provider value={value}>{children}</WorkspacesContext.Provider>;
}

export function useWorkspaces(): Workspaces {
  const workspaces = useContext(WorkspacesContext);
  if (!workspaces) throw new Error('useWorkspaces must be used inside <WorkspacesProvider>');
  return workspaces;
}
