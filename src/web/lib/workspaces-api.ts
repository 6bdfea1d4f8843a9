import type { OkResponse } from '#src/shared/api-paths.ts';
import {
  workspacePath,
  type AcceptInvitationResponse,
  workspacePaths as paths,
  type ChangeRoleBody,
  type InvitationPreviewResponse,
  type InvitationResponse,
  type MemberResponse,
  type WorkspaceDetailResponse,
  type WorkspaceResponse,
  type WorkspacesResponse,
} from '#src/shared/workspaces.ts';
import { api } from './api-client.ts';

// The browser's calls to the workspace endpoints (src/shared/workspaces.ts). Each rejects with the
// server's sentence (ApiError); the screens show it where the person acted.
// Every state-changing request is JSON (product rules S7), so those without data send `{}`.
const NO_BODY = {};
const at = (template: string, id: string, more: Record<string, string> = {}) => workspacePath(template, { id, ...more });

export const workspacesApi = {
  list: () => api<WorkspacesResponse>('GET', paths.list),
  create: (name: string) => api<WorkspaceResponse>('POST', paths.list, { name }),
  detail: (id: string) => api<WorkspaceDetailResponse>('GET', at(paths.one, id)),
  open: (id: string) => api<WorkspaceResponse>('POST', at(paths.open, id), NO_BODY),
  rename: (id: string, name: string) => api<WorkspaceResponse>('PUT', at(paths.one, id), { name }),
  remove: (id: string, confirmName: string) => api<OkResponse>('DELETE', at(paths.one, id), { confirmName }),
  leave: (id: string) => api<OkResponse>('POST', at(paths.leave, id), NO_BODY),
  invite: (id: string, email: string) => api<InvitationResponse>('POST', at(paths.invitations, id), { email }),
  revoke: (id: string, invitationId: string) => api<OkResponse>('DELETE', at(paths.invitation, id, { invitationId }), NO_BODY),
  changeRole: (id: string, userId: string, role: ChangeRoleBody['role']) =>
    api<MemberResponse>('PUT', at(paths.member, id, { userId }), { role }),
  removeMember: (id: string, userId: string) => api<OkResponse>('DELETE', at(paths.member, id, { userId }), NO_BODY),
  lookupInvitation: (token: string) => api<InvitationPreviewResponse>('POST', paths.lookupInvitation, { token }),
  acceptInvitation: (token: string) => api<AcceptInvitationResponse>('POST', paths.acceptInvitation, { token }),
};
