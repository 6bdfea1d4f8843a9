import type { OkResponse } from '#src/shared/accounts/paths.ts';
import {
  workspacePath,
  type AcceptInvitationResponse,
  workspacePaths as paths,
  type InvitationPreviewResponse,
  type InvitationResponse,
  type MemberResponse,
  type WorkspaceResponse,
} from '#src/shared/workspaces/paths.ts';
import { type ChangeRoleBody } from '#src/shared/workspaces/schemas.ts';
import { api } from '#src/web/lib/api-client.ts';

// The calls of the workspace settings and of an invitation link. Each rejects with the server's sentence (ApiError); the screens show it where the person acted.
// Every state-changing request is JSON (product rules S7), so those without data send `{}`.
const NO_BODY = {};
const at = (template: string, id: string, more: Record<string, string> = {}) => workspacePath(template, { id, ...more });

export const workspacesApi = {
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
