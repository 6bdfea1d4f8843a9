import type { Kysely } from 'kysely';
import { workspaceError } from '#src/shared/workspace-messages.ts';
import type { WorkspaceRole } from '#src/shared/workspaces.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';

// Who acts on which workspace, already resolved by the door they came in: the session routes check the
// membership (workspaces/access.ts rules), the public API (issue 17) resolves it from an API key. The
// service trusts it and filters every query by `workspaceId` (product rules T1).
export interface TaskScope {
  workspaceId: string;
  actor: {
    // Null for an actor that is no person (shown as "Deleted user" on what it creates).
    userId: string | null;
    ip: string | null;
    // Owners manage columns (T4).
    role: WorkspaceRole;
  };
}

// Every change starts here, inside its transaction. The no-op update locks the workspace row (a row lock
// on PostgreSQL, the write lock on SQLite), so the changes of one workspace run one after the other:
// two moves never compute a place from the same neighbours (T3), and event ids rise in commit order
// within the workspace (T6). A workspace deleted meanwhile is a 404.
export async function lockWorkspace(tx: Kysely<Database>, workspaceId: string): Promise<void> {
  const result = await tx
    .updateTable('workspaces')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, workspaceError.notFound);
}
