// The zod request schemas of workspaces (validated by the server, reused by the forms).
import { z } from 'zod';
import { displayName, email, text } from '#src/shared/validation.ts';
import { WORKSPACE_NAME_MAX, WORKSPACE_ROLES } from './paths.ts';

const workspaceName = displayName('Workspace name', WORKSPACE_NAME_MAX);

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
