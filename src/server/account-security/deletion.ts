import type { Kysely } from 'kysely';
import { securityError } from '#src/shared/account-security-messages.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { enter, type Actor } from '#src/server/workspaces/access.ts';
import { audited, writeAudit } from '#src/server/workspaces/audit.ts';
import { writeAccountEvent } from './account-events.ts';

// product rules U5: deleting an account, in one transaction.
// - A workspace they alone own while others are in it stops the deletion (hand it over or delete it first).
// - A workspace where they are the only member goes with them.
// - In shared workspaces their content stays: the foreign keys set its author to null ("Deleted user").
// - The user row goes, and with it (ON DELETE CASCADE) sessions, codes, memberships, two-factor seed,
//   recovery codes and second-step tokens. Their earlier account events (which hold IP addresses) are
//   removed; one event without personal data records that the account was deleted.
export async function deleteAccount(tx: Kysely<Database>, actor: Actor, now: number): Promise<{ workspacesDeleted: number }> {
  const userId = actor.user.id;
  // The no-op update locks the user's row: two deletions at once run one after the other.
  await tx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute();
  const memberships = await tx
    .selectFrom('memberships')
    .select('workspace_id')
    .where('user_id', '=', userId)
    .orderBy('workspace_id')
    .execute();
  const sole: Array<Awaited<ReturnType<typeof enter>>> = [];
  const shared: Array<Awaited<ReturnType<typeof enter>>> = [];
  const blocking: string[] = [];
  for (const { workspace_id } of memberships) {
    // enter() locks each workspace, so nobody joins or is promoted between the count and the deletion.
    const entered = await enter(tx, workspace_id, actor);
    const others = await tx
      .selectFrom('memberships')
      .select(['role'])
      .where('workspace_id', '=', workspace_id)
      .where('user_id', '!=', userId)
      .execute();
    if (others.length === 0) sole.push(entered);
    else if (entered.role === 'owner' && !others.some((other) => other.role === 'owner')) blocking.push(entered.workspace.name);
    else shared.push(entered);
  }
  if (blocking.length > 0) throw new HttpError(409, securityError.soleOwner(blocking));
  for (const entered of sole) {
    await writeAudit(tx, { ...audited(entered, actor), action: 'workspace.delete', details: { accountDeleted: true } }, now);
    await tx.deleteFrom('workspaces').where('id', '=', entered.workspace.id).execute();
  }
  for (const entered of shared) {
    await writeAudit(tx, { ...audited(entered, actor), action: 'member.leave', details: { accountDeleted: true } }, now);
  }
  await tx.deleteFrom('account_events').where('user_id', '=', userId).execute();
  await tx.deleteFrom('users').where('id', '=', userId).execute();
  await writeAccountEvent(tx, { userId, action: 'account.delete', ip: null, details: { workspacesDeleted: sole.length } }, now);
  return { workspacesDeleted: sole.length };
}
