import type { Kysely } from 'kysely';
import { apiKeyError } from '#src/shared/api-keys/messages.ts';
import { serverError } from '#src/shared/server-messages.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import type { WorkspaceRole } from '#src/shared/workspaces/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { guestStanding } from './memberships.ts';
import { inTurn } from './turns.ts';
import {
  meets,
  type Entered,
  type GuestEntered,
  type GuestScope,
  type MemberEntered,
  type MemberScope,
  type ScopeActor,
  type ScopeRole,
  type WorkspaceScope,
} from './scope.ts';

// What a member's action asks: at least this role. An owner-only action may name its own refusal (the
// board's columns say what members may do instead). The portal asks for 'client' instead: a guest only.
export type Requirement = WorkspaceRole | { role: 'owner'; refusal: string };
export type GuestRequirement = 'client';

const roleOf = (requirement: Requirement | GuestRequirement): ScopeRole =>
  typeof requirement === 'string' ? requirement : requirement.role;

// The one rule of who may act (product rules W6, T4): not a member learns nothing (404, never a 403
// that confirms the workspace exists). A guest is a stranger everywhere but the portal, and the portal
// is a guest's alone, so either mismatch is a 404 too. A member where an owner is needed is told it is
// for owners (403), since they can see the workspace anyway.
export function refuseUnless(role: ScopeRole | null, requirement: Requirement | GuestRequirement): void {
  const need = roleOf(requirement);
  if (role === null || role === 'client' || need === 'client') {
    if (role !== null && role === need) return;
    throw new HttpError(404, workspaceError.notFound);
  }
  if (!meets(role, need)) throw new HttpError(403, typeof requirement === 'string' ? workspaceError.ownerOnly : requirement.refusal);
}

// An actor that stopped being allowed in since the request came in (suspended, deleted, or a key whose
// creator is no longer an owner) is refused the way the next request would be: as not signed in.
export function notAuthenticated(actor: ScopeActor): HttpError {
  return actor.apiKeyId === null
    ? new HttpError(401, serverError.notSignedIn)
    : new HttpError(401, apiKeyError.unauthorized, { 'WWW-Authenticate': 'Bearer' });
}

// People looked at by one query; a look at more goes in several.
const IDS_PER_QUERY = 500;

type Standing = Omit<MemberEntered, 'actor'> | Omit<GuestEntered, 'actor'>;

// The actor's place in the workspace as it stands: a membership, or else (for a person, never a key) a
// guest's place; null when neither (or no such workspace). An API key acts as the owner who made it, so
// it stops when that person is no longer an owner, or suspended.
async function standing(db: Kysely<Database>, scope: WorkspaceScope): Promise<Standing | null> {
  const row = await db
    .selectFrom('workspaces as w')
    .innerJoin('memberships as m', 'm.workspace_id', 'w.id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['w.id', 'w.name', 'm.role', 'u.status'])
    .where('w.id', '=', scope.workspaceId)
    .where('m.user_id', '=', scope.actor.userId)
    .executeTakeFirst();
  if (!row && scope.actor.apiKeyId === null) {
    const guest = await guestStanding(db, scope.workspaceId, scope.actor.userId);
    if (guest?.status === 'suspended') throw notAuthenticated(scope.actor);
    if (guest) {
      const workspace = await db.selectFrom('workspaces').select(['id', 'name']).where('id', '=', scope.workspaceId).executeTakeFirst();
      return workspace ? { workspace, role: 'client', guest: guest.guest } : null;
    }
  }
  if (row?.status === 'suspended') throw notAuthenticated(scope.actor);
  if (row && scope.actor.apiKeyId !== null) {
    const key = await db
      .selectFrom('api_keys')
      .select('id')
      .where('id', '=', scope.actor.apiKeyId)
      .where('workspace_id', '=', scope.workspaceId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!key || row.role !== 'owner') throw notAuthenticated(scope.actor);
  }
  return row ? { workspace: { id: row.id, name: row.name }, role: row.role } : null;
}

// Every change to a workspace runs here: one transaction, the workspace row locked first (a row lock on
// PostgreSQL, the write lock on SQLite) so the changes of one workspace run one after the other: two
// owners demoting each other cannot both see "another owner is left", two moves never place a card from
// the same neighbours (T3), event ids rise in commit order (T6). Membership, role and suspension are
// re-read under that lock, so a member removed a moment ago cannot slip a change in. `work` runs in the
// same transaction, where the change writes its events and audit rows. Inside a transaction already
// (an account deletion visiting each workspace) it runs in that one; else it waits for its turn among
// this process's changes of the same workspace first (turns.ts), so one busy workspace holds no
// connection another needs.
export async function withWorkspace<T>(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  requirement: GuestRequirement,
  work: (tx: Kysely<Database>, entered: GuestEntered) => Promise<T>,
): Promise<T>;
export async function withWorkspace<T>(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  requirement: Requirement,
  work: (tx: Kysely<Database>, entered: MemberEntered) => Promise<T>,
): Promise<T>;
export async function withWorkspace<T>(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  requirement: Requirement | GuestRequirement,
  work: (tx: Kysely<Database>, entered: never) => Promise<T>,
): Promise<T> {
  const run = async (tx: Kysely<Database>) => {
    await tx
      .updateTable('workspaces')
      .set((eb) => ({ name: eb.ref('name') }))
      .where('id', '=', scope.workspaceId)
      .execute();
    const found = await standing(tx, scope);
    refuseUnless(found?.role ?? null, requirement);
    // refuseUnless has just made `found` the kind of place the requirement names.
    const entered: Entered = { ...found!, actor: scope.actor };
    return work(tx, entered as never);
  };
  return db.isTransaction ? run(db) : inTurn(scope.workspaceId, () => db.transaction().execute(run));
}

// An integration bound to a workspace by its own secret (a GitHub repository's webhook) acts as the
// owner who set it up, as an API key does: once that person is no longer an owner, or is suspended, it
// gets no scope and changes nothing.
export async function ownerScope(
  db: Kysely<Database>,
  workspaceId: string,
  userId: string,
  ip: string | null,
): Promise<WorkspaceScope | null> {
  const scope: WorkspaceScope = { workspaceId, actor: { userId, apiKeyId: null, ip }, role: 'owner' };
  try {
    return (await standing(db, scope))?.role === 'owner' ? scope : null;
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

// A person entering a workspace outside a request (the collaboration socket): their scope as a member
// or owner, as it stands now; null for a guest, a stranger, or a suspended account.
export async function memberScope(
  db: Kysely<Database>,
  workspaceId: string,
  userId: string,
  ip: string | null,
): Promise<WorkspaceScope | null> {
  const scope: WorkspaceScope = { workspaceId, actor: { userId, apiKeyId: null, ip }, role: 'member' };
  try {
    const found = await standing(db, scope);
    return found && found.role !== 'client' ? { ...scope, role: found.role } : null;
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

// Reads: the same rule, without a lock or a transaction. The scope's role was read for this request by
// the resolver that made it (exactly as fresh as a read: see db/read-memo.ts), so a read costs no
// further query to decide.
export async function readWorkspace<T>(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  requirement: GuestRequirement,
  work: (db: Kysely<Database>, scope: GuestScope) => Promise<T>,
): Promise<T>;
export async function readWorkspace<T>(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  requirement: Requirement,
  work: (db: Kysely<Database>, scope: MemberScope) => Promise<T>,
): Promise<T>;
export async function readWorkspace<T>(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  requirement: Requirement | GuestRequirement,
  work: (db: Kysely<Database>, scope: never) => Promise<T>,
): Promise<T> {
  refuseUnless(scope.role, requirement);
  // refuseUnless has just made `scope` the kind the requirement names.
  return work(db, scope as never);
}

// Whether the scope's actor may still read the workspace (a live stream asks at every heartbeat): a
// removed member, or a suspended account, stops hearing it.
export async function stillAllowed(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  requirement: Requirement | GuestRequirement,
): Promise<boolean> {
  try {
    const found = await standing(db, scope);
    refuseUnless(found?.role ?? null, requirement);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

// Of these people, the ones who still stand where stillAllowed(…, 'member') lets a person in through a
// session: members of the workspace whose account is not suspended. One query for many (the live
// streams of a workspace ask together).
export async function stillMembersAmong(db: Kysely<Database>, workspaceId: string, userIds: string[]): Promise<Set<string>> {
  const allowed = new Set<string>();
  for (let start = 0; start < userIds.length; start += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('workspaces as w')
      .innerJoin('memberships as m', 'm.workspace_id', 'w.id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.user_id')
      .where('w.id', '=', workspaceId)
      .where('m.user_id', 'in', userIds.slice(start, start + IDS_PER_QUERY))
      .where('u.status', '!=', 'suspended')
      .execute();
    for (const row of rows) allowed.add(row.user_id);
  }
  return allowed;
}
