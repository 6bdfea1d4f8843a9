// The zod schemas of the workspaces routes' answers (checked by the server outside production; the
// browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the forms load.
import { z } from 'zod';
import { WORKSPACE_ROLES } from './paths.ts';

const role = z.enum(WORKSPACE_ROLES);

export const WorkspaceSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  role,
  memberCount: z.number().int(),
  createdAt: z.iso.datetime(),
});

export const WorkspaceMemberSchema = z.strictObject({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  role,
  joinedAt: z.iso.datetime(),
});

export const PendingInvitationSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  invitedBy: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

export const WorkspacesResponseSchema = z.strictObject({
  workspaces: z.array(WorkspaceSummarySchema),
  // The one to show: the last opened, else the first.
  currentId: z.string().nullable(),
  // Each one's last event id ("0" before any), by workspace id: a page's reads all begin after this
  // answer, so a live stream that starts after it may have missed what they did not see.
  eventIds: z.record(z.string(), z.string()),
});
export const WorkspaceResponseSchema = z.strictObject({ workspace: WorkspaceSummarySchema });
export const WorkspaceDetailResponseSchema = z.strictObject({
  workspace: WorkspaceSummarySchema,
  members: z.array(WorkspaceMemberSchema),
  // Owners only; an empty list for members.
  invitations: z.array(PendingInvitationSchema),
});
export const InvitationResponseSchema = z.strictObject({ invitation: PendingInvitationSchema });
export const MemberResponseSchema = z.strictObject({ member: WorkspaceMemberSchema });
export const InvitationPreviewResponseSchema = z.strictObject({
  invitation: z.strictObject({ workspaceName: z.string(), invitedBy: z.string(), email: z.string(), expiresAt: z.iso.datetime() }),
});
// Accepting lands the person in the workspace; `alreadyMember` when they had joined before (the link
// is used up either way). A client portal invitation (`portal`) makes the person a guest of the portal,
// not a member: no workspace.
export const AcceptInvitationResponseSchema = z.union([
  z.strictObject({ workspace: WorkspaceSummarySchema, alreadyMember: z.boolean(), portal: z.literal(false) }),
  z.strictObject({ workspace: z.null(), alreadyMember: z.literal(false), portal: z.literal(true) }),
]);
