import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { apiKeyError } from '#src/shared/api-key-messages.ts';
import type { ApiKeySummary, ApiKeysResponse, CreateApiKeyBody, CreatedApiKeyResponse } from '#src/shared/api-keys.ts';
import { workspaceError } from '#src/shared/workspace-messages.ts';
import type { WorkspaceRole } from '#src/shared/workspaces.ts';
import { sha256 } from '#src/server/accounts/secrets.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { prepareQuery, type Slot } from '#src/server/db/prepared-query.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { enter, requireOwner, type Actor } from '#src/server/workspaces/access.ts';
import { audited, writeAudit } from '#src/server/workspaces/audit.ts';
import { findSummary } from '#src/server/workspaces/reads.ts';
import { newApiKey } from './secret.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// product rules K1: last use is written at most once a minute per key, so a busy key is not a write per request.
export const LAST_USED_EVERY_MS = 60_000;

// Who a valid key acts as: its workspace, and the owner who created it (the audit trail and the task
// service name them).
export interface ApiKeyPrincipal {
  keyId: string;
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
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

// API keys of a workspace (issue 17; product rules K). Owners manage them; every change is audited in
// its transaction. Another workspace's key, like another workspace, is a 404 (W6).
export function createApiKeys(db: Db, clock: Clock) {
  const k = db.kysely;

  // Every /api/v1 request runs this look-up. The key's hash is the index, so nothing is compared
  // character by character against a secret (K1). The creator must still belong to the workspace.
  const lookup = prepareQuery((slot: Slot<{ keyHash: string }>) =>
    k
      .selectFrom('api_keys as k')
      .innerJoin('memberships as m', (join) => join.onRef('m.workspace_id', '=', 'k.workspace_id').onRef('m.user_id', '=', 'k.created_by'))
      // product rules A2: a suspended creator's keys stop working with their sessions.
      .innerJoin('users as u', 'u.id', 'k.created_by')
      .select(['k.id', 'k.workspace_id', 'k.created_by', 'k.expires_at', 'k.revoked_at', 'k.last_used_at', 'm.role'])
      .where('k.key_hash', '=', slot('keyHash'))
      .where('u.status', '=', 'active'),
  );
  const touch = prepareQuery((slot: Slot<{ id: string; now: number; before: number }>) =>
    k
      .updateTable('api_keys')
      .set({ last_used_at: slot('now') })
      .where('id', '=', slot('id'))
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', slot('before'))])),
  );

  // Reading the list is owner-only too: it names who holds access to the workspace's data.
  async function requireOwnerToRead(actor: Actor, workspaceId: string): Promise<void> {
    const summary = await findSummary(k, actor.user.id, workspaceId);
    if (!summary) throw new HttpError(404, workspaceError.notFound);
    if (summary.role !== 'owner') throw new HttpError(403, workspaceError.ownerOnly);
  }

  return {
    async list(actor: Actor, workspaceId: string): Promise<ApiKeysResponse> {
      await requireOwnerToRead(actor, workspaceId);
      const rows = await summaries(k, workspaceId).orderBy('k.created_at', 'desc').orderBy('k.id').execute();
      const now = clock();
      return { apiKeys: rows.map((row) => toSummary(row, now)) };
    },

    async create(actor: Actor, workspaceId: string, { name, expiresInDays }: CreateApiKeyBody): Promise<CreatedApiKeyResponse> {
      const key = newApiKey();
      const id = randomUUID();
      await k.transaction().execute(async (tx) => {
        const entered = await enter(tx, workspaceId, actor);
        requireOwner(entered);
        const now = clock();
        await tx
          .insertInto('api_keys')
          .values({
            id,
            workspace_id: workspaceId,
            name,
            key_hash: key.hash,
            prefix: key.prefix,
            last_four: key.lastFour,
            created_by: actor.user.id,
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
            ...audited(entered, actor),
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

    async revoke(actor: Actor, workspaceId: string, keyId: string): Promise<void> {
      await k.transaction().execute(async (tx) => {
        const entered = await enter(tx, workspaceId, actor);
        requireOwner(entered);
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
        await writeAudit(tx, { ...audited(entered, actor), action: 'api_key.revoke', target: keyId, details: revoked }, now);
      });
    },

    // product rules K3: null for an unknown, revoked or expired key, or one whose creator has left.
    async authenticate(secret: string): Promise<ApiKeyPrincipal | null> {
      const row = await db.readFirst(lookup, { keyHash: sha256(secret) });
      const now = clock();
      if (!row || row.revoked_at !== null || (row.expires_at !== null && Number(row.expires_at) <= now)) return null;
      if (row.last_used_at === null || Number(row.last_used_at) < now - LAST_USED_EVERY_MS) {
        await db.writeUnflushed(touch, { id: row.id, now, before: now - LAST_USED_EVERY_MS });
      }
      return { keyId: row.id, workspaceId: row.workspace_id, userId: row.created_by, role: row.role };
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
