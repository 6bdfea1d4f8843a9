import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { apiKeyError } from '#src/shared/api-keys/messages.ts';
import type { ApiKeySummary, ApiKeysResponse, CreatedApiKeyResponse } from '#src/shared/api-keys/paths.ts';
import type { CreateApiKeyBody } from '#src/shared/api-keys/schemas.ts';
import { sha256 } from '#src/server/accounts/secrets.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { prepareQuery, type Slot } from '#src/server/db/prepared-query.ts';
import { createReadMemo } from '#src/server/db/read-memo.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { readWorkspace, withWorkspace } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { audited, writeAudit } from '#src/server/workspaces/audit.ts';
import { newApiKey } from './secret.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// Each key has its own hourly allowance, so a workspace's keys are few; the workspace also has one
// allowance across all of them (publicApiLimits.workspace).
export const MAX_LIVE_KEYS = 25;
// product rules K1: last use is written at most once a minute per key, so a busy key is not a write per request.
export const LAST_USED_EVERY_MS = 60_000;

// A key that is neither revoked nor expired; whether its creator may still act is the door's to decide.
export interface LiveApiKey {
  id: string;
  workspaceId: string;
  createdBy: string;
  lastUsedAt: number | null;
  // On PostgreSQL, the snapshot the look-up ran in: what the request's remembered reads are kept under
  // (db/read-memo.ts). Null on SQLite, whose memo has a version of its own.
  readVersion: string | null;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function summaries(k: Kysely<Database>, workspaceId: string) {
  return k
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id',
      'k.name',
      'k.prefix',
      'k.last_four',
      'k.created_by',
      'u.name as creator_name',
      'k.created_at',
      'k.last_used_at',
      'k.expires_at',
    ])
    .where('k.workspace_id', '=', workspaceId)
    .where('k.revoked_at', 'is', null);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

const toSummary = (row: SummaryRow, now: number): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  lastFour: row.last_four,
  createdBy: { userId: row.created_by, name: row.creator_name },
  createdAt: iso(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  expiresAt: row.expires_at === null ? null : iso(row.expires_at),
  expired: row.expires_at !== null && Number(row.expires_at) <= now,
});

// API keys of a workspace (product rules K). Owners manage them; every change is audited in
// its transaction. Another workspace's key, like another workspace, is a 404 (W6).
export function createApiKeys(db: Db, clock: Clock) {
  const k = db.kysely;

  // Every /api/v1 request runs this look-up. The key's hash is the index, so nothing is compared
  // character by character against a secret (K1). On PostgreSQL it also reads its snapshot, in the same
  // statement, as the session look-up does (decision 047).
  const lookup = prepareQuery((slot: Slot<{ keyHash: string }>) =>
    k
      .selectFrom('api_keys')
      .select(['id', 'workspace_id', 'created_by', 'expires_at', 'revoked_at', 'last_used_at'])
      .$if(db.engine === 'postgres', (query) => query.select(sql<string>`pg_current_snapshot()::text`.as('read_version')))
      .where('key_hash', '=', slot('keyHash')),
  );
  // A key is looked up on every request it makes; the memo is exactly as fresh as a read (a revocation
  // or a new last use is a commit, which empties it).
  const remembered = createReadMemo(db, 5000);
  const touch = prepareQuery((slot: Slot<{ id: string; now: number; before: number }>) =>
    k
      .updateTable('api_keys')
      .set({ last_used_at: slot('now') })
      .where('id', '=', slot('id'))
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', slot('before'))])),
  );

  return {
    // Reading the list is owner-only too: it names who holds access to the workspace's data.
    list: (scope: WorkspaceScope): Promise<ApiKeysResponse> =>
      readWorkspace(k, scope, 'owner', async (db) => {
        const rows = await summaries(db, scope.workspaceId).orderBy('k.created_at', 'desc').orderBy('k.id').execute();
        const now = clock();
        return { apiKeys: rows.map((row) => toSummary(row, now)) };
      }),

    async create(scope: WorkspaceScope, { name, expiresInDays }: CreateApiKeyBody): Promise<CreatedApiKeyResponse> {
      const key = newApiKey();
      const id = randomUUID();
      const { workspaceId } = scope;
      await withWorkspace(k, scope, 'owner', async (tx, entered) => {
        const now = clock();
        // Counted under the workspace lock, so two owners cannot both make the last one.
        const live = await tx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('workspace_id', '=', workspaceId)
          .where('revoked_at', 'is', null)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
          .executeTakeFirstOrThrow();
        if (Number(live.count) >= MAX_LIVE_KEYS) throw new HttpError(409, apiKeyError.tooManyKeys(MAX_LIVE_KEYS));
        await tx
          .insertInto('api_keys')
          .values({
            id,
            workspace_id: workspaceId,
            name,
            key_hash: key.hash,
            prefix: key.prefix,
            last_four: key.lastFour,
            created_by: entered.actor.userId,
            created_at: now,
            expires_at: expiresInDays ? now + expiresInDays * DAY_MS : null,
            last_used_at: null,
            revoked_at: null,
          })
          .execute();
        // The trail names the key by id, name and prefix; never by its secret.
        await writeAudit(
          tx,
          {
            ...audited(entered),
            action: 'api_key.create',
            target: id,
            details: { name, prefix: key.prefix, expiresInDays: expiresInDays ?? null },
          },
          now,
        );
      });
      const row = await summaries(k, workspaceId).where('k.id', '=', id).executeTakeFirstOrThrow();
      return { apiKey: toSummary(row, clock()), secret: key.secret };
    },

    async revoke(scope: WorkspaceScope, keyId: string): Promise<void> {
      const { workspaceId } = scope;
      await withWorkspace(k, scope, 'owner', async (tx, entered) => {
        const now = clock();
        const revoked = await tx
          .updateTable('api_keys')
          .set({ revoked_at: now })
          .where('id', '=', keyId)
          .where('workspace_id', '=', workspaceId)
          .where('revoked_at', 'is', null)
          .returning(['name', 'prefix'])
          .executeTakeFirst();
        if (!revoked) throw new HttpError(404, apiKeyError.notFound);
        await writeAudit(tx, { ...audited(entered), action: 'api_key.revoke', target: keyId, details: revoked }, now);
      });
    },

    // product rules K3: null for an unknown, revoked or expired key.
    async findLive(secret: string): Promise<LiveApiKey | null> {
      const keyHash = sha256(secret);
      const row = await remembered(`api key ${keyHash}`, () => db.readFirst(lookup, { keyHash }));
      if (!row || row.revoked_at !== null || (row.expires_at !== null && Number(row.expires_at) <= clock())) return null;
      const lastUsedAt = row.last_used_at === null ? null : Number(row.last_used_at);
      const { read_version: readVersion = null } = row as { read_version?: string };
      return { id: row.id, workspaceId: row.workspace_id, createdBy: row.created_by, lastUsedAt, readVersion };
    },

    // K1: last use is written at most once a minute per key.
    async noteUse(key: LiveApiKey): Promise<void> {
      const now = clock();
      if (key.lastUsedAt === null || key.lastUsedAt < now - LAST_USED_EVERY_MS) {
        await db.writeUnflushed(touch, { id: key.id, now, before: now - LAST_USED_EVERY_MS });
      }
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
