import type { WorkspaceRole } from '#src/shared/workspaces/paths.ts';

// A client is a portal guest: a contact of one of the workspace's clients, who sees only the portal.
export type ScopeRole = WorkspaceRole | 'client';

// Who acts: a person, by session or through an API key they made (the key acts as its creator).
export interface ScopeActor {
  userId: string;
  apiKeyId: string | null;
  ip: string | null;
}

// The client a guest stands for, and the contact they were invited as.
export interface GuestOf {
  clientId: string;
  contactId: string;
}

// Who acts on which workspace, with the role they held when the request came in; a guest's scope also
// carries their client, so the portal never asks anyone else whose guest they are. Only the resolvers
// of this folder make one for a request; services take it and pass it to withWorkspace/readWorkspace.
export type WorkspaceScope = MemberScope | GuestScope;

export interface MemberScope {
  workspaceId: string;
  actor: ScopeActor;
  role: WorkspaceRole;
}

export interface GuestScope {
  workspaceId: string;
  actor: ScopeActor;
  role: 'client';
  guest: GuestOf;
}

// What the work of a change is handed: the workspace as read under its lock, and the role (and, for a
// guest, the client) re-read there.
export type Entered = MemberEntered | GuestEntered;

export interface MemberEntered {
  workspace: { id: string; name: string };
  actor: ScopeActor;
  role: WorkspaceRole;
}

export interface GuestEntered {
  workspace: { id: string; name: string };
  actor: ScopeActor;
  role: 'client';
  guest: GuestOf;
}

const RANK: Record<WorkspaceRole, number> = { member: 1, owner: 2 };

export const meets = (role: WorkspaceRole, need: WorkspaceRole): boolean => RANK[role] >= RANK[need];
