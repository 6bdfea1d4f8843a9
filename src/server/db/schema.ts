import type { Generated } from 'kysely';
import type { TaskPriority } from '#src/shared/tasks.ts';
import type { WorkspaceRole } from '#src/shared/workspaces.ts';

// Times are epoch milliseconds; flags are 0/1 integers, so both engines store them alike.
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: string;
  gender: string;
  picture: string | null;
  password_hash: string | null;
  email_verified: number;
  google_sub: string | null;
  total_prospects_fetched: number;
  total_prospects_mailed: number;
  total_project: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  // Issue 20: the public id, the device and the last sighting (null on sessions made before).
  id: string | null;
  user_agent: string | null;
  ip: string | null;
  last_seen_at: number | null;
}

export type CodePurpose = 'verify' | 'reset';

export interface CodesTable {
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: number;
  expires_at: number;
  created_at: number;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface MembershipsTable {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  joined_at: number;
  last_opened_at: number | null;
}

export interface InvitationsTable {
  id: string;
  workspace_id: string;
  email: string;
  token_hash: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: string | null;
  revoked_at: number | null;
}

// Written in the transaction of the change it records; nothing updates or deletes a row.
export interface AuditLogTable {
  id: string;
  workspace_id: string;
  workspace_name: string;
  actor_user_id: string;
  action: string;
  // A user id or an email address.
  target: string | null;
  // JSON text.
  details: string;
  ip: string | null;
  created_at: number;
}

// Issue 16 (product rules T). Positions are fractional-index keys; labels JSON text (a string array),
// mirrored in task_labels for filtering; deleted_at marks a deleted task that can still be restored.
export interface BoardColumnsTable {
  id: string;
  workspace_id: string;
  name: string;
  position: string;
  created_at: number;
}

export interface TasksTable {
  id: string;
  workspace_id: string;
  column_id: string;
  title: string;
  description: string;
  assignee_id: string | null;
  priority: TaskPriority;
  due_date: string | null;
  labels: string;
  position: string;
  created_by: string | null;
  version: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface TaskLabelsTable {
  task_id: string;
  workspace_id: string;
  label: string;
}

export interface CommentsTable {
  id: string;
  workspace_id: string;
  task_id: string;
  author_id: string | null;
  body: string;
  created_at: number;
}

// The ordered log the live board replays from; `data` is JSON text.
export interface WorkspaceEventsTable {
  id: Generated<number>;
  workspace_id: string;
  type: string;
  actor_id: string | null;
  data: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  codes: CodesTable;
  rate_limits: RateLimitsTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  audit_log: AuditLogTable;
  board_columns: BoardColumnsTable;
  tasks: TasksTable;
  task_labels: TaskLabelsTable;
  comments: CommentsTable;
  workspace_events: WorkspaceEventsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  account_events: AccountEventsTable;
}

// Issue 20 (product rules U). The TOTP seed is sealed with the secret box; enabled_at is null while a
// setup waits for its first code; last_step is the last time step a code was accepted in (no replay).
export interface TwoFactorTable {
  user_id: string;
  secret_sealed: string;
  enabled_at: number | null;
  last_step: number | null;
  created_at: number;
}

export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: number;
}

// The second step of a sign-in: a short-lived, single-use token, stored hashed; no session until it passes.
export interface SignInChallengesTable {
  token_hash: string;
  user_id: string;
  attempts: number;
  expires_at: number;
  created_at: number;
}

// Account changes outside any workspace (audit_log needs one). No foreign key: see the migration.
export interface AccountEventsTable {
  id: string;
  user_id: string;
  action: string;
  // JSON text.
  details: string;
  ip: string | null;
  created_at: number;
}
