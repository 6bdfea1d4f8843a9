import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#src/server/db/schema.ts';
import type { Entered } from '#src/server/workspace-access/scope.ts';

export type AuditAction =
  | 'workspace.create'
  | 'workspace.rename'
  | 'workspace.delete'
  | 'invitation.create'
  | 'invitation.revoke'
  | 'invitation.accept'
  | 'member.role'
  | 'member.remove'
  | 'member.leave'
  | 'api_key.create'
  | 'api_key.revoke'
  | 'webhook.create'
  | 'webhook.update'
  | 'webhook.rotate'
  | 'webhook.delete'
  | 'webhook.test'
  | 'webhook.resend'
  | 'webhook.disable'
  // AI task creation: an owner turned the model on or off.
  | 'ai.settings';

export interface AuditEntry {
  workspace: { id: string; name: string };
  actor: { userId: string; ip: string | null };
  action: AuditAction;
  // A user id or an email address.
  target?: string | null;
  details?: Record<string, unknown>;
}

// Every change leaves a row, written in the transaction of the change, so the trail and the
// data never disagree. The workspace name is a snapshot: the row outlives a rename or a delete.
export async function writeAudit(tx: Kysely<Database>, entry: AuditEntry, now: number): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      workspace_id: entry.workspace.id,
      workspace_name: entry.workspace.name,
      actor_user_id: entry.actor.userId,
      action: entry.action,
      target: entry.target ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.actor.ip,
      created_at: now,
    })
    .execute();
}

// Who did it, where: the shared head of an entry for a change made inside a workspace.
export function audited(entered: Entered): Pick<AuditEntry, 'workspace' | 'actor'> {
  return { workspace: entered.workspace, actor: { userId: entered.actor.userId, ip: entered.actor.ip } };
}
