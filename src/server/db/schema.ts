import type { Generated } from 'kysely';
import type { TaskPriority } from '#src/shared/tasks.ts';
import type { AlertSeverity, AlertType, UserApproval, UserStatus } from '#src/shared/admin.ts';
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
  // Issue 19 (product rules A): 'active' | 'suspended', and the beta gate's 'approved' | 'pending' | 'declined'.
  status: Generated<UserStatus>;
  approval: Generated<UserApproval>;
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

// Issue 19: what admins did to accounts and the beta, written in the transaction of the change; nothing
// updates or deletes a row, and no endpoint writes one but through an admin action.
export interface AdminAuditTable {
  id: string;
  actor_user_id: string;
  action: string;
  // A user id or an email address.
  target: string | null;
  // JSON text.
  details: string;
  ip: string | null;
  created_at: number;
}

export interface SystemAlertsTable {
  id: string;
  type: AlertType;
  severity: AlertSeverity;
  message: string;
  created_at: number;
}

// Issue 17 (product rules K1): a key's secret is never stored, only its SHA-256.
export interface ApiKeysTable {
  id: string;
  workspace_id: string;
  name: string;
  key_hash: string;
  prefix: string;
  last_four: string;
  created_by: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

// Issue 18 (product rules H).
export interface WebhookEndpointsTable {
  id: string;
  workspace_id: string;
  url: string;
  description: string;
  // JSON array of event names.
  events: string;
  // 1 or 0 (both engines).
  enabled: number;
  disabled_reason: 'manual' | 'failing' | null;
  // The whsec_ secret, sealed with the secret box under APP_SECRET.
  secret_sealed: string;
  // The first failure since the last success; null while it succeeds.
  failing_since: number | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

// The outbox: a row per event and endpoint, written in the transaction of the change.
export interface WebhookDeliveriesTable {
  id: string;
  workspace_id: string;
  endpoint_id: string;
  // The webhook-id header: the event's id, the same on every attempt.
  event_id: string;
  event_type: string;
  // The JSON body, exactly as signed and sent.
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: number | null;
  // A worker's lease: no other worker claims the row before this time.
  locked_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: number;
  status_code: number | null;
  duration_ms: number;
  // The first 1 KB of the answer.
  response: string;
  error: string | null;
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
  admin_audit: AdminAuditTable;
  system_alerts: SystemAlertsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
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
