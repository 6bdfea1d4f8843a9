import type { ColumnType, Generated } from 'kysely';
import type { ClientStatus, ProjectStatus } from '#src/shared/clients/paths.ts';
import type { TaskPriority } from '#src/shared/tasks/paths.ts';
import type { AlertSeverity, AlertType, UserApproval, UserStatus } from '#src/shared/admin/paths.ts';
import type { WorkspaceRole } from '#src/shared/workspaces/paths.ts';
import type { NotificationDelivery, NotificationKind } from '#src/shared/notifications/paths.ts';

// A nullable column added later: rows written without it hold null.
type OptionalNull<T> = ColumnType<T | null, T | null | undefined, T | null>;

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
  // Product rules A: 'active' | 'suspended', and the beta gate's 'approved' | 'pending' | 'declined'.
  status: Generated<UserStatus>;
  approval: Generated<UserApproval>;
  // 'system' | 'light' | 'dark' (src/shared/theme/theme.ts).
  theme: Generated<string>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  // The public id, the device and the last sighting (null on sessions made before).
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

// What a workspace stores, kept beside its writes so a quota check reads one row.
export interface WorkspaceUsageTable {
  workspace_id: string;
  tasks: number;
  comments: number;
  text_chars: number;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  // ISO 4217: the currency of project values (clients).
  currency: Generated<string>;
  // Task keys: TSR in TSR-42, and the last number handed out (never reused).
  task_prefix: Generated<string>;
  last_task_number: Generated<number>;
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
  // Set when the invitation makes a client's contact a portal guest instead of a member.
  contact_id: OptionalNull<string>;
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

// Product rules T. Positions are fractional-index keys; labels JSON text (a string array),
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
  project_id: OptionalNull<string>;
  shared_with_client: Generated<number>;
  // Its number in the workspace (the 42 of TSR-42), given when it is made.
  number: OptionalNull<number>;
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
  for_client: Generated<number>;
  // When its author last changed it; null if never.
  edited_at: number | null;
}

// The ordered log the live board replays from; `data` is JSON text.
export interface WorkspaceEventsTable {
  id: Generated<number>;
  workspace_id: string;
  type: string;
  actor_id: string | null;
  data: string;
  created_at: number;
  // A JSON array of the user ids who may hear the event; null: every member of the workspace.
  audience: ColumnType<string | null, string | null | undefined, string | null>;
}

// What admins did to accounts and the beta, written in the transaction of the change; nothing
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

// System Settings (src/server/ops/system-settings.ts) and the backup schedule; `value` is JSON text.
export interface SystemSettingsTable {
  key: string;
  value: string;
  updated_by: string | null;
  updated_at: number;
}

export interface SystemAlertsTable {
  id: string;
  type: AlertType;
  severity: AlertSeverity;
  message: string;
  created_at: number;
  // The person the alert is about, and the browser they used (no foreign key: the alert outlives them).
  user_id: string | null;
  user_agent: string | null;
}

export type AccountExportStatus = 'pending' | 'ready' | 'failed';

// A data export made in the background; its file is DATA_DIR/exports/<id>.json until expires_at.
export interface AccountExportsTable {
  id: string;
  user_id: string;
  status: AccountExportStatus;
  size_bytes: number | null;
  created_at: number;
  ready_at: number | null;
  expires_at: number | null;
}

// A key's secret is never stored, only its SHA-256.
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

// Product rules H.
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
  // After attempts that timed out, no attempt before this time (back-off doubling per timeout in a row).
  resting_until: number | null;
  timeouts_in_a_row: number;
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
  workspace_usage: WorkspaceUsageTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  audit_log: AuditLogTable;
  board_columns: BoardColumnsTable;
  tasks: TasksTable;
  task_labels: TaskLabelsTable;
  comments: CommentsTable;
  workspace_events: WorkspaceEventsTable;
  chat_channels: ChatChannelsTable;
  doc_pages: DocPagesTable;
  doc_versions: DocVersionsTable;
  doc_updates: DocUpdatesTable;
  doc_images: DocImagesTable;
  doc_mentions: DocMentionsTable;
  doc_task_links: DocTaskLinksTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  chat_reactions: ChatReactionsTable;
  chat_thread_followers: ChatThreadFollowersTable;
  slack_imports: SlackImportsTable;
  chat_presence: ChatPresenceTable;
  admin_audit: AdminAuditTable;
  system_alerts: SystemAlertsTable;
  account_exports: AccountExportsTable;
  system_settings: SystemSettingsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  account_events: AccountEventsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  notifications: NotificationsTable;
  task_follows: TaskFollowsTable;
  task_notify_state: TaskNotifyStateTable;
  notification_preferences: NotificationPreferencesTable;
  clients: ClientsTable;
  client_contacts: ClientContactsTable;
  projects: ProjectsTable;
  client_guests: ClientGuestsTable;
  task_approvals: TaskApprovalsTable;
  sent_emails: SentEmailsTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  search_entries: SearchEntriesTable;
  calendar_feeds: CalendarFeedsTable;
  task_transitions: TaskTransitionsTable;
  task_flow_days: TaskFlowDaysTable;
  task_arrivals: TaskArrivalsTable;
  ai_batches: AiBatchesTable;
  ai_batch_tasks: AiBatchTasksTable;
  ai_settings: AiSettingsTable;
  ai_usage: AiUsageTable;
  github_repos: GithubReposTable;
  github_deliveries: GithubDeliveriesTable;
  github_links: GithubLinksTable;
  github_settings: GithubSettingsTable;
}

// A repository connected by a webhook in GitHub; its secret is sealed (only the webhook check opens it).
export interface GithubReposTable {
  id: string;
  workspace_id: string;
  full_name: string;
  secret_sealed: string;
  created_by: string | null;
  created_at: number;
  last_delivery_at: number | null;
  last_event: string | null;
  last_error: string | null;
  last_error_at: number | null;
}

export interface GithubDeliveriesTable {
  repo_id: string;
  delivery_id: string;
  workspace_id: string;
  received_at: number;
}

export interface GithubLinksTable {
  id: string;
  workspace_id: string;
  task_id: string;
  repo_id: string;
  kind: 'commit' | 'pull_request';
  ref: string;
  title: string;
  url: string;
  state: 'pushed' | 'open' | 'draft' | 'merged' | 'closed';
  updated_at: number;
}

export interface GithubSettingsTable {
  workspace_id: string;
  open_column_id: string | null;
  merged_column_id: string | null;
  move_on_open: number;
  move_on_merge: number;
}

// Each column a task enters, and when (column_id null: deleted); analytics replays these.
export interface TaskTransitionsTable {
  id: Generated<number>;
  workspace_id: string;
  task_id: string;
  column_id: string | null;
  at: number;
}

// Each task's first arrival in each column it has entered, and its first step on the board (column_id
// ''), so analytics reads ranges of arrivals instead of replaying every task's history. Every row of a
// task repeats its column and time of creation, when it first entered another column (null: not yet),
// and its assignee now, so a range of arrivals in Done gives its cycle times and who finished them.
export interface TaskArrivalsTable {
  workspace_id: string;
  task_id: string;
  column_id: string;
  at: number;
  created_column_id: string;
  created_at: number;
  left_at: number | null;
  assignee_id: string | null;
}

// The board's moves summed per UTC day (days since 1970-01-01), by the column entered and the column
// left ('' for none: created, restored, or deleted), kept with each transition; the flow reads these.
export interface TaskFlowDaysTable {
  workspace_id: string;
  day: number;
  column_id: string;
  from_column_id: string;
  moves: number;
}

// A person's secret iCalendar address; the secret is found by its SHA-256 and kept sealed
// (secret box) so the Calendar page can show the address again.
export interface CalendarFeedsTable {
  user_id: string;
  secret_hash: string;
  secret_sealed: string;
  created_at: number;
}

// One row per searchable thing (src/server/search/). Each engine indexes title and body its
// own way (an FTS5 table on SQLite, a generated `document` tsvector on PostgreSQL, not typed here).
export interface SearchEntriesTable {
  id: Generated<number>;
  workspace_id: string;
  kind: string;
  ref_id: string;
  task_id: string | null;
  title: string;
  body: string;
  // A chat message's channel (who may find it); null for every other kind.
  channel_id: ColumnType<string | null, string | null | undefined, string | null>;
}

// Clients, their contacts and projects; the portal's guests and approvals; the emails a workspace sent.
export interface ClientsTable {
  id: string;
  workspace_id: string;
  name: string;
  company: string;
  status: ClientStatus;
  notes: string;
  last_contact_at: number | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface ClientContactsTable {
  id: string;
  workspace_id: string;
  client_id: string;
  name: string;
  email: string;
  unsubscribed_at: number | null;
  created_at: number;
}

export interface ProjectsTable {
  id: string;
  workspace_id: string;
  client_id: string;
  name: string;
  status: ProjectStatus;
  // Minor units of the workspace currency.
  value: number | null;
  start_date: string | null;
  end_date: string | null;
  created_at: number;
  updated_at: number;
}

export interface ClientGuestsTable {
  workspace_id: string;
  user_id: string;
  client_id: string;
  contact_id: string;
  joined_at: number;
  last_opened_at: number;
}

export interface TaskApprovalsTable {
  task_id: string;
  workspace_id: string;
  user_id: string | null;
  created_at: number;
}

export interface SentEmailsTable {
  id: string;
  workspace_id: string;
  kind: 'invitation' | 'portal-invitation' | 'notification' | 'campaign';
  recipient: string;
  client_id: string | null;
  created_at: number;
}

export interface CampaignsTable {
  id: string;
  workspace_id: string;
  subject: string;
  body: string;
  sent_by: string | null;
  created_at: number;
}

export interface CampaignRecipientsTable {
  campaign_id: string;
  workspace_id: string;
  contact_id: string;
  client_id: string;
  name: string;
  email: string;
  status: 'sent' | 'unsubscribed';
  created_at: number;
}

// AI task creation: a batch is the tasks one review created; undone and restored together.
export interface AiBatchesTable {
  id: string;
  workspace_id: string;
  created_by: string | null;
  created_at: number;
}

export interface AiBatchTasksTable {
  batch_id: string;
  task_id: string;
  undone: number;
}

// No row: the model is on (when the server has one).
export interface AiSettingsTable {
  workspace_id: string;
  enabled: number;
  updated_by: string | null;
  updated_at: number;
}

export interface AiUsageTable {
  workspace_id: string;
  day: string;
  requests: number;
}

// Product rules U. The TOTP seed is sealed with the secret box; enabled_at is null while a
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
// product rules U7. The public key is the COSE key in base64url; transports JSON text (a string array).
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  backed_up: number;
  name: string;
  device: string;
  created_at: number;
  last_used_at: number | null;
}

export interface PasskeyChallengesTable {
  id: string;
  user_id: string | null;
  purpose: 'register' | 'sign-in';
  challenge: string;
  expires_at: number;
}

export interface AccountEventsTable {
  id: string;
  user_id: string;
  action: string;
  // JSON text.
  details: string;
  ip: string | null;
  created_at: number;
}

export type JobStatus = 'pending' | 'done' | 'failed';

// Durable jobs (src/server/jobs): `payload` is JSON text; next_run_at is null once settled.
export interface JobsTable {
  id: string;
  kind: string;
  workspace_id: string | null;
  payload: string;
  status: JobStatus;
  attempt_count: number;
  next_run_at: number | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface JobSchedulesTable {
  name: string;
  next_run_at: number;
  locked_until: number | null;
  last_run_at: number | null;
}

export type NotificationEmailState = 'queued' | 'digest' | 'sent' | 'skipped';

export interface NotificationsTable {
  id: string;
  user_id: string;
  workspace_id: string;
  kind: NotificationKind;
  task_id: string | null;
  actor_id: string | null;
  excerpt: string | null;
  detail: string | null;
  link: string | null;
  read_at: number | null;
  email_state: NotificationEmailState | null;
  created_at: number;
}

export interface TaskFollowsTable {
  task_id: string;
  user_id: string;
  workspace_id: string;
  following: number;
}

export interface TaskNotifyStateTable {
  task_id: string;
  assignee_id: string | null;
  column_id: string;
  // JSON array of member ids.
  mentions: string;
}

export interface NotificationPreferencesTable {
  user_id: string;
  kind: NotificationKind;
  delivery: NotificationDelivery;
}

// Team chat (product rules C): a workspace's channels, who has joined each with how far they have read,
// and the messages. A private channel is seen only by its members.
export interface DocPagesTable {
  id: string;
  workspace_id: string;
  parent_id: string | null;
  position: number;
  title: string;
  icon: string | null;
  // Yjs state (Uint8Array); null until the page is first edited.
  state: Uint8Array | null;
  text: ColumnType<string, string | undefined, string>;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface DocVersionsTable {
  id: string;
  workspace_id: string;
  page_id: string;
  kind: 'auto' | 'saved' | 'before-restore';
  state: Uint8Array;
  text: string;
  created_by: string | null;
  created_at: number;
}

export interface DocUpdatesTable {
  id: Generated<number>;
  workspace_id: string;
  page_id: string;
  update: Uint8Array;
  created_at: number;
}

export interface DocMentionsTable {
  page_id: string;
  user_id: string;
  workspace_id: string;
}

export interface DocTaskLinksTable {
  page_id: string;
  task_id: string;
  workspace_id: string;
}

export interface DocImagesTable {
  id: string;
  workspace_id: string;
  page_id: string;
  content_type: string;
  size: number;
  bytes: Uint8Array;
  created_by: string | null;
  created_at: number;
}

export interface ChatChannelsTable {
  id: string;
  workspace_id: string;
  name: string;
  private: number;
  archived_at: number | null;
  created_by: string | null;
  created_at: number;
  kind: ColumnType<'channel' | 'dm', 'channel' | 'dm' | undefined, 'channel' | 'dm'>;
  dm_key: string | null;
  slack_id: string | null;
}

export interface ChatMembersTable {
  channel_id: string;
  user_id: string;
  workspace_id: string;
  last_read_seq: number;
  joined_at: number;
}

export interface ChatMessagesTable {
  seq: Generated<number>;
  id: string;
  workspace_id: string;
  channel_id: string;
  author_id: string | null;
  body: string;
  created_at: number;
  edited_at: number | null;
  parent_id: string | null;
  reply_count: ColumnType<number, number | undefined, number>;
  last_reply_at: number | null;
  author_name: string | null;
  slack_ts: string | null;
}

export interface ChatReactionsTable {
  message_id: string;
  workspace_id: string;
  reactor_key: string;
  user_id: string | null;
  emoji: string;
  created_at: number;
}

export interface ChatPresenceTable {
  workspace_id: string;
  user_id: string;
  state: 'online' | 'away';
  seen_at: number;
}

export interface ChatThreadFollowersTable {
  message_id: string;
  user_id: string;
  workspace_id: string;
}

// A Slack export an owner uploaded: previewed, then imported by a job a slice at a time. The cursor is
// the next day file (its index in the import's plan) and the next message in it.
export type SlackImportStatus = 'previewed' | 'queued' | 'running' | 'done' | 'failed';

export interface SlackImportsTable {
  id: string;
  workspace_id: string;
  created_by: string | null;
  file_name: string;
  archive: Buffer | null;
  status: SlackImportStatus;
  preview: string;
  total_messages: number;
  processed_messages: ColumnType<number, number | undefined, number>;
  imported_messages: ColumnType<number, number | undefined, number>;
  cursor_unit: ColumnType<number, number | undefined, number>;
  cursor_offset: ColumnType<number, number | undefined, number>;
  slice: ColumnType<number, number | undefined, number>;
  error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}
