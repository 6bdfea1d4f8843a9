import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SentEmailsTable } from '#src/server/db/schema.ts';

export type SentEmailKind = SentEmailsTable['kind'];

// Every email sent for a workspace is counted here once it has left (spec 5, "Emails Sent"): the email
// outbox records each of its mails that names a workspace (notifications, campaigns), and invitations,
// sent at once, record themselves. `id` makes a record idempotent: an outbox job run twice counts once.
export async function recordSentEmail(
  db: Kysely<Database>,
  email: { id?: string; workspaceId: string; kind: SentEmailKind; recipient: string; clientId?: string | null },
  now: number,
): Promise<void> {
  await db
    .insertInto('sent_emails')
    .values({
      id: email.id ?? randomUUID(),
      workspace_id: email.workspaceId,
      kind: email.kind,
      recipient: email.recipient,
      client_id: email.clientId ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
