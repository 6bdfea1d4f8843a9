import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AdminActivity } from '#src/shared/admin/paths.ts';
import type { Database } from '#src/server/db/schema.ts';

// The admin who acts, and the address the trail records.
export interface AdminActor {
  user: { id: string; name: string };
  ip: string | null;
}

// `npm run user:role` acts as nobody signed in; the trail names it by how it was done.
export const COMMAND_LINE: AdminActor = { user: { id: 'command-line', name: '' }, ip: null };

export type AdminAction =
  | 'user.role'
  | 'user.suspend'
  | 'user.reactivate'
  | 'user.approve'
  | 'user.decline'
  | 'beta.invite'
  | 'settings.change'
  | 'backup.create'
  | 'backup.delete'
  | 'backup.schedule';

// product rules A1: every admin action leaves a row (actor, action, target, time, address), written in
// the transaction of the change, so the trail and the data never disagree. Nothing updates or deletes one.
export async function writeAdminAudit(
  tx: Kysely<Database>,
  actor: AdminActor,
  entry: { action: AdminAction; target: string; details?: Record<string, unknown> },
  now: number,
): Promise<void> {
  await tx
    .insertInto('admin_audit')
    .values({
      id: randomUUID(),
      actor_user_id: actor.user.id,
      action: entry.action,
      target: entry.target,
      details: JSON.stringify(entry.details ?? {}),
      ip: actor.ip,
      created_at: now,
    })
    .execute();
}

const ACTIVITY_LIMIT = 10;

function parseDetails(details: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

interface ActivityRow {
  id: string;
  action: string;
  actor_name: string | null;
  target: string | null;
  target_name: string | null;
  workspace_name: string | null;
  details: string;
  ip: string | null;
  created_at: number;
}

const toActivity = (row: ActivityRow): AdminActivity => ({
  id: row.id,
  action: row.action,
  actorName: row.actor_name,
  // A target that is a user reads as their name; an email (an invitation) as itself.
  targetLabel: row.target_name ?? (row.target?.includes('@') ? row.target : null),
  workspaceName: row.workspace_name,
  details: parseDetails(row.details),
  ip: row.ip,
  at: new Date(Number(row.created_at)).toISOString(),
});

// Recent Activity (product rules A4): the workspace trail and the admins' trail together, newest first;
// `about` narrows both to what one user did or had done to them.
export async function recentActivity(k: Kysely<Database>, about?: string): Promise<AdminActivity[]> {
  let admin = k
    .selectFrom('admin_audit as e')
    .leftJoin('users as a', 'a.id', 'e.actor_user_id')
    .leftJoin('users as t', 't.id', 'e.target')
    .select([
      'e.id',
      'e.action',
      'a.name as actor_name',
      'e.target',
      't.name as target_name',
      sql<string | null>`null`.as('workspace_name'),
      'e.details',
      'e.ip',
      'e.created_at',
    ]);
  let workspace = k
    .selectFrom('audit_log as e')
    .leftJoin('users as a', 'a.id', 'e.actor_user_id')
    .leftJoin('users as t', 't.id', 'e.target')
    .select([
      'e.id',
      'e.action',
      'a.name as actor_name',
      'e.target',
      't.name as target_name',
      'e.workspace_name',
      'e.details',
      'e.ip',
      'e.created_at',
    ]);
  if (about) {
    admin = admin.where((eb) => eb.or([eb('e.target', '=', about), eb('e.actor_user_id', '=', about)]));
    workspace = workspace.where((eb) => eb.or([eb('e.target', '=', about), eb('e.actor_user_id', '=', about)]));
  }
  const [adminRows, workspaceRows] = await Promise.all([
    admin.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(ACTIVITY_LIMIT).execute(),
    workspace.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(ACTIVITY_LIMIT).execute(),
  ]);
  return [...adminRows, ...workspaceRows]
    .sort((a, b) => Number(b.created_at) - Number(a.created_at))
    .slice(0, ACTIVITY_LIMIT)
    .map(toActivity);
}
