import { randomUUID } from 'node:crypto';
import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, type QueryExecutorProvider, sql } from 'kysely';
import { defaultTaskPrefix } from '#src/shared/tasks/task-keys.ts';
import type { Database } from './schema.ts';

// One set of migrations for SQLite and PostgreSQL: only types both understand.
const migrations: Record<string, Migration> = {
  '001-accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('gender', 'text', (c) => c.notNull().defaultTo('not specified'))
        .addColumn('picture', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('google_sub', 'text', (c) => c.unique())
        .addColumn('total_prospects_fetched', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_prospects_mailed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_project', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
      await db.schema
        .createTable('codes')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('codes_pk', ['user_id', 'purpose'])
        .execute();
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
    },
  },
  // Every row that belongs to a workspace carries its id.
  '002-workspaces': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('workspaces')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('memberships')
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('last_opened_at', 'bigint')
        // Looked up by workspace (members, owner count) through the key, by user (my list) through the index.
        .addPrimaryKeyConstraint('memberships_pk', ['workspace_id', 'user_id'])
        .execute();
      await db.schema.createIndex('memberships_user_id').on('memberships').column('user_id').execute();
      await db.schema
        .createTable('invitations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('accepted_at', 'bigint')
        .addColumn('accepted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('invitations_workspace_email').on('invitations').columns(['workspace_id', 'email']).execute();
      // No foreign keys: the trail outlives the workspace and the people it names.
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('workspace_name', 'text', (c) => c.notNull())
        .addColumn('actor_user_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_workspace').on('audit_log').columns(['workspace_id', 'created_at']).execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_user_id', 'created_at']).execute();
    },
  },
  // The board. Positions are fractional-index keys compared as plain
  // code-point strings, so on PostgreSQL they take the "C" collation (SQLite compares bytes already).
  // Event ids must rise in commit order within a workspace (T6): an identity on each engine.
  '003-tasks': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      const position = sql`text${postgres ? sql` collate "C"` : sql``}`;
      await db.schema
        .createTable('board_columns')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('position', position, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('board_columns_workspace').on('board_columns').columns(['workspace_id', 'position']).execute();
      await db.schema
        .createTable('tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('column_id', 'text', (c) => c.notNull().references('board_columns.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text')
        .addColumn('labels', 'text', (c) => c.notNull())
        .addColumn('position', position, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      // One place per live card: the database refuses two cards on one spot, whatever the code does.
      await db.schema
        .createIndex('tasks_place')
        .on('tasks')
        .columns(['workspace_id', 'column_id', 'position'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema.createIndex('tasks_assignee').on('tasks').columns(['assignee_id', 'updated_at']).execute();
      await db.schema.createIndex('tasks_created_by').on('tasks').column('created_by').execute();
      await db.schema
        .createTable('task_labels')
        .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('task_labels_pk', ['task_id', 'label'])
        .execute();
      await db.schema.createIndex('task_labels_workspace').on('task_labels').columns(['workspace_id', 'label']).execute();
      await db.schema
        .createTable('comments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('comments_task').on('comments').columns(['task_id', 'created_at']).execute();
      await db.schema.createIndex('comments_author').on('comments').column('author_id').execute();
      await db.schema
        .createTable('workspace_events')
        .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('workspace_events_replay').on('workspace_events').columns(['workspace_id', 'id']).execute();
      await db.schema.createIndex('workspace_events_created_at').on('workspace_events').column('created_at').execute();
    },
  },
  // Suspension and beta approval on users; the admins' own trail; alerts.
  '004-admin': {
    async up(db: Kysely<unknown>) {
      // Accounts made before the beta gate existed were let in, so they start approved.
      await db.schema
        .alterTable('users')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('approval', 'text', (c) => c.notNull().defaultTo('approved'))
        .execute();
      await db.schema.createIndex('users_created_at').on('users').columns(['created_at', 'id']).execute();
      // No foreign keys, like audit_log: the trail outlives the people it names. Nothing updates a row.
      await db.schema
        .createTable('admin_audit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('actor_user_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('admin_audit_created_at').on('admin_audit').column('created_at').execute();
      await db.schema.createIndex('admin_audit_target').on('admin_audit').columns(['target', 'created_at']).execute();
      await db.schema
        .createTable('system_alerts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('severity', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('system_alerts_created_at').on('system_alerts').column('created_at').execute();
    },
  },
  // Only the key's SHA-256 is kept; prefix and last four identify it afterwards.
  '005-api-keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('last_four', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_workspace').on('api_keys').columns(['workspace_id', 'created_at']).execute();
    },
  },
  // Devices on sessions, two-factor sign-in, the account's own trail.
  '006-account-security': {
    async up(db: Kysely<unknown>) {
      // A session gets a public id (the token hash stays private), the device it signed in from, and
      // when it was last seen (U1). Sessions made before have no device; each gets an id here.
      await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
      const k = db as Kysely<{ sessions: { token_hash: string; id: string | null } }>;
      for (const { token_hash } of await k.selectFrom('sessions').select('token_hash').execute()) {
        await k.updateTable('sessions').set({ id: randomUUID() }).where('token_hash', '=', token_hash).execute();
      }
      await db.schema.createIndex('sessions_id').unique().on('sessions').column('id').execute();
      // U2: one row per account; enabled_at is null while a setup waits for its first code.
      await db.schema
        .createTable('two_factor')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('enabled_at', 'bigint')
        .addColumn('last_step', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('recovery_codes')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
        .execute();
      await db.schema
        .createTable('sign_in_challenges')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_challenges_expires_at').on('sign_in_challenges').column('expires_at').execute();
      // No foreign key: the record of an account's deletion outlives the account (U5).
      await db.schema
        .createTable('account_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_events_user').on('account_events').columns(['user_id', 'created_at']).execute();
    },
  },
  // Endpoints, the outbox of deliveries, and each attempt.
  '007-webhooks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        // JSON array of event names.
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('disabled_reason', 'text')
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('failing_since', 'bigint')
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_endpoints_workspace').on('webhook_endpoints').column('workspace_id').execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        // The webhook-id header: the event's id, the same on every attempt.
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempt_count', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('locked_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The worker's claim reads due pending rows in order; the log reads one endpoint's newest.
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();
      // An event reaches an endpoint once, however often a hook is replayed.
      await db.schema
        .createIndex('webhook_deliveries_event')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'event_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
        .addColumn('attempted_at', 'bigint', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'attempted_at']).execute();
    },
  },
  // Durable jobs: rows written in the transaction of the change, claimed by any instance under a lease;
  // and one row per schedule, so a scheduled job runs once across instances.
  '008-jobs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        // The caller's idempotency key when it has one: enqueueing the same id twice keeps one job.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        // Null for jobs of no workspace; the claim shares each batch fairly between workspaces.
        .addColumn('workspace_id', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempt_count', 'integer', (c) => c.notNull())
        .addColumn('next_run_at', 'bigint')
        .addColumn('locked_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'next_run_at']).execute();
      await db.schema
        .createTable('job_schedules')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('next_run_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .addColumn('last_run_at', 'bigint')
        .execute();
    },
  },
  // Notifications and mentions: what each person is told, whom a task tells, and how each wants to hear.
  '009-notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('task_id', 'text')
        .addColumn('actor_id', 'text')
        // Comment text with mention tokens, rendered with current names when read.
        .addColumn('excerpt', 'text')
        .addColumn('detail', 'text')
        .addColumn('read_at', 'bigint')
        // null: no email; 'queued' (at once) or 'digest' (waiting for it); 'sent'; 'skipped' (read first).
        .addColumn('email_state', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('notifications_email').on('notifications').columns(['email_state', 'user_id']).execute();
      // A person's explicit choice per task; creator and assignee follow unless they chose not to.
      await db.schema
        .createTable('task_follows')
        .addColumn('task_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('following', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('task_follows_pk', ['task_id', 'user_id'])
        .execute();
      // What each task looked like at its last event, so an edit tells who was newly assigned or
      // mentioned and whether it changed column.
      await db.schema
        .createTable('task_notify_state')
        .addColumn('task_id', 'text', (c) => c.primaryKey())
        .addColumn('assignee_id', 'text')
        .addColumn('column_id', 'text', (c) => c.notNull())
        .addColumn('mentions', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into task_notify_state (task_id, assignee_id, column_id, mentions) select id, assignee_id, column_id, '[]' from tasks`.execute(
        db,
      );
      await db.schema
        .createTable('notification_preferences')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('delivery', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
        .execute();
    },
  },
  // Clients, contacts and projects (spec 5's client dashboard), the client portal's guests and approvals,
  // and the record of every email a workspace sends (Emails Sent). Tasks may belong to a project and be
  // shared with its client; comments may be marked for the client.
  '008-clients': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('workspaces')
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .execute();
      await db.schema
        .createTable('clients')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('last_contact_at', 'bigint')
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The dashboard's count and month count, and Recent Clients, read these in order.
      await db.schema.createIndex('clients_workspace_created').on('clients').columns(['workspace_id', 'created_at']).execute();
      await db.schema.createIndex('clients_workspace_contact').on('clients').columns(['workspace_id', 'last_contact_at']).execute();
      await db.schema
        .createTable('client_contacts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('unsubscribed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('client_contacts_email').on('client_contacts').columns(['client_id', 'email']).unique().execute();
      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('value', 'bigint')
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('projects_workspace_status').on('projects').columns(['workspace_id', 'status', 'end_date']).execute();
      await db.schema.createIndex('projects_client').on('projects').column('client_id').execute();
      await db.schema.alterTable('tasks').addColumn('project_id', 'text').execute();
      await db.schema
        .alterTable('tasks')
        .addColumn('shared_with_client', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('tasks_project').on('tasks').columns(['project_id', 'deleted_at']).execute();
      await db.schema
        .alterTable('comments')
        .addColumn('for_client', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('invitations').addColumn('contact_id', 'text').execute();
      // A guest of the portal: a person who sees one client's shared work in one workspace, and nothing else.
      await db.schema
        .createTable('client_guests')
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('contact_id', 'text', (c) => c.notNull().references('client_contacts.id').onDelete('cascade'))
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('last_opened_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('client_guests_pk', ['workspace_id', 'user_id'])
        .execute();
      await db.schema.createIndex('client_guests_user').on('client_guests').column('user_id').execute();
      await db.schema
        .createTable('task_approvals')
        .addColumn('task_id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // Every email sent for a workspace (invitations, notifications, campaigns): spec 5's Emails Sent.
      await db.schema
        .createTable('sent_emails')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sent_emails_workspace').on('sent_emails').columns(['workspace_id', 'created_at']).execute();
    },
  },
  // One search index over tasks and comments (src/server/search/). The rows are plain; each
  // engine adds its own full-text index over them: an FTS5 table kept by triggers on SQLite, a generated
  // tsvector with a GIN index on PostgreSQL. Accents and case never matter: FTS5's unicode61 tokenizer
  // removes diacritics; on PostgreSQL a text search configuration maps words through `unaccent`.
  '010-search': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('search_entries')
        .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref_id', 'text', (c) => c.notNull())
        // The task a hit opens (a comment's task); a kind without a task leaves it null.
        .addColumn('task_id', 'text', (c) => c.references('tasks.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('search_entries_ref').on('search_entries').columns(['kind', 'ref_id']).unique().execute();
      await db.schema.createIndex('search_entries_task').on('search_entries').column('task_id').execute();
      if (postgres) {
        await sql`create extension if not exists unaccent`.execute(db);
        await sql`create text search configuration tessera_search (copy = simple)`.execute(db);
        await sql`alter text search configuration tessera_search alter mapping for word, numword, hword, hword_part, numhword, hword_numpart with unaccent, simple`.execute(
          db,
        );
        await sql`alter table search_entries add column document tsvector generated always as
          (setweight(to_tsvector('tessera_search', title), 'A') || setweight(to_tsvector('tessera_search', body), 'B')) stored`.execute(db);
        await sql`create index search_entries_document on search_entries using gin (document)`.execute(db);
        await db.schema.createIndex('search_entries_workspace').on('search_entries').column('workspace_id').execute();
      } else {
        await sql`create virtual table search_fts using fts5(title, body, content='search_entries', content_rowid='id',
          tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
        await sql`create trigger search_entries_insert after insert on search_entries begin
          insert into search_fts(rowid, title, body) values (new.id, new.title, new.body); end`.execute(db);
        await sql`create trigger search_entries_delete after delete on search_entries begin
          insert into search_fts(search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body); end`.execute(db);
        await sql`create trigger search_entries_update after update on search_entries begin
          insert into search_fts(search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body);
          insert into search_fts(rowid, title, body) values (new.id, new.title, new.body); end`.execute(db);
      }
      // What was written before the index existed.
      await sql`insert into search_entries (workspace_id, kind, ref_id, task_id, title, body)
        select workspace_id, 'task', id, id, title, description from tasks where deleted_at is null`.execute(db);
      await sql`insert into search_entries (workspace_id, kind, ref_id, task_id, title, body)
        select c.workspace_id, 'comment', c.id, c.task_id, '', c.body from comments c
        join tasks t on t.id = c.task_id where t.deleted_at is null`.execute(db);
    },
  },
  // The calendar reads a workspace's tasks by due date; each person may have one secret
  // iCalendar address, found by the SHA-256 of its secret and kept sealed so its owner can copy it again.
  '011-calendar': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('tasks_due').on('tasks').columns(['workspace_id', 'due_date']).execute();
      await db.schema.createIndex('tasks_assignee_due').on('tasks').columns(['assignee_id', 'due_date']).execute();
      await db.schema
        .createTable('calendar_feeds')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // Analytics needs a task's path across the board for longer than the event log keeps
  // (a week, product rules T6): one small row per column a task enters (null: deleted), written by a
  // recorder hook. Tasks already on a board start with one row, in their column, when they were created.
  '012-analytics': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('task_transitions')
        .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('column_id', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('task_transitions_workspace').on('task_transitions').columns(['workspace_id', 'at']).execute();
      await db.schema.createIndex('task_transitions_task').on('task_transitions').columns(['task_id', 'id']).execute();
      await sql`insert into task_transitions (workspace_id, task_id, column_id, at)
        select workspace_id, id, column_id, created_at from tasks`.execute(db);
      await sql`insert into task_transitions (workspace_id, task_id, column_id, at)
        select workspace_id, id, null, deleted_at from tasks where deleted_at is not null`.execute(db);
    },
  },
  // AI task creation: each batch of tasks created from proposals (undone and redone as one), the
  // owners' switch for the model, and the model requests each workspace made per UTC day.
  '013-ai': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ai_batches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ai_batch_tasks')
        .addColumn('batch_id', 'text', (c) => c.notNull().references('ai_batches.id').onDelete('cascade'))
        .addColumn('task_id', 'text', (c) => c.notNull())
        // 1 while the batch's undo holds this task deleted, so a redo brings back only those.
        .addColumn('undone', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('ai_batch_tasks_pk', ['batch_id', 'task_id'])
        .execute();
      await db.schema
        .createTable('ai_settings')
        .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ai_usage')
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        // 'YYYY-MM-DD', UTC.
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('requests', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('ai_usage_pk', ['workspace_id', 'day'])
        .execute();
    },
  },
  '022-workspace-usage': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('workspace_usage')
        .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
        .addColumn('tasks', 'integer', (c) => c.notNull())
        .addColumn('comments', 'integer', (c) => c.notNull())
        .addColumn('text_chars', 'bigint', (c) => c.notNull())
        .execute();
      // What each workspace already holds, so its quota counts from the truth.
      await sql`
        INSERT INTO workspace_usage (workspace_id, tasks, comments, text_chars)
        SELECT w.id,
          (SELECT COUNT(*) FROM tasks t WHERE t.workspace_id = w.id),
          (SELECT COUNT(*) FROM comments c WHERE c.workspace_id = w.id),
          COALESCE((SELECT SUM(LENGTH(t.title) + LENGTH(t.description)) FROM tasks t WHERE t.workspace_id = w.id), 0)
            + COALESCE((SELECT SUM(LENGTH(c.body)) FROM comments c WHERE c.workspace_id = w.id), 0)
        FROM workspaces w`.execute(db);
    },
  },
  '024-comment-edits': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('comments').addColumn('edited_at', 'bigint').execute();
    },
  },
  '033-export-jobs': {
    async up(db: Kysely<unknown>) {
      // product rules U4: a data export is made in the background into a file under DATA_DIR, which its
      // owner may download until it expires; the row says where it stands.
      await db.schema
        .createTable('account_exports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('ready_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .execute();
      await db.schema.createIndex('account_exports_user').on('account_exports').columns(['user_id', 'created_at']).execute();
      // A System Alert about a person names them (their current name and email, read when shown) and the
      // device by its user agent, described as the sessions list does; older alerts have neither.
      await db.schema.alterTable('system_alerts').addColumn('user_id', 'text').execute();
      await db.schema.alterTable('system_alerts').addColumn('user_agent', 'text').execute();
    },
  },
  '023-webhook-backoff': {
    async up(db: Kysely<unknown>) {
      // An endpoint that lets attempts time out rests before its next one, so it cannot hold the worker.
      await db.schema.alterTable('webhook_endpoints').addColumn('resting_until', 'bigint').execute();
      await db.schema
        .alterTable('webhook_endpoints')
        .addColumn('timeouts_in_a_row', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '038-theme': {
    async up(db: Kysely<unknown>) {
      // The person's light, dark or system theme, so it follows them to every device they sign in on.
      await db.schema
        .alterTable('users')
        .addColumn('theme', 'text', (c) => c.notNull().defaultTo('system'))
        .execute();
    },
  },
  '036-passkeys': {
    async up(db: Kysely<unknown>) {
      // product rules U7: WebAuthn credentials, public keys only; they go with the account.
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('backed_up', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
      // Single-use challenges of both ceremonies; a sign-in's has no user yet.
      await db.schema
        .createTable('passkey_challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // Email campaigns: an owner's update to client contacts, and who it went to. A recipient row keeps
  // the name and address it was sent to, so the record stands after the contact is edited or removed.
  '032-campaigns': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('campaigns')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('sent_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('campaign_recipients')
        .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('contact_id', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        // 'sent' (put in the outbox) or 'unsubscribed' (skipped).
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('campaign_recipients_pk', ['campaign_id', 'contact_id'])
        .execute();
      // The daily cap counts a workspace's recipients since midnight.
      await db.schema.createIndex('campaign_recipients_day').on('campaign_recipients').columns(['workspace_id', 'created_at']).execute();
    },
  },
  // Task keys (TSR-42) and the GitHub integration.
  '034-task-keys-github': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('workspaces')
        .addColumn('task_prefix', 'text', (c) => c.notNull().defaultTo('TASK'))
        .execute();
      // The last number handed out: only ever rises, so a deleted task's number is never given again.
      await db.schema
        .alterTable('workspaces')
        .addColumn('last_task_number', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('tasks').addColumn('number', 'integer').execute();
      await sql`
        UPDATE tasks SET number = ranked.n
        FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY workspace_id ORDER BY created_at, id) AS n FROM tasks) AS ranked
        WHERE ranked.id = tasks.id`.execute(db);
      await sql`
        UPDATE workspaces SET last_task_number = COALESCE((SELECT MAX(t.number) FROM tasks t WHERE t.workspace_id = workspaces.id), 0)`.execute(
        db,
      );
      const named = await sql<{ id: string; name: string }>`SELECT id, name FROM workspaces`.execute(db);
      for (const { id, name } of named.rows) {
        await sql`UPDATE workspaces SET task_prefix = ${defaultTaskPrefix(name)} WHERE id = ${id}`.execute(db);
      }
      await db.schema.createIndex('tasks_number').on('tasks').columns(['workspace_id', 'number']).unique().execute();

      await db.schema
        .createTable('github_repos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        // owner/name as the owner typed it; deliveries must name the same repository.
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_delivery_at', 'bigint')
        .addColumn('last_event', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_error_at', 'bigint')
        .execute();
      await db.schema.createIndex('github_repos_workspace').on('github_repos').columns(['workspace_id', 'full_name']).unique().execute();
      // Delivery ids taken, so a replayed delivery is refused.
      await db.schema
        .createTable('github_deliveries')
        .addColumn('repo_id', 'text', (c) => c.notNull().references('github_repos.id').onDelete('cascade'))
        .addColumn('delivery_id', 'text', (c) => c.notNull())
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('github_deliveries_pk', ['repo_id', 'delivery_id'])
        .execute();
      await db.schema
        .createTable('github_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('repo_id', 'text', (c) => c.notNull().references('github_repos.id').onDelete('cascade'))
        // 'commit' (ref: the sha) or 'pull_request' (ref: its number).
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        // commit: 'pushed'; pull request: 'open', 'draft', 'merged' or 'closed'.
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('github_links_one').on('github_links').columns(['task_id', 'repo_id', 'kind', 'ref']).unique().execute();
      await db.schema.createIndex('github_links_workspace').on('github_links').columns(['workspace_id', 'task_id']).execute();
      await db.schema
        .createTable('github_settings')
        .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
        .addColumn('open_column_id', 'text', (c) => c.references('board_columns.id').onDelete('set null'))
        .addColumn('merged_column_id', 'text', (c) => c.references('board_columns.id').onDelete('set null'))
        .addColumn('move_on_open', 'integer', (c) => c.notNull())
        .addColumn('move_on_merge', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '035-system-settings': {
    async up(db: Kysely<unknown>) {
      // System Settings and the backup schedule: one row per key, its value as JSON text.
      await db.schema
        .createTable('system_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // Team chat: channels, who joined them and how far they read, and messages. `seq` rises with every
  // message, so it is both the history cursor and the read position.
  '037-chat': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('chat_channels')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('private', 'integer', (c) => c.notNull())
        .addColumn('archived_at', 'bigint')
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('chat_channels_name', ['workspace_id', 'name'])
        .execute();
      await db.schema
        .createTable('chat_members')
        .addColumn('channel_id', 'text', (c) => c.notNull().references('chat_channels.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('last_read_seq', 'bigint', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_members_pk', ['channel_id', 'user_id'])
        .execute();
      await db.schema.createIndex('chat_members_user').on('chat_members').columns(['workspace_id', 'user_id']).execute();
      await db.schema
        .createTable('chat_messages')
        .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('channel_id', 'text', (c) => c.notNull().references('chat_channels.id').onDelete('cascade'))
        .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('edited_at', 'bigint')
        .execute();
      await db.schema.createIndex('chat_messages_history').on('chat_messages').columns(['channel_id', 'seq']).execute();
    },
  },
  // Direct messages, threads, reactions and the Slack import's idempotence keys. A DM is a private channel of
  // kind 'dm' whose dm_key (sorted member ids) keeps one conversation per set of people; imported rows carry
  // their Slack ids so importing the same export twice matches instead of duplicating.
  '040-chat-threads-dms': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('chat_channels')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('channel'))
        .execute();
      await db.schema.alterTable('chat_channels').addColumn('dm_key', 'text').execute();
      await db.schema.alterTable('chat_channels').addColumn('slack_id', 'text').execute();
      await db.schema.createIndex('chat_channels_dm_key').on('chat_channels').columns(['workspace_id', 'dm_key']).unique().execute();
      await db.schema.createIndex('chat_channels_slack_id').on('chat_channels').columns(['workspace_id', 'slack_id']).unique().execute();
      await db.schema.alterTable('chat_messages').addColumn('parent_id', 'text').execute();
      await db.schema
        .alterTable('chat_messages')
        .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('chat_messages').addColumn('last_reply_at', 'bigint').execute();
      await db.schema.alterTable('chat_messages').addColumn('author_name', 'text').execute();
      await db.schema.alterTable('chat_messages').addColumn('slack_ts', 'text').execute();
      await db.schema.createIndex('chat_messages_thread').on('chat_messages').columns(['parent_id', 'seq']).execute();
      await db.schema.createIndex('chat_messages_slack_ts').on('chat_messages').columns(['channel_id', 'slack_ts']).unique().execute();
      await db.schema
        .createTable('chat_reactions')
        .addColumn('message_id', 'text', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        // A member's id, or 'slack:<Slack user id>' for an imported reaction by someone who is not a member.
        .addColumn('reactor_key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('emoji', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_reactions_pk', ['message_id', 'reactor_key', 'emoji'])
        .execute();
      await db.schema
        .createTable('chat_thread_followers')
        .addColumn('message_id', 'text', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('chat_thread_followers_pk', ['message_id', 'user_id'])
        .execute();
    },
  },
  // Clients and projects join the search index (their entries have no task); what was written before
  // is indexed here, the rest by the indexer's hook in each change's transaction. On PostgreSQL the
  // document is made of words the way FTS5 and the query see them: ASCII punctuation separates words,
  // where PostgreSQL's parser would keep "TSR-42" as "tsr" and "-42", or an address or a link whole.
  '043-gaps': {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        const words = (column: string) =>
          sql`to_tsvector('tessera_search', regexp_replace(${sql.ref(column)}, '[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+', ' ', 'g'))`;
        await sql`alter table search_entries drop column document`.execute(db);
        await sql`alter table search_entries add column document tsvector generated always as
          (setweight(${words('title')}, 'A') || setweight(${words('body')}, 'B')) stored`.execute(db);
        await sql`create index search_entries_document on search_entries using gin (document)`.execute(db);
      }
      const text = (...parts: (string | null)[]) => parts.filter((part): part is string => !!part && part.trim().length > 0).join('\n');
      const { rows: clients } = await sql<{ id: string; workspace_id: string; name: string; company: string; notes: string }>`
        select id, workspace_id, name, company, notes from clients`.execute(db);
      const { rows: contacts } = await sql<{ client_id: string; name: string }>`
        select client_id, name from client_contacts order by created_at, id`.execute(db);
      const { rows: projects } = await sql<{ id: string; workspace_id: string; client_id: string; name: string }>`
        select id, workspace_id, client_id, name from projects`.execute(db);
      const byClient = new Map(clients.map((client) => [client.id, client]));
      for (const client of clients) {
        const names = contacts.filter((contact) => contact.client_id === client.id).map((contact) => contact.name);
        await sql`insert into search_entries (workspace_id, kind, ref_id, task_id, title, body)
          values (${client.workspace_id}, 'client', ${client.id}, null, ${client.name}, ${text(client.company, client.notes, names.join(', '))})`.execute(
          db,
        );
      }
      for (const project of projects) {
        const client = byClient.get(project.client_id);
        await sql`insert into search_entries (workspace_id, kind, ref_id, task_id, title, body)
          values (${project.workspace_id}, 'project', ${project.id}, null, ${project.name}, ${text(client?.name ?? null, client?.company ?? null)})`.execute(
          db,
        );
      }
    },
  },
  // Chat messages join the search index. An entry carries its channel, so a search shows a private
  // channel's or a direct message's messages to its current members only, decided in the query itself;
  // the channel going takes its entries with it. What was written before is indexed here, the rest in
  // each send, edit, delete and Slack import batch's own transaction.
  '045-chat-search': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('search_entries')
        .addColumn('channel_id', 'text', (c) => c.references('chat_channels.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('search_entries_channel').on('search_entries').column('channel_id').execute();
      await sql`insert into search_entries (workspace_id, kind, ref_id, task_id, title, body, channel_id)
        select workspace_id, 'message', id, null, '', body, channel_id from chat_messages`.execute(db);
    },
  },
  // Analytics sums a workspace's history in the database (decision 035): each task's transitions read
  // from the index alone (its first step, start and arrival in Done), the live tasks by column and
  // assignee, and the board's moves summed per day, kept with each transition from now on and summed
  // here from the history.
  '046-analytics-sums': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('task_transitions_life')
        .on('task_transitions')
        .columns(['workspace_id', 'task_id', 'at', 'column_id'])
        .execute();
      await db.schema
        .createIndex('tasks_live_by_column')
        .on('tasks')
        .columns(['workspace_id', 'column_id', 'assignee_id', 'due_date'])
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('task_flow_days')
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('column_id', 'text', (c) => c.notNull())
        .addColumn('from_column_id', 'text', (c) => c.notNull())
        .addColumn('moves', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('task_flow_days_pk', ['workspace_id', 'day', 'column_id', 'from_column_id'])
        .execute();
      await sql`insert into task_flow_days (workspace_id, day, column_id, from_column_id, moves)
        select workspace_id, day, column_id, from_column_id, count(*) from (
          select workspace_id, at / 86400000 as day, coalesce(column_id, '') as column_id,
            coalesce(lag(column_id) over (partition by task_id order by at, id), '') as from_column_id
          from task_transitions) moves
        group by workspace_id, day, column_id, from_column_id`.execute(db);
    },
  },
  // Slack imports: the uploaded export (kept in the database, so whichever instance runs the job can read
  // it, and dropped once the import is done), its dry-run counts, and how far the job has got.
  '041-slack-imports': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('slack_imports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('archive', postgres ? 'bytea' : 'blob')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('preview', 'text', (c) => c.notNull())
        .addColumn('total_messages', 'integer', (c) => c.notNull())
        .addColumn('processed_messages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('imported_messages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cursor_unit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cursor_offset', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('slice', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('slack_imports_workspace').on('slack_imports').columns(['workspace_id', 'created_at']).execute();
    },
  },
  // Who may hear an event (a private channel's or a direct message's people; null: every member), and
  // each member's chat presence, so every instance shows the same online/away list.
  '042-chat-more': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('workspace_events').addColumn('audience', 'text').execute();
      await db.schema
        .createTable('chat_presence')
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_presence_pk', ['workspace_id', 'user_id'])
        .execute();
      await db.schema.createIndex('chat_messages_created').on('chat_messages').columns(['channel_id', 'created_at']).execute();
    },
  },
  // Docs: pages in a tree per workspace. Each page holds its shared document as Yjs state (written by the
  // collaboration server) and a plain-text projection of it for search; deleting a page deletes its
  // sub-pages with it.
  '039-docs': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('doc_pages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('parent_id', 'text', (c) => c.references('doc_pages.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('state', postgres ? 'bytea' : 'blob')
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('doc_pages_tree').on('doc_pages').columns(['workspace_id', 'parent_id', 'position']).execute();
      await db.schema.createIndex('doc_pages_parent').on('doc_pages').column('parent_id').execute();
    },
  },
  // A page's versions: its Yjs state and plain text at a moment (kept by itself while people type, saved
  // by someone, or kept before a restore), at most VERSIONS_PER_PAGE a page; they go with the page.
  '044-docs-history': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('doc_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('page_id', 'text', (c) => c.notNull().references('doc_pages.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('state', postgres ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('doc_versions_page').on('doc_versions').columns(['page_id', 'created_at']).execute();
    },
  },
  // Each edit to a page as it arrives, before it is acknowledged; a store folds them into the page's
  // state and deletes them, so only a crash leaves any behind (docs/journal.ts).
  '047-docs-journal': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('doc_updates')
        .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('page_id', 'text', (c) => c.notNull().references('doc_pages.id').onDelete('cascade'))
        .addColumn('update', postgres ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('doc_updates_page').on('doc_updates').columns(['page_id', 'id']).execute();
    },
  },
  // Where a notification that is not about a task points: a chat channel, a docs page (an app path).
  '049-notification-links': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').addColumn('link', 'text').execute();
    },
  },
  // Who has been told they are mentioned in a page, so a mention notifies once, not at every write.
  '050-doc-mentions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('doc_mentions')
        .addColumn('page_id', 'text', (c) => c.notNull().references('doc_pages.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('doc_mentions_pk', ['page_id', 'user_id'])
        .execute();
    },
  },
  // The calendar reads a month of a workspace's tasks in due order, ties by id: with the id in the
  // due-date index the rows come in that order, where the index without it left every month to sort.
  '051-calendar-due-order': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('tasks_due').execute();
      await db.schema.createIndex('tasks_due').on('tasks').columns(['workspace_id', 'due_date', 'id']).execute();
    },
  },
  // Images uploaded into pages: their bytes, kept with the page (deleting it deletes them) and counted
  // per workspace against its allowance.
  '048-docs-images': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('doc_images')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('page_id', 'text', (c) => c.notNull().references('doc_pages.id').onDelete('cascade'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('doc_images_workspace').on('doc_images').column('workspace_id').execute();
      await db.schema.createIndex('doc_images_page').on('doc_images').column('page_id').execute();
    },
  },
  // The webhook worker's claim reads each endpoint's next due deliveries and what is in flight by index,
  // instead of every pending delivery: a backlog of thousands no longer makes each claim read it all.
  '052-webhook-claim-indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('webhook_deliveries_endpoint_due')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'status', 'next_attempt_at', 'id'])
        .execute();
      await db.schema.createIndex('webhook_deliveries_leased').on('webhook_deliveries').columns(['status', 'locked_until']).execute();
    },
  },
  // The tasks each page mentions, as its words say now (rewritten with every write of the page), so a
  // task lists the pages that name it.
  '053-doc-task-links': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('doc_task_links')
        .addColumn('page_id', 'text', (c) => c.notNull().references('doc_pages.id').onDelete('cascade'))
        .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('doc_task_links_pk', ['page_id', 'task_id'])
        .execute();
      await db.schema.createIndex('doc_task_links_task').on('doc_task_links').column('task_id').execute();
    },
  },
  // Analytics reads a task's first arrival in each column instead of its whole history (decision 035,
  // amended): a year's figures become range reads of arrivals in Done and of first steps on the board.
  '054-analytics-arrivals': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      // Only the task is a foreign key: a workspace's tasks go with it, and a deleted assignee is read as
      // nobody (analytics/service.ts). PostgreSQL checks a key row by row as rows arrive, which cost more
      // than the whole fill (a year of 50,000 tasks timed out the pool's 4 s), so there the key and the
      // primary key are added after it, each checked or built in one pass; SQLite cannot add them later.
      await db.schema
        .createTable('task_arrivals')
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('task_id', 'text', (c) => (postgres ? c.notNull() : c.notNull().references('tasks.id').onDelete('cascade')))
        .addColumn('column_id', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('created_column_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('left_at', 'bigint')
        .addColumn('assignee_id', 'text')
        .$call((table) => (postgres ? table : table.addPrimaryKeyConstraint('task_arrivals_pk', ['task_id', 'column_id'])))
        .execute();
      await fillTaskArrivals(db);
      if (postgres) {
        await sql`alter table task_arrivals add constraint task_arrivals_pk primary key (task_id, column_id)`.execute(db);
        await sql`alter table task_arrivals add constraint task_arrivals_task_fk foreign key (task_id) references tasks (id) on delete cascade`.execute(
          db,
        );
      }
      // Everything a range of arrivals is read for, so a range is read from the index alone.
      await db.schema
        .createIndex('task_arrivals_range')
        .on('task_arrivals')
        .columns(['workspace_id', 'column_id', 'at', 'created_column_id', 'created_at', 'left_at', 'assignee_id'])
        .execute();
      // Only the analytics statement these rows replace read the history by task and time.
      await db.schema.dropIndex('task_transitions_life').execute();
    },
  },
};

// A task's arrivals from its history (task_transitions): its first step on the board, then the first
// arrival in each column, each carrying the first step's column and time, its first arrival in another
// column, and its assignee now. One workspace a statement, so no one statement meets the pool's query
// timeout. Exported for the test that checks them against the rows the history hook keeps.
export async function fillTaskArrivals(db: QueryExecutorProvider): Promise<void> {
  const { rows } = await sql<{ workspace_id: string }>`select distinct workspace_id from task_transitions`.execute(db);
  for (const { workspace_id: workspaceId } of rows) {
    await sql`insert into task_arrivals (workspace_id, task_id, column_id, at, created_column_id, created_at, left_at, assignee_id)
      with firsts as (
        select task_id, column_id, min(at) as at from task_transitions
        where workspace_id = ${workspaceId} and column_id is not null group by task_id, column_id
      ),
      origins as (
        select task_id, column_id, at from (
          select task_id, column_id, at, row_number() over (partition by task_id order by at, id) as n
          from task_transitions where workspace_id = ${workspaceId}
        ) ordered where n = 1 and column_id is not null
      ),
      lives as (
        select o.task_id, o.column_id as created_column_id, o.at as created_at,
          min(case when f.column_id <> o.column_id then f.at end) as left_at
        from origins o join firsts f on f.task_id = o.task_id
        group by o.task_id, o.column_id, o.at
      ),
      arrivals as (
        select task_id, column_id, at from firsts
        union all
        select task_id, '', created_at from lives
      )
      select ${workspaceId}, a.task_id, a.column_id, a.at, l.created_column_id, l.created_at, l.left_at, t.assignee_id
      from arrivals a join lives l on l.task_id = a.task_id join tasks t on t.id = a.task_id`.execute(db);
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Kysely's Migrator takes ~20 ms to find nothing to do (its tables made if missing, a lock taken, every
// migration listed); a database that has every migration answers one read, which every restart asks.
async function upToDate(db: Kysely<Database>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    return false; // no table yet: a new database
  }
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  if (await upToDate(db)) return;
  // Kysely runs SQLite's migrations outside a transaction (its SQLite adapter declares no transactional
  // DDL, which SQLite has), so each of a new database's few hundred statements was a commit of its own:
  // most of the embedded cold start (decision 036). On SQLite they run in one transaction here, on
  // Kysely's single connection: one commit, and a migration that fails leaves the database as it was,
  // with none of the run's migrations half applied. Another instance starting on the same file waits
  // for the write lock and then finds nothing to do.
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  if (sqlite) await sql`BEGIN IMMEDIATE`.execute(db);
  let done = false;
  try {
    // Branches land in any order, so a database that ran a later-numbered
    // migration still takes an earlier one that arrived after it; each migration only adds its own tables.
    const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    if (sqlite) await sql`COMMIT`.execute(db);
    done = true;
  } finally {
    if (sqlite && !done) await sql`ROLLBACK`.execute(db);
  }
}

export interface MigrationStatus {
  applied: string[];
  pending: string[];
}

// What readiness and Database Tools report: a server that has not run a migration its code expects is
// not ready to serve.
export async function migrationStatus(db: Kysely<Database>): Promise<MigrationStatus> {
  const all = await new Migrator({ db, provider, allowUnorderedMigrations: true }).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt !== undefined).map((m) => m.name),
    pending: all.filter((m) => m.executedAt === undefined).map((m) => m.name),
  };
}
