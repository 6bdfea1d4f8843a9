// Workspaces, members and invitations (product rules W): the API both sides
// share. Paths are relative to API_BASE; `:id` segments are filled with workspacePath().
import type { z } from 'zod';
import type {
  AcceptInvitationResponseSchema,
  InvitationPreviewResponseSchema,
  InvitationResponseSchema,
  MemberResponseSchema,
  PendingInvitationSchema,
  WorkspaceDetailResponseSchema,
  WorkspaceMemberSchema,
  WorkspaceResponseSchema,
  WorkspaceSummarySchema,
  WorkspacesResponseSchema,
} from './responses.ts';

export { INVITATION_PAGE, invitationLink } from './invitation-link.ts';

export const WORKSPACE_NAME_MAX = 80;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const WORKSPACE_ROLES = ['owner', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const workspacePaths = {
  // GET: the workspaces I belong to, newest opened first; POST: create one.
  list: '/workspaces',
  // GET: one workspace with its members (and, for owners, its pending invitations); PUT: rename;
  // DELETE: delete (owner, body { confirmName }).
  one: '/workspaces/:id',
  // POST: remember it as the one I opened last (the app reopens it).
  open: '/workspaces/:id/open',
  // POST: leave it (the last owner cannot).
  leave: '/workspaces/:id/leave',
  // POST: invite an email (owner).
  invitations: '/workspaces/:id/invitations',
  // DELETE: revoke a pending invitation (owner).
  invitation: '/workspaces/:id/invitations/:invitationId',
  // PUT: change a member's role; DELETE: remove a member (owner).
  member: '/workspaces/:id/members/:userId',
  // POST { token }: what an invitation is for, before accepting (no session needed).
  lookupInvitation: '/invitations/lookup',
  // POST { token }: join the workspace (signed in, as the invited email).
  acceptInvitation: '/invitations/accept',
} as const;

export function workspacePath(template: string, params: Record<string, string>): string {
  return template.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;
export type WorkspacesResponse = z.infer<typeof WorkspacesResponseSchema>;
export type WorkspaceResponse = z.infer<typeof WorkspaceResponseSchema>;
export type WorkspaceDetailResponse = z.infer<typeof WorkspaceDetailResponseSchema>;
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;
export type MemberResponse = z.infer<typeof MemberResponseSchema>;
export type InvitationPreviewResponse = z.infer<typeof InvitationPreviewResponseSchema>;
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;
// DELETE workspace, leave, revoke and remove answer `{ ok: true, message }` (OkResponse in api-paths.ts).
