import type { Kysely } from 'kysely';
import { securityError } from '#src/shared/account-security/messages.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { withWorkspace } from '#src/server/workspace-access/door.ts';
import { membershipsOf, otherRoles } from '#src/server/workspace-access/memberships.ts';
import type { Entered } from '#src/server/workspace-access/scope.ts';
import { audited, writeAudit } from '#src/server/workspaces/audit.ts';
import { writeAccountEvent } from './account-events.ts';

// product rules U5: deleting an account, in one transaction.
// - A workspace they alone own while others are in it stops the deletion (hand it over or delete it first).
// - A workspace where they are the only member goes with them.
// - In shared workspaces their content stays: the foreign keys set its author to null ("Deleted user").
//   Webhook endpoints they made there are disabled, and the workspaces' audit trails forget their addresses.
// - The user row goes, and with it (ON DELETE CASCADE) sessions, codes, memberships, two-factor seed,
//   recovery codes and second-step tokens. Their earlier account events (which hold IP addresses) are
//   removed; one event without personal data records that the account was deleted.
// The trail of the deletion keeps no address of a person who asked to be forgotten.
export async function deleteAccount(tx: Kysely<Database>, userId: string, now: number): Promise<{ workspacesDeleted: number }> {
  const actor = { userId, apiKeyId: null, ip: null };
  // The no-op update locks the user's row: two deletions at once run one after the other.
  await tx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute();
  const memberships = await membershipsOf(tx, userId).select('w.id').orderBy('w.id').execute();
  const sole: Entered[] = [];
  const shared: Entered[] = [];
  const blocking: string[] = [];
  for (const { id } of memberships) {
    // The door locks each workspace, so nobody joins or is promoted between the count and the deletion.
    await withWorkspace(tx, { workspaceId: id, actor, role: 'member' }, 'member', async (_tx, entered) => {
      const others = await otherRoles(tx, id, userId);
      if (others.length === 0) sole.push(entered);
      else if (entered.role === 'owner' && !others.includes('owner')) blocking.push(entered.workspace.name);
      else shared.push(entered);
    });
  }
  if (blocking.length > 0) throw new HttpError(409, securityError.soleOwner(blocking));
  for (const entered of sole) {
    await writeAudit(tx, { ...audited(entered), action: 'workspace.delete', details: { accountDeleted: true } }, now);
    await tx.deleteFrom('workspaces').where('id', '=', entered.workspace.id).execute();
  }
  for (const entered of shared) {
    await writeAudit(tx, { ...audited(entered), action: 'member.leave', details: { accountDeleted: true } }, now);
    // Their endpoints stop sending the workspace's events to an address only they chose.
    const endpoints = await tx
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: 'manual', updated_at: now })
      .where('workspace_id', '=', entered.workspace.id)
      .where('created_by', '=', userId)
      .where('enabled', '=', 1)
      .returning('id')
      .execute();
    for (const { id } of endpoints) {
      await writeAudit(tx, { ...audited(entered), action: 'webhook.disable', target: id, details: { reason: 'creator deleted' } }, now);
    }
  }
  // The workspaces' trails keep what they did, never from where.
  await tx.updateTable('audit_log').set({ ip: null }).where('actor_user_id', '=', userId).execute();
  await tx.deleteFrom('account_events').where('user_id', '=', userId).execute();
  await tx.deleteFrom('users').where('id', '=', userId).execute();
  await writeAccountEvent(tx, { userId, action: 'account.delete', ip: null, details: { workspacesDeleted: sole.length } }, now);
  return { workspacesDeleted: sole.length };
}
