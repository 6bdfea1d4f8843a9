import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { WorkspaceMember, WorkspaceRole, WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { GuestOf } from './scope.ts';

// Every read of the memberships and client_guests tables lives in this folder (an architecture test
// keeps it so): the door decides access with them, and the lists below show them. Nothing else reads
// them to decide who may do what.

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

// A person's workspaces start from their membership, so one they do not belong to yields nothing (W6).
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

// Whether a person belongs to any workspace at all (a first visit makes them one of their own).
export async function belongsAnywhere(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('memberships').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

// The ids of the workspaces a person belongs to now, as a subquery: cross-workspace views (Home, the
// account export) show only those, even where a row in a workspace they left still names them (T1).
export function workspaceIdsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('memberships').select('memberships.workspace_id').where('memberships.user_id', '=', userId);
}

// The workspaces whose own work a person may see across workspaces (search, the calendar feed): as an
// owner or member, never as a client guest, who sees the portal only.
export function memberWorkspaceIdsOf(db: Kysely<Database>, userId: string) {
  return workspaceIdsOf(db, userId).where('memberships.role', 'in', ['owner', 'member']);
}

// A person's workspaces with their role, for lists that show them (the export, the admin's user page).
export function membershipsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('memberships as m').innerJoin('workspaces as w', 'w.id', 'm.workspace_id').where('m.user_id', '=', userId);
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

// The members among `userIds`, with their email addresses (the public API names assignees by email).
export async function memberEmails(db: Kysely<Database>, workspaceId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await members(db, workspaceId)
    .where('m.user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.email]));
}

export async function ownerEmails(db: Kysely<Database>, workspaceId: string): Promise<string[]> {
  const rows = await members(db, workspaceId).where('m.role', '=', 'owner').execute();
  return rows.map((row) => row.email);
}

export async function ownerCount(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// The roles of everyone else in a workspace (an account deletion decides what happens to it).
export async function otherRoles(db: Kysely<Database>, workspaceId: string, userId: string): Promise<WorkspaceRole[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '!=', userId)
    .execute();
  return rows.map((row) => row.role);
}

// A session look-up's role of its person in one workspace (workspace_role, null for no member): the
// door decides a workspace request from it, read with the session in one statement (accounts/sessions.ts).
export function withRoleIn<O>(query: SelectQueryBuilder<Database, 'sessions' | 'users', O>, workspaceId: string) {
  return query
    .leftJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'users.id').on('m.workspace_id', '=', workspaceId))
    .select('m.role as workspace_role');
}

// The role a person holds in a workspace now and whether their account may act, or undefined: what
// the resolvers decide an API key's scope from.
export function standingQuery(db: Kysely<Database>) {
  return db.selectFrom('memberships as m').innerJoin('users as u', 'u.id', 'm.user_id').select(['m.role', 'u.status']);
}

// Of these people, who is still an active member of the workspace: whom a notification may reach
// (nobody who left, was suspended or deleted).
export async function activeMemberIds(db: Kysely<Database>, workspaceId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.workspace_id', '=', workspaceId)
    .where('m.user_id', 'in', userIds)
    .where('u.status', '=', 'active')
    .execute();
  return rows.map((row) => row.id);
}

// Current names of these people where they are members, keyed "<workspace id> <user id>": a mention of
// someone who is not (or no longer) a member reads as plain text.
export async function memberNames(db: Kysely<Database>, workspaceIds: string[], userIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (workspaceIds.length === 0 || userIds.length === 0) return names;
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.workspace_id', 'u.id', 'u.name'])
    .where('m.user_id', 'in', userIds)
    .where('m.workspace_id', 'in', workspaceIds)
    .execute();
  for (const row of rows) names.set(`${row.workspace_id} ${row.id}`, row.name);
  return names;
}

// When the person last opened any workspace as a member (epoch ms), or null.
export async function lastOpenedAsMember(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.max('last_opened_at').as('last'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.last == null ? null : Number(row.last);
}

// A portal guest (client_guests) stands in the workspace with the `client` role, for one client: the
// door lets them reach the portal and nothing else.
export async function guestStanding(
  db: Kysely<Database>,
  workspaceId: string,
  userId: string,
): Promise<{ role: 'client'; status: string; guest: GuestOf } | undefined> {
  const row = await db
    .selectFrom('client_guests as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(['u.status', 'g.client_id', 'g.contact_id'])
    .where('g.workspace_id', '=', workspaceId)
    .where('g.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { role: 'client', status: row.status, guest: { clientId: row.client_id, contactId: row.contact_id } } : undefined;
}

// The portals a person is a guest of, the last opened first (the app opens /portal when one was).
export function guestPlacesOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('client_guests as g')
    .innerJoin('workspaces as w', 'w.id', 'g.workspace_id')
    .innerJoin('clients as c', 'c.id', 'g.client_id')
    .select(['g.workspace_id', 'w.name as workspace_name', 'c.name as client_name', 'g.last_opened_at'])
    .where('g.user_id', '=', userId)
    .orderBy('g.last_opened_at', 'desc');
}

// Since when each contact of a workspace has been a portal guest, to join to a list of contacts.
export function guestsSince(db: Kysely<Database>, workspaceId: string) {
  return db.selectFrom('client_guests').select(['contact_id', 'joined_at']).where('workspace_id', '=', workspaceId);
}
