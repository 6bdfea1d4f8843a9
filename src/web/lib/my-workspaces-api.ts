import { queryOptions } from '@tanstack/react-query';
import {
  workspacePath,
  workspacePaths as paths,
  type WorkspaceDetailResponse,
  type WorkspaceResponse,
  type WorkspacesResponse,
} from '#src/shared/workspaces/paths.ts';
import { api } from './api-client.ts';
import { startStreamAfter } from './shared-stream.ts';
import { workspaceEventsUrl } from './use-live-refresh.ts';

// The workspaces I belong to, the one I open and its members: read by the shell, the board and the
// settings. Each call rejects with the server's sentence (ApiError); the screens show it where the person acted.
// Every state-changing request is JSON (product rules S7), so those without data send `{}`.
const NO_BODY = {};
const at = (template: string, id: string) => workspacePath(template, { id });

export const myWorkspacesApi = {
  list: () => api<WorkspacesResponse>('GET', paths.list),
  create: (name: string) => api<WorkspaceResponse>('POST', paths.list, { name }),
  detail: (id: string) => api<WorkspaceDetailResponse>('GET', at(paths.one, id)),
  open: (id: string) => api<WorkspaceResponse>('POST', at(paths.open, id), NO_BODY),
};

// Query keys: the list, and one workspace's detail (members, invitations) under it, so a change that
// invalidates the list refreshes the open settings page and the board's members too.
export const workspaceKeys = {
  list: ['workspaces'] as const,
  detail: (id: string) => ['workspaces', id] as const,
};

// The list as every reader asks for it. The layout reads it as an app page starts and the page's own
// readers mount a moment later: within LIST_FRESH_MS they take that answer instead of asking again.
// Changes made here update or invalidate it; a later page's mount still refreshes it.
const LIST_FRESH_MS = 2_000;
// Each workspace's stream starts after the last event the list names (lib/shared-stream.ts).
export const workspaceListQuery = queryOptions({
  queryKey: workspaceKeys.list,
  queryFn: async () => {
    const answer = await myWorkspacesApi.list();
    for (const [id, eventId] of Object.entries(answer.eventIds ?? {})) startStreamAfter(workspaceEventsUrl(id), eventId);
    return answer;
  },
  staleTime: LIST_FRESH_MS,
});

// One workspace's detail (its members, its invitations) as every reader asks for it: the chat page and
// the channel it opens, the board and its quick add read it within moments of each other, and take one
// answer within DETAIL_FRESH_MS instead of each asking again.
const DETAIL_FRESH_MS = 2_000;
export const workspaceDetailQuery = (id: string) =>
  queryOptions({ queryKey: workspaceKeys.detail(id), queryFn: () => myWorkspacesApi.detail(id), staleTime: DETAIL_FRESH_MS });
