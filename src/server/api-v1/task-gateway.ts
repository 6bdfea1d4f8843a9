import type { Kysely } from 'kysely';
import type {
  PublicCreateTask,
  PublicTask,
  PublicTaskListQuery,
  PublicTaskListResponse,
  PublicUpdateTask,
} from '#src/shared/public-api/schemas.ts';
import { taskError } from '#src/shared/tasks/messages.ts';
import type { Column, Task } from '#src/shared/tasks/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Tasks } from '#src/server/tasks/service.ts';
import { findMemberByEmail } from '#src/server/workspace-access/memberships.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { toPublicTasks } from './public-task.ts';

// The public API speaks spec 3's names (assignee by email, due_date, status by column name); the task
// service speaks the board's (assigneeId, dueDate, columnId). This module translates (answers through
// public-task.ts, which webhooks share), and nothing else: every rule stays in the service (product
// rules W2).
export function createTaskGateway(k: Kysely<Database>, tasks: Tasks) {
  // A member's id by email; an address that is not a member of this workspace is refused, as the
  // board refuses such an assignee.
  async function memberId(workspaceId: string, email: string): Promise<string | null> {
    return (await findMemberByEmail(k, workspaceId, email))?.userId ?? null;
  }

  async function assigneeId(workspaceId: string, email: string | null | undefined): Promise<string | null | undefined> {
    if (email === undefined || email === null) return email;
    const id = await memberId(workspaceId, email);
    if (id === null) throw new HttpError(400, taskError.assigneeNotMember);
    return id;
  }

  // Column names match without regard to case; the board keeps them distinct enough for people.
  function columnNamed(columns: Column[], name: string): Column {
    const column = columns.find((entry) => entry.name.toLowerCase() === name.toLowerCase());
    if (!column) throw new HttpError(400, `Status must be one of: ${columns.map((entry) => entry.name).join(', ')}.`);
    return column;
  }

  const toPublic = (workspaceId: string, list: Task[], columns: Column[]) => toPublicTasks(k, workspaceId, list, columns);

  async function one(workspaceId: string, task: Task, columns: Column[]): Promise<PublicTask> {
    const [mapped] = await toPublic(workspaceId, [task], columns);
    return mapped!;
  }

  return {
    async list(scope: WorkspaceScope, query: PublicTaskListQuery): Promise<PublicTaskListResponse> {
      const columns = await tasks.columns.list(scope);
      let assignee: string | undefined;
      if (query.assignee !== undefined) {
        const id = await memberId(scope.workspaceId, query.assignee);
        if (id === null) return { tasks: [], next_cursor: null };
        assignee = id;
      }
      const page = await tasks.list(scope, {
        ...(query.status !== undefined ? { column: columnNamed(columns, query.status).id } : {}),
        ...(assignee !== undefined ? { assignee } : {}),
        ...(query.label !== undefined ? { label: query.label } : {}),
        ...(query.due_before !== undefined ? { dueBefore: query.due_before } : {}),
        ...(query.due_after !== undefined ? { dueAfter: query.due_after } : {}),
        ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
      });
      return { tasks: await toPublic(scope.workspaceId, page.tasks, columns), next_cursor: page.nextCursor };
    },

    // By id or by key (GET /tasks/TSR-42).
    async get(scope: WorkspaceScope, ref: string): Promise<PublicTask> {
      return one(scope.workspaceId, await tasks.get(scope, ref), await tasks.columns.list(scope));
    },

    async create(scope: WorkspaceScope, body: PublicCreateTask): Promise<PublicTask> {
      const columns = await tasks.columns.list(scope);
      const task = await tasks.create(scope, {
        title: body.title,
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.assignee !== undefined ? { assigneeId: await assigneeId(scope.workspaceId, body.assignee) } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
        ...(body.due_date !== undefined ? { dueDate: body.due_date } : {}),
        ...(body.labels !== undefined ? { labels: body.labels } : {}),
        ...(body.status !== undefined ? { columnId: columnNamed(columns, body.status).id } : {}),
      });
      return one(scope.workspaceId, task, columns);
    },

    // Field changes go through the board's edit (with the version when sent, so a stale one is a 409);
    // a new status moves the card to the top of that column, as dropping it there would.
    async update(scope: WorkspaceScope, ref: string, body: PublicUpdateTask): Promise<PublicTask> {
      const taskId = await tasks.idOf(scope, ref);
      const columns = await tasks.columns.list(scope);
      const target = body.status !== undefined ? columnNamed(columns, body.status) : null;
      const edit = {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.assignee !== undefined ? { assigneeId: await assigneeId(scope.workspaceId, body.assignee) } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
        ...(body.due_date !== undefined ? { dueDate: body.due_date } : {}),
        ...(body.labels !== undefined ? { labels: body.labels } : {}),
      };
      const version = body.version !== undefined ? { version: body.version } : {};
      // A status alone is a move, not an edit: it leaves the version as it is.
      let task = Object.keys(edit).length > 0 ? await tasks.update(scope, taskId, { ...edit, ...version }) : await tasks.get(scope, taskId);
      if (body.version !== undefined && Object.keys(edit).length === 0 && body.version !== task.version)
        throw new HttpError(409, taskError.conflict);
      if (target && target.id !== task.columnId) task = await tasks.move(scope, taskId, { columnId: target.id, afterId: null });
      return one(scope.workspaceId, task, columns);
    },

    async remove(scope: WorkspaceScope, ref: string): Promise<void> {
      await tasks.remove(scope, await tasks.idOf(scope, ref));
    },
  };
}

export type TaskGateway = ReturnType<typeof createTaskGateway>;
