import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import { LAST_SEEN_EVERY_MS } from '#src/shared/account-security/paths.ts';
import { SESSION_MAX_AGE_MS, SESSION_REFRESH_MS, SESSION_TTL_MS } from '#src/shared/limits.ts';
import type { Db } from '#src/server/db/connect.ts';
import { prepareQuery, type Slot } from '#src/server/db/prepared-query.ts';
import { announceAccessChange } from '#src/server/events/access-changes.ts';
import { withRoleIn } from '#src/server/workspace-access/memberships.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import type { WorkspaceRole } from '#src/shared/workspaces/paths.ts';
import { toPublicUser, type UserRow } from './users.ts';
import { newSessionToken, sha256 } from './secrets.ts';

export interface ActiveSession {
  tokenHash: string;
  // The public id of the session: what the Security tab lists and revokes.
  sessionId: string | null;
  user: UserRow;
  publicUser: PublicUser;
  // Set when the sliding expiry moved and the cookie must be sent again.
  refreshedExpiresAt: number | null;
  // When the look-up named a workspace: the person's role there, null if they are no member of it.
  workspaceRole?: WorkspaceRole | null;
  // PostgreSQL, a workspace look-up: the snapshot it read in (db/read-memo.ts).
  readVersion?: string;
}

// product rules S2: 256-bit tokens, stored hashed; sliding 30-day expiry refreshed at most daily, and never
// past 90 days from sign-in whatever the activity.
const REMEMBERED_SESSIONS = 10_000;
// Sessions looked at by one query; a look at more goes in several.
const IDS_PER_QUERY = 500;

// Where a sign-in came from: the browser's own description and the address.
export interface Device {
  userAgent: string | null;
  ip: string | null;
}

interface Found {
  sessionId: string | null;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number | null;
  user: UserRow;
  publicUser: PublicUser;
  workspaceRole?: WorkspaceRole | null;
  readVersion?: string;
}

export function createSessions({
  kysely: k,
  engine,
  readFirst,
  writeUnflushed,
  changeVersion,
}: Pick<Db, 'kysely' | 'engine' | 'readFirst' | 'writeUnflushed' | 'changeVersion'>) {
  // Every signed-in request runs one of these look-ups, and every sign-in the insert.
  const sessionRows = () =>
    k
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.created_at as session_created_at',
        'sessions.expires_at as session_expires_at',
        'sessions.last_seen_at as session_last_seen_at',
      ]);
  const lookup = prepareQuery((slot: Slot<{ tokenHash: string }>) => sessionRows().where('sessions.token_hash', '=', slot('tokenHash')));
  // A workspace route's: the person's role in the path's workspace comes with the session, so the door
  // costs one statement, not two (a round trip to PostgreSQL fewer on every workspace request).
  // On PostgreSQL it also reads the snapshot it ran in: the version the workspace's remembered reads are
  // kept under (db/read-memo.ts), at no round trip of its own.
  const lookupIn = prepareQuery((slot: Slot<{ tokenHash: string; workspaceId: string }>) =>
    withRoleIn(sessionRows(), slot('workspaceId'))
      .$if(engine === 'postgres', (query) => query.select(sql<string>`pg_current_snapshot()::text`.as('read_version')))
      .where('sessions.token_hash', '=', slot('tokenHash')),
  );
  const insert = prepareQuery(
    (
      slot: Slot<{
        id: string;
        tokenHash: string;
        userId: string;
        now: number;
        expiresAt: number;
        userAgent: string | null;
        ip: string | null;
      }>,
    ) =>
      k.insertInto('sessions').values({
        id: slot('id'),
        token_hash: slot('tokenHash'),
        user_id: slot('userId'),
        created_at: slot('now'),
        expires_at: slot('expiresAt'),
        user_agent: slot('userAgent'),
        ip: slot('ip'),
        last_seen_at: slot('now'),
      }),
  );
  // Last seen is written at most every few minutes, unflushed, so the hot current-user call
  // stays a read (product rules B2); losing one sighting in a power cut only makes it look older.
  const seen = prepareQuery((slot: Slot<{ tokenHash: string; now: number }>) =>
    k
      .updateTable('sessions')
      .set({ last_seen_at: slot('now') })
      .where('token_hash', '=', slot('tokenHash')),
  );

  // A signed-in browser asks again and again; its answer holds until the database changes, so a
  // remembered one is exactly as fresh as a read (Db.changeVersion). The least recently used answer
  // makes room, so a crowd of one-off tokens never pushes out the browsers that keep asking.
  const remembered = new LRUCache<string, Found & { version: number }>({ max: REMEMBERED_SESSIONS });
  async function find(tokenHash: string, workspaceId: string | null): Promise<Found | null> {
    const version = changeVersion();
    const key = workspaceId === null ? tokenHash : `${tokenHash} ${workspaceId}`;
    const known = version === null ? undefined : remembered.get(key);
    if (known && known.version === version) return known;
    const row = workspaceId === null ? await readFirst(lookup, { tokenHash }) : await readFirst(lookupIn, { tokenHash, workspaceId });
    if (!row) return null;
    const { session_id, session_created_at, session_expires_at, session_last_seen_at, ...columns } = row;
    // (The plain look-up has no workspace_role column, SQLite's no read_version.)
    const { workspace_role, read_version, ...user } = { workspace_role: undefined, read_version: undefined, ...columns };
    const found: Found = {
      sessionId: session_id,
      createdAt: Number(session_created_at),
      expiresAt: Number(session_expires_at),
      lastSeenAt: session_last_seen_at === null ? null : Number(session_last_seen_at),
      user,
      publicUser: toPublicUser(user),
      ...(workspaceId !== null && { workspaceRole: workspace_role ?? null }),
      ...(read_version !== undefined && { readVersion: read_version }),
    };
    if (version !== null) remembered.set(key, { ...found, version });
    return found;
  }

  return {
    async start(
      userId: string,
      now: number,
      device: Device = { userAgent: null, ip: null },
    ): Promise<{ token: string; expiresAt: number }> {
      const token = newSessionToken();
      const expiresAt = now + SESSION_TTL_MS;
      await writeUnflushed(insert, { id: randomUUID(), tokenHash: sha256(token), userId, now, expiresAt, ...device });
      return { token, expiresAt };
    },

    // With `workspaceId`, the answer carries the person's role in that workspace (workspaceRole).
    async resolve(token: string, now: number, workspaceId: string | null = null): Promise<ActiveSession | null> {
      const tokenHash = sha256(token);
      const found = await find(tokenHash, workspaceId);
      if (!found) return null;
      const { sessionId, createdAt, expiresAt, lastSeenAt, user, publicUser, workspaceRole, readVersion } = found;
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
      if (lastSeenAt === null || lastSeenAt + LAST_SEEN_EVERY_MS <= now) await writeUnflushed(seen, { tokenHash, now });
      return {
        tokenHash,
        sessionId,
        user,
        publicUser,
        refreshedExpiresAt,
        ...(workspaceRole !== undefined && { workspaceRole }),
        ...(readVersion !== undefined && { readVersion }),
      };
    },

    // Whether a session still stands (a live stream asks at every heartbeat): not ended, not expired.
    async stillActive(tokenHash: string, now: number): Promise<boolean> {
      const row = await k
        .selectFrom('sessions')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    // Of these sessions, the ones that still stand: the open live streams ask together, once per look.
    async activeAmong(tokenHashes: string[], now: number): Promise<Set<string>> {
      const active = new Set<string>();
      for (let start = 0; start < tokenHashes.length; start += IDS_PER_QUERY) {
        const rows = await k
          .selectFrom('sessions')
          .select('token_hash')
          .where('token_hash', 'in', tokenHashes.slice(start, start + IDS_PER_QUERY))
          .where('expires_at', '>', now)
          .execute();
        for (const row of rows) active.add(row.token_hash);
      }
      return active;
    },

    // Each ending is announced, so the person's open live streams end at once on every instance.
    async end(tokenHash: string): Promise<void> {
      const ended = await k.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('user_id').execute();
      await announceAccessChange(k, engine, [...new Set(ended.map((row) => row.user_id))]);
    },

    async endAll(userId: string, db: Kysely<Database> = k): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await announceAccessChange(db, engine, [userId]);
    },

    async endOthers(userId: string, keepTokenHash: string, db: Kysely<Database> = k): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepTokenHash).execute();
      await announceAccessChange(db, engine, [userId]);
    },

    sweep: (now: number) => k.deleteFrom('sessions').where('expires_at', '<=', now).execute(),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
