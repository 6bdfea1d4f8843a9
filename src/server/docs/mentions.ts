import type { Kysely } from 'kysely';
import type { Database } from '#src/server/db/schema.ts';
import type { Notify } from '#src/server/notifications/notify.ts';

// Tells the members newly mentioned in a page, once each (the notifications domain leaves out whoever
// wrote it and anyone who is not a member), in the transaction that writes the page.
export async function notifyMentions(
  tx: Kysely<Database>,
  notify: Notify,
  page: { workspaceId: string; pageId: string; title: string },
  mentioned: string[],
  actorId: string | null,
): Promise<void> {
  if (mentioned.length === 0) return;
  const told = await tx
    .selectFrom('doc_mentions')
    .select('user_id')
    .where('page_id', '=', page.pageId)
    .where('user_id', 'in', mentioned)
    .execute();
  const fresh = mentioned.filter((id) => !told.some((row) => row.user_id === id));
  if (fresh.length === 0) return;
  const recipients = await notify(tx, {
    kind: 'mentioned',
    workspaceId: page.workspaceId,
    actorId,
    recipients: fresh,
    detail: page.title,
    link: `/pages/${page.pageId}`,
  });
  if (recipients.length === 0) return;
  await tx
    .insertInto('doc_mentions')
    .values(recipients.map((userId) => ({ page_id: page.pageId, user_id: userId, workspace_id: page.workspaceId })))
    .onConflict((oc) => oc.columns(['page_id', 'user_id']).doNothing())
    .execute();
}
