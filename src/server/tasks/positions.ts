import { generateKeyBetween } from 'fractional-indexing';
import type { Kysely } from 'kysely';
import type { Database } from '#src/server/db/schema.ts';

// product rules T3: a place is a fractional-index key between its neighbours' keys, computed inside the
// transaction that holds the workspace lock, so no two live cards of a column ever share one (and the
// unique index tasks_place would refuse it if they did).
export const keyBetween = (before: string | null, after: string | null): string => generateKeyBetween(before, after);

function liveInColumn(tx: Kysely<Database>, workspaceId: string, columnId: string) {
  return tx.selectFrom('tasks').where('workspace_id', '=', workspaceId).where('column_id', '=', columnId).where('deleted_at', 'is', null);
}

// The first live card of the column after `position` (from the top when null).
export async function nextCard(
  tx: Kysely<Database>,
  workspaceId: string,
  columnId: string,
  position: string | null,
): Promise<{ id: string; position: string } | undefined> {
  let query = liveInColumn(tx, workspaceId, columnId).select(['id', 'position']);
  if (position !== null) query = query.where('position', '>', position);
  return query.orderBy('position').limit(1).executeTakeFirst();
}

export async function positionTaken(tx: Kysely<Database>, workspaceId: string, columnId: string, position: string): Promise<boolean> {
  const row = await liveInColumn(tx, workspaceId, columnId).select('id').where('position', '=', position).executeTakeFirst();
  return row !== undefined;
}
