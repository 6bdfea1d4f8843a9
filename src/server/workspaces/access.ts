import type { Kysely } from 'kysely';
import { workspaceError } from '#src/shared/workspace-messages.ts';
import type { WorkspaceRole } from '#src/shared/workspaces.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';

// Who is asking: the signed-in user, and the address the audit trail records.
export interface Actor {
  user: { id: string; name: string; email: string };
  ip: string | null;
}

export interface Entered {
  workspace: { id: string; name: string };
  role: WorkspaceRole;
}

// Every change starts here, inside its transaction. The no-op update locks the workspace row (a row
// lock on PostgreSQL, the write lock on SQLite), so two changes to one workspace run one after the
// other: two owners demoting each other cannot both see "another owner is left". Then the caller's
// membership decides: none (or no such workspace) is a 404, never a 403 that confirms it exists.
export async function enter(tx: Kysely<Database>, workspaceId: string, actor: Actor): Promise<Entered> {
  await tx
    .updateTable('workspaces')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', workspaceId)
    .execute();
  const row = await tx
    .selectFrom('workspaces as w')
    .innerJoin('memberships as m', 'm.workspace_id', 'w.id')
    .select(['w.id', 'w.name', 'm.role'])
    .where('w.id', '=', workspaceId)
    .where('m.user_id', '=', actor.user.id)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, workspaceError.notFound);
  return { workspace: { id: row.id, name: row.name }, role: row.role };
}

// Members can see the workspace, so an owner-only action refused to them is a 403 (issue 15).
export function requireOwner(entered: Entered): void {
  if (entered.role !== 'owner') throw new HttpError(403, workspaceError.ownerOnly);
}
