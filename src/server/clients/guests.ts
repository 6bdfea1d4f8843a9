import type { Kysely } from 'kysely';
import type { Database } from '#src/server/db/schema.ts';

// A contact who accepted a portal invitation becomes the guest of their client in that workspace. One
// guest place per person and workspace: a later invitation (another contact of another client) moves it.
export async function joinPortal(
  tx: Kysely<Database>,
  guest: { workspaceId: string; userId: string; contactId: string },
  now: number,
): Promise<void> {
  const contact = await tx
    .selectFrom('client_contacts')
    .select(['client_id'])
    .where('id', '=', guest.contactId)
    .where('workspace_id', '=', guest.workspaceId)
    .executeTakeFirst();
  // The contact was removed after the invitation left: nothing to join.
  if (!contact) return;
  await tx
    .insertInto('client_guests')
    .values({
      workspace_id: guest.workspaceId,
      user_id: guest.userId,
      client_id: contact.client_id,
      contact_id: guest.contactId,
      joined_at: now,
      last_opened_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['workspace_id', 'user_id'])
        .doUpdateSet({ client_id: contact.client_id, contact_id: guest.contactId, last_opened_at: now }),
    )
    .execute();
}
