import type { Kysely } from 'kysely';
import type { PendingInvitation, WorkspaceMember, WorkspaceRole, WorkspaceSummary } from '#src/shared/workspaces.ts';
import type { Database } from '#src/server/db/schema.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

// Every read starts from the caller's membership, so a workspace they do not belong to yields nothing
// (W6: another workspace's row is a 404, never a 403).
function summaries(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select((eb) => [
      'w.id',
      'w.name',
      'w.created_at',
      'm.role',
      'm.last_opened_at',
      eb
        .selectFrom('memberships as others')
        .select((count) => count.fn.countAll<number>().as('count'))
        .whereRef('others.workspace_id', '=', 'w.id')
        .as('member_count'),
    ])
    .where('m.user_id', '=', userId);
}

type SummaryRow = { id: string; name: string; created_at: number; role: WorkspaceRole; member_count: number | string | null };

const toSummary = (row: SummaryRow): WorkspaceSummary => ({
  id: row.id,
  name: row.name,
  role: row.role,
  memberCount: Number(row.member_count ?? 0),
  createdAt: iso(row.created_at),
});

// Newest opened first; never-opened ones after, in the order they were joined.
export async function listSummaries(db: Kysely<Database>, userId: string) {
  const rows = await summaries(db, userId)
    .orderBy((eb) => eb.fn.coalesce('m.last_opened_at', eb.lit(0)), 'desc')
    .orderBy('m.joined_at', 'asc')
    .orderBy('w.id')
    .execute();
  return rows.map(toSummary);
}

export async function findSummary(db: Kysely<Database>, userId: string, workspaceId: string): Promise<WorkspaceSummary | null> {
  const row = await summaries(db, userId).where('w.id', '=', workspaceId).executeTakeFirst();
  return row ? toSummary(row) : null;
}

const memberColumns = ['m.user_id', 'm.role', 'm.joined_at', 'users.name', 'users.email', 'users.picture'] as const;

type MemberRow = { user_id: string; role: WorkspaceRole; joined_at: number; name: string; email: string; picture: string | null };

const toMember = (row: MemberRow): WorkspaceMember => ({
  userId: row.user_id,
  name: row.name,
  email: row.email,
  picture: row.picture,
  role: row.role,
  joinedAt: iso(row.joined_at),
});

function members(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .select(memberColumns)
    .where('m.workspace_id', '=', workspaceId);
}

export async function listMembers(db: Kysely<Database>, workspaceId: string): Promise<WorkspaceMember[]> {
  const rows = await members(db, workspaceId).orderBy('m.joined_at').orderBy('m.user_id').execute();
  return rows.map(toMember);
}

export async function findMember(db: Kysely<Database>, workspaceId: string, userId: string): Promise<WorkspaceMember | null> {
  const row = await members(db, workspaceId).where('m.user_id', '=', userId).executeTakeFirst();
  return row ? toMember(row) : null;
}

export async function findMemberByEmail(db: Kysely<Database>, workspaceId: string, email: string): Promise<WorkspaceMember | null> {
  const row = await members(db, workspaceId).where('users.email', '=', email).executeTakeFirst();
  return row ? toMember(row) : null;
}

// Pending: neither accepted nor revoked, and not yet expired.
export function pendingInvitations(db: Kysely<Database>, workspaceId: string, now: number) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('users as inviter', 'inviter.id', 'i.invited_by')
    .select(['i.id', 'i.email', 'i.created_at', 'i.expires_at', 'inviter.name as invited_by_name'])
    .where('i.workspace_id', '=', workspaceId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now);
}

export async function listPendingInvitations(db: Kysely<Database>, workspaceId: string, now: number): Promise<PendingInvitation[]> {
  const rows = await pendingInvitations(db, workspaceId, now).orderBy('i.created_at', 'desc').orderBy('i.id').execute();
  return rows.map(toInvitation);
}

export const toInvitation = (row: {
  id: string;
  email: string;
  created_at: number;
  expires_at: number;
  invited_by_name: string;
}): PendingInvitation => ({
  id: row.id,
  email: row.email,
  invitedBy: row.invited_by_name,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
});

export async function ownerCount(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
