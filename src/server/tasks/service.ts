import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { taskError } from '#src/shared/tasks/messages.ts';
import type { BoardResponse, Comment, Task } from '#src/shared/tasks/paths.ts';
import type { CreateTaskSchema, UpdateTaskSchema } from '#src/shared/tasks/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { inSnapshot } from '#src/server/db/snapshot.ts';
import { readWorkspace } from '#src/server/workspace-access/door.ts';
import { findMember } from '#src/server/workspace-access/memberships.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import { latestEventId } from '#src/server/events/log.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { createChange, type Record as RecordChange } from './change.ts';
import { createColumns, findColumn } from './columns.ts';
import { firstPages, firstScreenInOneStatement, listTasks, listLabels } from './list.ts';
import { keyBetween, nextCard, positionTaken } from './positions.ts';
import { insertComment } from './add-comment.ts';
import { commentRows, findTask, listColumns, toComment } from './reads.ts';
import { nextTaskNumber, taskIdOf, taskPrefixOf } from './task-keys.ts';
import { taskText, type CountUsage } from './usage.ts';

export type NewTask = z.output<typeof CreateTaskSchema>;
// The public API may leave `version` out: then the edit applies whatever was saved before (T5).
export type TaskEdit = Omit<z.output<typeof UpdateTaskSchema>, 'version'> & { version?: number };

const COMMENTS_SHOWN = 200;

// Tasks, comments and columns of one workspace (product rules T). Both ways in call these, the session
// routes and the public API, each with the scope the door resolved. Every rule of the board lives here.
export interface TaskDeps {
  db: Db;
  clock: Clock;
  recordEvent: RecordEvent;
  bus: { poke: (workspaceId: string) => void };
  limiter: Pick<RateLimiter, 'checkWrite'>;
  countUsage: CountUsage;
}

export function createTasks({ db, clock, recordEvent, bus, limiter, countUsage }: TaskDeps) {
  const k = db.kysely;
  const change = createChange(db, recordEvent, bus, limiter);
  const columns = createColumns(db, clock, change);

  // T2: a task is assigned only to a member of its workspace.
  async function requireMember(tx: Kysely<Database>, workspaceId: string, userId: string | null | undefined) {
    if (!userId) return;
    if (!(await findMember(tx, workspaceId, userId))) throw new HttpError(400, taskError.assigneeNotMember);
  }

  async function requireTask(tx: Kysely<Database>, scope: WorkspaceScope, taskId: string): Promise<Task> {
    const task = await findTask(tx, scope.workspaceId, taskId);
    if (!task) throw new HttpError(404, taskError.taskNotFound);
    return task;
  }

  async function requireTaskRef(db: Kysely<Database>, scope: WorkspaceScope, ref: string): Promise<Task> {
    const taskId = await taskIdOf(db, scope.workspaceId, ref);
    if (taskId === null) throw new HttpError(404, taskError.taskNotFound);
    return requireTask(db, scope, taskId);
  }

  // A task belongs only to a project of its own workspace.
  async function requireProject(tx: Kysely<Database>, workspaceId: string, projectId: string | null | undefined) {
    if (!projectId) return;
    const found = await tx
      .selectFrom('projects')
      .select('id')
      .where('id', '=', projectId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!found) throw new HttpError(400, taskError.projectNotFound);
  }

  async function addLabels(tx: Kysely<Database>, scope: WorkspaceScope, taskId: string, labels: string[]) {
    if (labels.length === 0) return;
    await tx
      .insertInto('task_labels')
      .values(labels.map((label) => ({ task_id: taskId, workspace_id: scope.workspaceId, label })))
      .execute();
  }

  async function replaceLabels(tx: Kysely<Database>, scope: WorkspaceScope, taskId: string, labels: string[]) {
    await tx.deleteFrom('task_labels').where('task_id', '=', taskId).execute();
    await addLabels(tx, scope, taskId, labels);
  }

  async function requireComment(tx: Kysely<Database>, scope: WorkspaceScope, taskId: string, commentId: string): Promise<Comment> {
    await requireTask(tx, scope, taskId);
    const row = await commentRows(tx)
      .where('c.id', '=', commentId)
      .where('c.task_id', '=', taskId)
      .where('c.workspace_id', '=', scope.workspaceId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, taskError.commentNotFound);
    return toComment(row);
  }

  const reread = async (tx: Kysely<Database>, scope: WorkspaceScope, taskId: string) => (await findTask(tx, scope.workspaceId, taskId))!;

  // A new task goes to the top of its column (the first column when none is named).
  async function insertTask(tx: Kysely<Database>, record: RecordChange, scope: WorkspaceScope, input: NewTask): Promise<Task> {
    const board = await columns.ensureDefaults(tx, scope.workspaceId);
    const columnId = input.columnId ?? board[0]!.id;
    if (!board.some((column) => column.id === columnId)) throw new HttpError(404, taskError.columnNotFound);
    await requireMember(tx, scope.workspaceId, input.assigneeId);
    await requireProject(tx, scope.workspaceId, input.projectId);
    const first = await nextCard(tx, scope.workspaceId, columnId, null);
    const id = randomUUID();
    const now = clock();
    const labels = input.labels ?? [];
    const number = await nextTaskNumber(tx, scope.workspaceId);
    await countUsage(tx, scope.workspaceId, {
      tasks: 1,
      textChars: taskText({ title: input.title, description: input.description ?? '' }),
    });
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
        project_id: input.projectId ?? null,
        shared_with_client: input.sharedWithClient ? 1 : 0,
        number,
        position: keyBetween(null, first?.position ?? null),
        created_by: scope.actor.userId,
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await addLabels(tx, scope, id, labels);
    const task = await reread(tx, scope, id);
    await record({ type: 'task.created', task, restored: false });
    return task;
  }

  // T8: a delete hides the task (and its comments) at once; `restore` undoes it.
  async function deleteTask(tx: Kysely<Database>, record: RecordChange, scope: WorkspaceScope, taskId: string): Promise<Task> {
    const task = await requireTask(tx, scope, taskId);
    await tx
      .updateTable('tasks')
      .set({ deleted_at: clock() })
      .where('id', '=', taskId)
      .where('workspace_id', '=', scope.workspaceId)
      .execute();
    await record({ type: 'task.deleted', task });
    return task;
  }

  // Back where it was; if another card took that exact place meanwhile, right after that card.
  async function restoreTask(tx: Kysely<Database>, record: RecordChange, scope: WorkspaceScope, taskId: string): Promise<Task> {
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
  }

  return {
    columns,

    list: (scope: WorkspaceScope, query: Parameters<typeof listTasks>[2]) =>
      readWorkspace(k, scope, 'member', (db) => listTasks(db, scope.workspaceId, query)),
    // The board's first screen: its columns and each one's first page, read in one snapshot so they
    // agree (a task moved meanwhile shows in one column, never in two or none).
    async board(scope: WorkspaceScope): Promise<BoardResponse> {
      const read = () =>
        readWorkspace(k, scope, 'member', async (reader) => {
          const { columns, pages, eventId } =
            db.engine === 'postgres'
              ? await firstScreenInOneStatement(reader, scope.workspaceId)
              : await inSnapshot(reader, async (tx) => {
                  const columns = await listColumns(tx, scope.workspaceId);
                  return {
                    columns,
                    pages: await firstPages(tx, scope.workspaceId, columns),
                    eventId: await latestEventId(tx, scope.workspaceId),
                  };
                });
          return {
            columns,
            pages: Object.fromEntries(columns.map((column, index) => [column.id, pages[index]!])),
            eventId: String(eventId),
          };
        });
      const board = await read();
      if (board.columns.length > 0) return board;
      // A board never opened has no columns yet: they are made as the columns list makes them.
      await columns.list(scope);
      return read();
    },
    labels: (scope: WorkspaceScope) => readWorkspace(k, scope, 'member', (db) => listLabels(db, scope.workspaceId)),
    // A task named by its id or its key (TSR-42).
    get: (scope: WorkspaceScope, ref: string): Promise<Task> => readWorkspace(k, scope, 'member', (db) => requireTaskRef(db, scope, ref)),
    // The id of a task named by its id or key, for the changes that take an id; an unknown key is a 404.
    idOf: (scope: WorkspaceScope, ref: string): Promise<string> =>
      readWorkspace(k, scope, 'member', async (db) => (await requireTaskRef(db, scope, ref)).id),

    prefix: (scope: WorkspaceScope): Promise<string> => readWorkspace(k, scope, 'member', (db) => taskPrefixOf(db, scope.workspaceId)),
    // Every key of the workspace changes with it; numbers stay.
    async setPrefix(scope: WorkspaceScope, prefix: string): Promise<string> {
      return change(scope, { role: 'owner', refusal: taskError.ownerOnlyPrefix }, async (tx) => {
        await tx.updateTable('workspaces').set({ task_prefix: prefix }).where('id', '=', scope.workspaceId).execute();
        return prefix;
      });
    },

    async create(scope: WorkspaceScope, input: NewTask): Promise<Task> {
      return change(scope, 'member', (tx, record) => insertTask(tx, record, scope, input));
    },

    // Many tasks in one change (AI task creation): one transaction, an event each, listed top to
    // bottom in the order given. `also` runs in the same transaction with the tasks made.
    async createMany(
      scope: WorkspaceScope,
      inputs: NewTask[],
      also: (tx: Kysely<Database>, tasks: Task[]) => Promise<void>,
    ): Promise<Task[]> {
      return change(scope, 'member', async (tx, record) => {
        const made: Task[] = [];
        // Each new task goes on top, so the last one is made first.
        for (const input of [...inputs].reverse()) made.unshift(await insertTask(tx, record, scope, input));
        await also(tx, made);
        return made;
      });
    },

    // T5: the edit names the version it started from; if someone saved since, it is refused (409)
    // rather than silently overwriting their work. Moves do not count as edits.
    async update(scope: WorkspaceScope, taskId: string, edit: TaskEdit): Promise<Task> {
      return change(scope, 'member', async (tx, record) => {
        const current = await requireTask(tx, scope, taskId);
        if (edit.version !== undefined && edit.version !== current.version) throw new HttpError(409, taskError.conflict);
        await requireMember(tx, scope.workspaceId, edit.assigneeId);
        await requireProject(tx, scope.workspaceId, edit.projectId);
        const textChars =
          taskText({ title: edit.title ?? current.title, description: edit.description ?? current.description }) - taskText(current);
        if (textChars !== 0) await countUsage(tx, scope.workspaceId, { textChars });
        await tx
          .updateTable('tasks')
          .set({
            ...(edit.title !== undefined && { title: edit.title }),
            ...(edit.description !== undefined && { description: edit.description }),
            ...(edit.assigneeId !== undefined && { assignee_id: edit.assigneeId }),
            ...(edit.priority !== undefined && { priority: edit.priority }),
            ...(edit.dueDate !== undefined && { due_date: edit.dueDate }),
            ...(edit.labels !== undefined && { labels: JSON.stringify(edit.labels) }),
            ...(edit.projectId !== undefined && { project_id: edit.projectId }),
            ...(edit.sharedWithClient !== undefined && { shared_with_client: edit.sharedWithClient ? 1 : 0 }),
            version: current.version + 1,
            updated_at: clock(),
          })
          .where('id', '=', taskId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        if (edit.labels !== undefined) await replaceLabels(tx, scope, taskId, edit.labels);
        const task = await reread(tx, scope, taskId);
        await record({ type: 'task.updated', task, moved: false });
        return task;
      });
    },

    // T3: the task goes right after `afterId` in `columnId` (at the top when null), between that card and
    // the one that follows it now, read under the workspace lock.
    async move(scope: WorkspaceScope, taskId: string, target: { columnId: string; afterId: string | null }): Promise<Task> {
      return change(scope, 'member', async (tx, record) => {
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

    async remove(scope: WorkspaceScope, taskId: string): Promise<Task> {
      return change(scope, 'member', (tx, record) => deleteTask(tx, record, scope, taskId));
    },

    async restore(scope: WorkspaceScope, taskId: string): Promise<Task> {
      return change(scope, 'member', (tx, record) => restoreTask(tx, record, scope, taskId));
    },

    // Deletes or restores many in one change, with an event each (the undo and redo of a batch). `pick`
    // runs first in the transaction and names the tasks, so the choice and the change see one state.
    async removeMany(scope: WorkspaceScope, pick: (tx: Kysely<Database>) => Promise<string[]>): Promise<Task[]> {
      return change(scope, 'member', async (tx, record) => {
        const removed: Task[] = [];
        for (const taskId of await pick(tx)) removed.push(await deleteTask(tx, record, scope, taskId));
        return removed;
      });
    },

    async restoreMany(scope: WorkspaceScope, pick: (tx: Kysely<Database>) => Promise<string[]>): Promise<Task[]> {
      return change(scope, 'member', async (tx, record) => {
        const restored: Task[] = [];
        for (const taskId of await pick(tx)) restored.push(await restoreTask(tx, record, scope, taskId));
        return restored;
      });
    },

    // The latest COMMENTS_SHOWN, oldest first.
    comments: (scope: WorkspaceScope, taskId: string): Promise<Comment[]> =>
      readWorkspace(k, scope, 'member', async (db) => {
        await requireTask(db, scope, taskId);
        const rows = await commentRows(db)
          .where('c.workspace_id', '=', scope.workspaceId)
          .where('c.task_id', '=', taskId)
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(COMMENTS_SHOWN)
          .execute();
        return rows.reverse().map(toComment);
      }),

    async addComment(scope: WorkspaceScope, taskId: string, body: string, forClient = false): Promise<Comment> {
      return change(scope, 'member', async (tx, record) => {
        await requireTask(tx, scope, taskId);
        const comment = await insertComment(tx, countUsage, {
          workspaceId: scope.workspaceId,
          taskId,
          authorId: scope.actor.userId,
          body,
          forClient,
          at: clock(),
        });
        await record({ type: 'comment.added', comment });
        return comment;
      });
    },

    // Its author changes the words; nobody else may (their name is on it).
    async editComment(scope: WorkspaceScope, taskId: string, commentId: string, body: string): Promise<Comment> {
      return change(scope, 'member', async (tx, record) => {
        const current = await requireComment(tx, scope, taskId, commentId);
        if (current.author?.id !== scope.actor.userId) throw new HttpError(403, taskError.notYourComment);
        await countUsage(tx, scope.workspaceId, { textChars: body.length - current.body.length });
        await tx
          .updateTable('comments')
          .set({ body, edited_at: clock() })
          .where('id', '=', commentId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        const comment = toComment(await commentRows(tx).where('c.id', '=', commentId).executeTakeFirstOrThrow());
        await record({ type: 'comment.updated', comment });
        return comment;
      });
    },

    // Its author, or an owner keeping the workspace civil, removes it for good.
    async deleteComment(scope: WorkspaceScope, taskId: string, commentId: string): Promise<Comment> {
      return change(scope, 'member', async (tx, record) => {
        const comment = await requireComment(tx, scope, taskId, commentId);
        if (comment.author?.id !== scope.actor.userId && scope.role !== 'owner') throw new HttpError(403, taskError.notYourComment);
        await tx.deleteFrom('comments').where('id', '=', commentId).where('workspace_id', '=', scope.workspaceId).execute();
        await countUsage(tx, scope.workspaceId, { comments: -1, textChars: -comment.body.length });
        await record({ type: 'comment.deleted', comment });
        return comment;
      });
    },
  };
}

export type Tasks = ReturnType<typeof createTasks>;
