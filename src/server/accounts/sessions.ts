import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { SESSION_MAX_AGE_MS, SESSION_REFRESH_MS, SESSION_TTL_MS } from '#src/shared/limits.ts';
import type { Db } from '#src/server/db/connect.ts';
import { prepareQuery, type Slot } from '#src/server/db/prepared-query.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { PublicUser } from '#src/shared/user.ts';
import { toPublicUser, type UserRow } from './users.ts';
import { newSessionToken, sha256 } from './secrets.ts';

export interface ActiveSession {
  tokenHash: string;
  user: UserRow;
  publicUser: PublicUser;
  // Set when the sliding expiry moved and the cookie must be sent again.
  refreshedExpiresAt: number | null;
}

// product rules S2: 256-bit tokens, stored hashed; sliding 30-day expiry refreshed at most daily, and never
// past 90 days from sign-in whatever the activity (issue 13).
const REMEMBERED_SESSIONS = 10_000;

interface Found {
  createdAt: number;
  expiresAt: number;
  user: UserRow;
  publicUser: PublicUser;
}

export function createSessions({
  kysely: k,
  readFirst,
  writeUnflushed,
  changeVersion,
}: Pick<Db, 'kysely' | 'readFirst' | 'writeUnflushed' | 'changeVersion'>) {
  // Every signed-in request runs this look-up, and every sign-in the insert.
  const lookup = prepareQuery((slot: Slot<{ tokenHash: string }>) =>
    k
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.created_at as session_created_at', 'sessions.expires_at as session_expires_at'])
      .where('sessions.token_hash', '=', slot('tokenHash')),
  );
  const insert = prepareQuery((slot: Slot<{ tokenHash: string; userId: string; now: number; expiresAt: number }>) =>
    k
      .insertInto('sessions')
      .values({ token_hash: slot('tokenHash'), user_id: slot('userId'), created_at: slot('now'), expires_at: slot('expiresAt') }),
  );

  // A signed-in browser asks again and again; its answer holds until the database changes, so a
  // remembered one is exactly as fresh as a read (Db.changeVersion). The least recently used answer
  // makes room, so a crowd of one-off tokens never pushes out the browsers that keep asking.
  const remembered = new LRUCache<string, Found & { version: number }>({ max: REMEMBERED_SESSIONS });
  async function find(tokenHash: string): Promise<Found | null> {
    const version = changeVersion();
    const known = version === null ? undefined : remembered.get(tokenHash);
    if (known && known.version === version) return known;
    const row = await readFirst(lookup, { tokenHash });
    if (!row) return null;
    const { session_created_at, session_expires_at, ...user } = row;
    const found: Found = {
      createdAt: Number(session_created_at),
      expiresAt: Number(session_expires_at),
      user,
      publicUser: toPublicUser(user),
    };
    if (version !== null) remembered.set(tokenHash, { ...found, version });
    return found;
  }

  return {
    async start(userId: string, now: number): Promise<{ token: string; expiresAt: number }> {
      const token = newSessionToken();
      const expiresAt = now + SESSION_TTL_MS;
      await writeUnflushed(insert, { tokenHash: sha256(token), userId, now, expiresAt });
      return { token, expiresAt };
    },

    async resolve(token: string, now: number): Promise<ActiveSession | null> {
      const tokenHash = sha256(token);
      const found = await find(tokenHash);
      if (!found) return null;
      const { createdAt, expiresAt, user, publicUser } = found;
      // product rules A2: suspending ends the sessions; this covers a sign-in that raced the suspension.
      if (user.status === 'suspended') return null;
      const endOfLife = createdAt + SESSION_MAX_AGE_MS;
      if (expiresAt <= now || endOfLife <= now) {
        await k.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
        return null;
      }
      let refreshedExpiresAt: number | null = null;
      if (expiresAt - SESSION_TTL_MS + SESSION_REFRESH_MS <= now && expiresAt < endOfLife) {
        refreshedExpiresAt = Math.min(now + SESSION_TTL_MS, endOfLife);
        await k.updateTable('sessions').set({ expires_at: refreshedExpiresAt }).where('token_hash', '=', tokenHash).execute();
      }
      return { tokenHash, user, publicUser, refreshedExpiresAt };
    },

    end: (tokenHash: string) => k.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute(),

    endAll: (userId: string, db: Kysely<Database> = k) => db.deleteFrom('sessions').where('user_id', '=', userId).execute(),

    endOthers: (userId: string, keepTokenHash: string, db: Kysely<Database> = k) =>
      db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepTokenHash).execute(),

    sweep: (now: number) => k.deleteFrom('sessions').where('expires_at', '<=', now).execute(),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
