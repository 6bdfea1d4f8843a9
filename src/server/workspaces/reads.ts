import type { Kysely } from 'kysely';
import type { PendingInvitation } from '#src/shared/workspaces/paths.ts';
import type { Database } from '#src/server/db/schema.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

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
