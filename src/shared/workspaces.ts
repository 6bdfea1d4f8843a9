// Workspaces, members and invitations (product rules W; issue 15): the API both sides
// share. Paths are relative to API_BASE; `:id` segments are filled with workspacePath().
import { z } from 'zod';
import { email, NO_CONTROL, NO_DISGUISE, text } from './contract.ts';

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

export interface WorkspaceSummary {
  id: string;
  name: string;
  role: WorkspaceRole;
  memberCount: number;
  createdAt: string;
}

export interface WorkspaceMember {
  userId: string;
  name: string;
  email: string;
  picture: string | null;
  role: WorkspaceRole;
  joinedAt: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

export interface WorkspacesResponse {
  workspaces: WorkspaceSummary[];
  // The one to show: the last opened, else the first.
  currentId: string | null;
}
export interface WorkspaceResponse {
  workspace: WorkspaceSummary;
}
export interface WorkspaceDetailResponse {
  workspace: WorkspaceSummary;
  members: WorkspaceMember[];
  // Owners only; an empty list for members.
  invitations: PendingInvitation[];
}
export interface InvitationResponse {
  invitation: PendingInvitation;
}
export interface MemberResponse {
  member: WorkspaceMember;
}
export interface InvitationPreviewResponse {
  invitation: { workspaceName: string; invitedBy: string; email: string; expiresAt: string };
}
// Accepting lands the person in the workspace; `alreadyMember` when they had joined before (the link
// is used up either way).
export interface AcceptInvitationResponse {
  workspace: WorkspaceSummary;
  alreadyMember: boolean;
}
// DELETE workspace, leave, revoke and remove answer `{ ok: true, message }` (OkResponse in api-paths.ts).

const workspaceName = text('Workspace name')
  .trim()
  .min(1, { error: 'Workspace name is required.' })
  .max(WORKSPACE_NAME_MAX, { error: `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters.` })
  .regex(NO_CONTROL, { error: 'Workspace name contains characters that are not allowed.' })
  .regex(NO_DISGUISE, { error: 'Workspace name contains characters that are not allowed.' });

// 256 bits in base64url.
const token = text('Token').regex(/^[A-Za-z0-9_-]{43}$/, { error: 'That invitation link is not valid.' });

export const CreateWorkspaceSchema = z.strictObject({ name: workspaceName });
export const RenameWorkspaceSchema = z.strictObject({ name: workspaceName });
export const DeleteWorkspaceSchema = z.strictObject({ confirmName: text('Workspace name').max(WORKSPACE_NAME_MAX * 4) });
export const InviteSchema = z.strictObject({ email });
export const ChangeRoleSchema = z.strictObject({
  role: z.enum(WORKSPACE_ROLES, { error: `Role must be one of: ${WORKSPACE_ROLES.join(', ')}.` }),
});
export const InvitationTokenSchema = z.strictObject({ token });
// POST open and leave, DELETE invitation and member carry no data, but every state-changing request is
// JSON (product rules S7): they send `{}`, and anything more is refused.
export const NoBodySchema = z.strictObject({});

export type CreateWorkspaceBody = z.input<typeof CreateWorkspaceSchema>;
export type RenameWorkspaceBody = z.input<typeof RenameWorkspaceSchema>;
export type DeleteWorkspaceBody = z.input<typeof DeleteWorkspaceSchema>;
export type InviteBody = z.input<typeof InviteSchema>;
export type ChangeRoleBody = z.input<typeof ChangeRoleSchema>;
export type InvitationTokenBody = z.input<typeof InvitationTokenSchema>;
