import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { taskError } from '#src/shared/task-messages.ts';
import type { Comment, CreateTaskSchema, Task, UpdateTaskSchema } from '#src/shared/tasks.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { findMember } from '#src/server/workspaces/reads.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import { createChange } from './change.ts';
import { createColumns, findColumn } from './columns.ts';
import { listTasks, listLabels } from './list.ts';
import { keyBetween, nextCard, positionTaken } from './positions.ts';
import { commentRows, findTask, toComment } from './reads.ts';
import type { TaskScope } from './scope.ts';

export type NewTask = z.output<typeof CreateTaskSchema>;
// The public API may leave `version` out: then the edit applies whatever was saved before (T5).
export type TaskEdit = Omit<z.output<typeof UpdateTaskSchema>, 'version'> & { version?: number };

const COMMENTS_SHOWN = 200;

// Tasks, comments and columns of one workspace (product rules T; issue 16). Both doors call these: the
// session routes and the public API (issue 17), each with a scope it resolved. Every rule lives here.
export function createTasks(db: Db, clock: Clock, recordEvent: RecordEvent, bus: { poke: (workspaceId: string) => void }) {
  const k = db.kysely;
  const change = createChange(db, recordEvent, bus);
  const columns = createColumns(db, clock, change);

  // T2: a task is assigned only to a member of its workspace.
  async function requireMember(tx: Kysely<Database>, workspaceId: string, userId: string | null | undefined) {
    if (!userId) return;
    if (!(await findMember(tx, workspaceId, userId))) throw new HttpError(400, taskError.assigneeNotMember);
  }

  async function requireTask(tx: Kysely<Database>, scope: TaskScope, taskId: string): Promise<Task> {
    const task = await findTask(tx, scope.workspaceId, taskId);
    if (!task) throw new HttpError(404, taskError.taskNotFound);
    return task;
  }

  async function writeLabels(tx: Kysely<Database>, scope: TaskScope, taskId: string, labels: string[]) {
    await tx.deleteFrom('task_labels').where('task_id', '=', taskId).execute();
    if (labels.length === 0) return;
    await tx
      .insertInto('task_labels')
      .values(labels.map((label) => ({ task_id: taskId, workspace_id: scope.workspaceId, label })))
      .execute();
  }

  const reread = async (tx: Kysely<Database>, scope: TaskScope, taskId: string) => (await findTask(tx, scope.workspaceId, taskId))!;

  return {
    columns,

    list: (scope: TaskScope, query: Parameters<typeof listTasks>[2]) => listTasks(k, scope.workspaceId, query),
    labels: (scope: TaskScope) => listLabels(k, scope.workspaceId),

    async get(scope: TaskScope, taskId: string): Promise<Task> {
      return requireTask(k, scope, taskId);
    },

    // A new task goes to the top of its column (the first column when none is named).
    async create(scope: TaskScope, input: NewTask): Promise<Task> {
      return change(scope, async (tx, record) => {
        const board = await columns.ensureDefaults(tx, scope.workspaceId);
        const columnId = input.columnId ?? board[0]!.id;
        if (!board.some((column) => column.id === columnId)) throw new HttpError(404, taskError.columnNotFound);
        await requireMember(tx, scope.workspaceId, input.assigneeId);
        const first = await nextCard(tx, scope.workspaceId, columnId, null);
        const id = randomUUID();
        const now = clock();
        const labels = input.labels ?? [];
        await tx
          .insertInto('tasks')
          .values({
            id,
            workspace_id: scope.workspaceId,
            column_id: columnId,
            title: input.title,
            description: input.description ?? '',
            assignee_id: input.assigneeId ?? null,
            priority: input.priority ?? 'medium',
            due_date: input.dueDate ?? null,
            labels: JSON.stringify(labels),
            position: keyBetween(null, first?.position ?? null),
            created_by: scope.actor.userId,
            version: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await writeLabels(tx, scope, id, labels);
        const task = await reread(tx, scope, id);
        await record({ type: 'task.created', task, restored: false });
        return task;
      });
    },

    // T5: the edit names the version it started from; if someone saved since, it is refused (409)
    // rather than silently overwriting their work. Moves do not count as edits.
    async update(scope: TaskScope, taskId: string, edit: TaskEdit): Promise<Task> {
      return change(scope, async (tx, record) => {
        const current = await requireTask(tx, scope, taskId);
        if (edit.version !== undefined && edit.version !== current.version) throw new HttpError(409, taskError.conflict);
        await requireMember(tx, scope.workspaceId, edit.assigneeId);
        await tx
          .updateTable('tasks')
          .set({
            ...(edit.title !== undefined && { title: edit.title }),
            ...(edit.description !== undefined && { description: edit.description }),
            ...(edit.assigneeId !== undefined && { assignee_id: edit.assigneeId }),
            ...(edit.priority !== undefined && { priority: edit.priority }),
            ...(edit.dueDate !== undefined && { due_date: edit.dueDate }),
            ...(edit.labels !== undefined && { labels: JSON.stringify(edit.labels) }),
            version: current.version + 1,
            updated_at: clock(),
          })
          .where('id', '=', taskId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        if (edit.labels !== undefined) await writeLabels(tx, scope, taskId, edit.labels);
        const task = await reread(tx, scope, taskId);
        await record({ type: 'task.updated', task, moved: false });
        return task;
      });
    },

    // T3: the task goes right after `afterId` in `columnId` (at the top when null), between that card and
    // the one that follows it now, read under the workspace lock.
    async move(scope: TaskScope, taskId: string, target: { columnId: string; afterId: string | null }): Promise<Task> {
      return change(scope, async (tx, record) => {
        const current = await requireTask(tx, scope, taskId);
        await findColumn(tx, scope.workspaceId, target.columnId);
        let before: string | null = null;
        if (target.afterId !== null) {
          const anchor = target.afterId === taskId ? undefined : await findTask(tx, scope.workspaceId, target.afterId);
          if (!anchor || anchor.columnId !== target.columnId) throw new HttpError(409, taskError.anchorNotFound);
          before = anchor.position;
        }
        // The card that follows the place now; if that is this task, it is already there: nothing
        // changes, and nobody is told.
        const following = await nextCard(tx, scope.workspaceId, target.columnId, before);
        if (following?.id === taskId) return current;
        const position = keyBetween(before, following?.position ?? null);
        await tx
          .updateTable('tasks')
          .set({ column_id: target.columnId, position, updated_at: clock() })
          .where('id', '=', taskId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        const task = await reread(tx, scope, taskId);
        await record({ type: 'task.updated', task, moved: true });
        return task;
      });
    },

    // T8: a delete hides the task (and its comments) at once; `restore` undoes it.
    async remove(scope: TaskScope, taskId: string): Promise<Task> {
      return change(scope, async (tx, record) => {
        const task = await requireTask(tx, scope, taskId);
        await tx
          .updateTable('tasks')
          .set({ deleted_at: clock() })
          .where('id', '=', taskId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        await record({ type: 'task.deleted', task });
        return task;
      });
    },

    // Back where it was; if another card took that exact place meanwhile, right after that card.
    async restore(scope: TaskScope, taskId: string): Promise<Task> {
      return change(scope, async (tx, record) => {
        const row = await tx
          .selectFrom('tasks')
          .select(['column_id', 'position', 'deleted_at'])
          .where('id', '=', taskId)
          .where('workspace_id', '=', scope.workspaceId)
          .executeTakeFirst();
        if (!row) throw new HttpError(404, taskError.taskNotFound);
        if (row.deleted_at === null) throw new HttpError(409, taskError.notDeleted);
        let position = row.position;
        if (await positionTaken(tx, scope.workspaceId, row.column_id, position)) {
          const following = await nextCard(tx, scope.workspaceId, row.column_id, position);
          position = keyBetween(position, following?.position ?? null);
        }
        await tx
          .updateTable('tasks')
          .set({ deleted_at: null, position, updated_at: clock() })
          .where('id', '=', taskId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        const task = await reread(tx, scope, taskId);
        await record({ type: 'task.created', task, restored: true });
        return task;
      });
    },

    // The latest COMMENTS_SHOWN, oldest first.
    async comments(scope: TaskScope, taskId: string): Promise<Comment[]> {
      await requireTask(k, scope, taskId);
      const rows = await commentRows(k)
        .where('c.workspace_id', '=', scope.workspaceId)
        .where('c.task_id', '=', taskId)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(COMMENTS_SHOWN)
        .execute();
      return rows.reverse().map(toComment);
    },

    async addComment(scope: TaskScope, taskId: string, body: string): Promise<Comment> {
      return change(scope, async (tx, record) => {
        await requireTask(tx, scope, taskId);
        const id = randomUUID();
        await tx
          .insertInto('comments')
          .values({ id, workspace_id: scope.workspaceId, task_id: taskId, author_id: scope.actor.userId, body, created_at: clock() })
          .execute();
        const comment = toComment(await commentRows(tx).where('c.id', '=', id).executeTakeFirstOrThrow());
        await record({ type: 'comment.added', comment });
        return comment;
      });
    },
  };
}

export type Tasks = ReturnType<typeof createTasks>;
