import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountEventInfo } from '#src/shared/account-security/paths.ts';
import type { Database } from '#src/server/db/schema.ts';

export type AccountAction =
  | 'two-factor.enable'
  | 'two-factor.disable'
  | 'two-factor.recovery-used'
  | 'two-factor.failed'
  | 'session.revoke'
  | 'session.revoke-others'
  | 'account.export'
  | 'account.delete'
  | 'passkey.add'
  | 'passkey.remove'
  | 'passkey.sign-in';

// product rules U6: every account-security change leaves a row, written in the transaction of the
// change. audit_log needs a workspace; these changes have none, so they have their own trail.
export async function writeAccountEvent(
  db: Kysely<Database>,
  entry: { userId: string; action: AccountAction; ip: string | null; details?: Record<string, unknown> },
  now: number,
): Promise<void> {
  await db
    .insertInto('account_events')
    .values({
      id: randomUUID(),
      user_id: entry.userId,
      action: entry.action,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip,
      created_at: now,
    })
    .execute();
}

export async function recentAccountEvents(db: Kysely<Database>, userId: string, limit: number): Promise<AccountEventInfo[]> {
  const rows = await db
    .selectFrom('account_events')
    .select(['action', 'ip', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ action: row.action, ip: row.ip, at: new Date(Number(row.created_at)).toISOString() }));
}
