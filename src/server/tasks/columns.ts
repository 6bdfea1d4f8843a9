import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { taskError } from '#src/shared/tasks/messages.ts';
import { COLUMNS_MAX, DEFAULT_COLUMNS, type Column } from '#src/shared/tasks/paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Change } from './change.ts';
import { keyBetween } from './positions.ts';
import { listColumns } from './reads.ts';
import { readWorkspace, type Requirement } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';

// product rules T4: members see columns, owners change them (a 403 that says so: members see the board).
const OWNERS: Requirement = { role: 'owner', refusal: taskError.ownerOnlyColumns };

export async function findColumn(tx: Kysely<Database>, workspaceId: string, columnId: string): Promise<Column> {
  const columns = await listColumns(tx, workspaceId);
  const column = columns.find((candidate) => candidate.id === columnId);
  if (!column) throw new HttpError(404, taskError.columnNotFound);
  return column;
}

// The place right after `afterId` (first when null) among `columns`, which are in order.
function placeAfter(columns: Column[], afterId: string | null, exceptId: string | null): string {
  const others = columns.filter((column) => column.id !== exceptId);
  const index = afterId === null ? -1 : others.findIndex((column) => column.id === afterId);
  if (afterId !== null && index < 0) throw new HttpError(404, taskError.columnNotFound);
  return keyBetween(others[index]?.position ?? null, others[index + 1]?.position ?? null);
}

export function createColumns(db: Db, clock: Clock, change: Change) {
  // T4: a board starts with To do, In progress, Done; workspaces made before boards existed get them the
  // first time they are used. Called inside a change, so two first visits make one set.
  async function ensureDefaults(tx: Kysely<Database>, workspaceId: string): Promise<Column[]> {
    const existing = await listColumns(tx, workspaceId);
    if (existing.length > 0) return existing;
    let position: string | null = null;
    const now = clock();
    for (const name of DEFAULT_COLUMNS) {
      position = keyBetween(position, null);
      await tx
        .insertInto('board_columns')
        .values({ id: randomUUID(), workspace_id: workspaceId, name, position, created_at: now })
        .execute();
    }
    return listColumns(tx, workspaceId);
  }

  return {
    ensureDefaults,

    async list(scope: WorkspaceScope): Promise<Column[]> {
      const columns = await readWorkspace(db.kysely, scope, 'member', (k) => listColumns(k, scope.workspaceId));
      return columns.length > 0 ? columns : change(scope, 'member', (tx) => ensureDefaults(tx, scope.workspaceId), { counted: false });
    },

    async add(scope: WorkspaceScope, name: string): Promise<Column> {
      return change(scope, OWNERS, async (tx, record) => {
        const columns = await ensureDefaults(tx, scope.workspaceId);
        if (columns.length >= COLUMNS_MAX) throw new HttpError(409, taskError.tooManyColumns(COLUMNS_MAX));
        const column: Column = {
          id: randomUUID(),
          workspaceId: scope.workspaceId,
          name,
          position: keyBetween(columns.at(-1)?.position ?? null, null),
        };
        await tx
          .insertInto('board_columns')
          .values({ id: column.id, workspace_id: column.workspaceId, name, position: column.position, created_at: clock() })
          .execute();
        await record({ type: 'column.created', column });
        return column;
      });
    },

    async rename(scope: WorkspaceScope, columnId: string, name: string): Promise<Column> {
      return change(scope, OWNERS, async (tx, record) => {
        const column = { ...(await findColumn(tx, scope.workspaceId, columnId)), name };
        await tx
          .updateTable('board_columns')
          .set({ name })
          .where('id', '=', columnId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        await record({ type: 'column.updated', column });
        return column;
      });
    },

    async move(scope: WorkspaceScope, columnId: string, afterId: string | null): Promise<Column> {
      return change(scope, OWNERS, async (tx, record) => {
        const columns = await listColumns(tx, scope.workspaceId);
        const current = columns.find((column) => column.id === columnId);
        if (!current || afterId === columnId) throw new HttpError(404, taskError.columnNotFound);
        const column = { ...current, position: placeAfter(columns, afterId, columnId) };
        await tx
          .updateTable('board_columns')
          .set({ position: column.position })
          .where('id', '=', columnId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        await record({ type: 'column.updated', column });
        return column;
      });
    },

    // T4: only an empty column goes, and never the last one. Deleted tasks that still sit in it (they
    // can be restored) move to the first remaining column.
    async remove(scope: WorkspaceScope, columnId: string): Promise<void> {
      await change(scope, OWNERS, async (tx, record) => {
        const columns = await listColumns(tx, scope.workspaceId);
        const column = columns.find((candidate) => candidate.id === columnId);
        if (!column) throw new HttpError(404, taskError.columnNotFound);
        const live = await tx
          .selectFrom('tasks')
          .select('id')
          .where('workspace_id', '=', scope.workspaceId)
          .where('column_id', '=', columnId)
          .where('deleted_at', 'is', null)
          .limit(1)
          .executeTakeFirst();
        if (live) throw new HttpError(409, taskError.columnNotEmpty);
        const heir = columns.find((candidate) => candidate.id !== columnId);
        if (!heir) throw new HttpError(409, taskError.lastColumn);
        await tx
          .updateTable('tasks')
          .set({ column_id: heir.id })
          .where('workspace_id', '=', scope.workspaceId)
          .where('column_id', '=', columnId)
          .execute();
        await tx.deleteFrom('board_columns').where('id', '=', columnId).where('workspace_id', '=', scope.workspaceId).execute();
        await record({ type: 'column.deleted', column });
      });
    },
  };
}

export type Columns = ReturnType<typeof createColumns>;
