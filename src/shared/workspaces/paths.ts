// Workspaces, members and invitations (product rules W): the API both sides
// share. Paths are relative to API_BASE; `:id` segments are filled with workspacePath().
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
// A client portal invitation (`portal`) makes the person a guest of the portal, not a member: no workspace.
export type AcceptInvitationResponse =
  { workspace: WorkspaceSummary; alreadyMember: boolean; portal: false } | { workspace: null; alreadyMember: false; portal: true };
// DELETE workspace, leave, revoke and remove answer `{ ok: true, message }` (OkResponse in api-paths.ts).
