import {
  portalPaths,
  type MyPortalsResponse,
  type PortalCommentResponse,
  type PortalCommentsResponse,
  type PortalHomeResponse,
  type PortalTaskResponse,
} from '#src/shared/clients/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from './api-client.ts';

// The client portal's calls. In lib/, as the signed-in layout asks `mine` to send a guest to /portal.
export const portalKeys = {
  mine: ['portal', 'mine'] as const,
  home: (id: string) => ['portal', id, 'home'] as const,
  comments: (id: string, taskId: string) => ['portal', id, 'comments', taskId] as const,
};

export const portalApi = {
  mine: () => api<MyPortalsResponse>('GET', portalPaths.mine),
  home: (id: string) => api<PortalHomeResponse>('GET', workspacePath(portalPaths.home, { id })),
  comments: (id: string, taskId: string) => api<PortalCommentsResponse>('GET', workspacePath(portalPaths.comments, { id, taskId })),
  comment: (id: string, taskId: string, body: string) =>
    api<PortalCommentResponse>('POST', workspacePath(portalPaths.comments, { id, taskId }), { body }),
  approve: (id: string, taskId: string) => api<PortalTaskResponse>('POST', workspacePath(portalPaths.approve, { id, taskId }), {}),
};
