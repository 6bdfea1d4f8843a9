import { randomUUID } from 'node:crypto';
import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
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
  // Issue 15 (product rules W): every row that belongs to a workspace carries its id.
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
  // Issue 16 (product rules T): the board. Positions are fractional-index keys compared as plain
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
  // Issue 19 (product rules A): suspension and beta approval on users; the admins' own trail; alerts.
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
  // Issue 17 (product rules K1): only the key's SHA-256 is kept; prefix and last four identify it afterwards.
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
  // Issue 20 (product rules U): devices on sessions, two-factor sign-in, the account's own trail.
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
  // Issue 18 (product rules H): endpoints, the outbox of deliveries, and each attempt.
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
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Kysely<Database>): Promise<void> {
  // Branches land in any order (issues 17–20 landed together), so a database that ran a later-numbered
  // migration still takes an earlier one that arrived after it; each migration only adds its own tables.
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
