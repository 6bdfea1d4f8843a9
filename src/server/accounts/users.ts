import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { GENDERS, type Gender, type PublicUser } from '#src/shared/accounts/user.ts';
import type { Db } from '#src/server/db/connect.ts';
import { prepareQuery, type Slot } from '#src/server/db/prepared-query.ts';
import type { UsersTable } from '#src/server/db/schema.ts';
import type { UserApproval } from '#src/shared/admin/paths.ts';
import { isTheme } from '#src/shared/theme/theme.ts';

export type UserRow = Selectable<UsersTable>;

// The one public shape of a user (spec 3); never the hash or the Google subject.
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    gender: (GENDERS as readonly string[]).includes(row.gender) ? (row.gender as Gender) : 'not specified',
    picture: row.picture,
    emailVerified: row.email_verified === 1,
    totalProspectsFetched: Number(row.total_prospects_fetched),
    totalProspectsMailed: Number(row.total_prospects_mailed),
    totalProject: Number(row.total_project),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    awaitingApproval: row.approval === 'pending',
    theme: isTheme(row.theme) ? row.theme : 'system',
  };
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  emailVerified: boolean;
  googleSub?: string | null;
  picture?: string | null;
  // product rules A3: 'pending' while BETA_APPROVAL=required, else 'approved'.
  approval?: UserApproval;
}

// The row a new account gets; also what a registration with a taken address pretends to have made.
export function newUserRow(user: NewUser, now: number): UserRow {
  return {
    id: randomUUID(),
    email: user.email,
    name: user.name,
    role: 'user',
    gender: 'not specified',
    picture: user.picture ?? null,
    password_hash: user.passwordHash,
    email_verified: user.emailVerified ? 1 : 0,
    google_sub: user.googleSub ?? null,
    total_prospects_fetched: 0,
    total_prospects_mailed: 0,
    total_project: 0,
    created_at: now,
    updated_at: now,
    status: 'active',
    approval: user.approval ?? 'approved',
    theme: 'system',
  };
}

export function createUsers(db: Db) {
  const k = db.kysely;
  const findBy = (column: 'email' | 'id' | 'google_sub') => {
    const lookup = prepareQuery((slot: Slot<{ value: string }>) => k.selectFrom('users').selectAll().where(column, '=', slot('value')));
    return (value: string) => db.readFirst(lookup, { value });
  };
  return {
    findByEmail: findBy('email'),
    findById: findBy('id'),
    findByGoogleSub: findBy('google_sub'),

    async insert(user: NewUser, now: number): Promise<UserRow> {
      const row = newUserRow(user, now);
      await k.insertInto('users').values(row).execute();
      return row;
    },

    async update(id: string, changes: Partial<Omit<UserRow, 'id' | 'created_at'>>, now: number): Promise<UserRow | undefined> {
      await k
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
      return k.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    setRole: (email: string, role: string, now: number) =>
      k.updateTable('users').set({ role, updated_at: now }).where('email', '=', email).executeTakeFirst(),
  };
}

export type Users = ReturnType<typeof createUsers>;
