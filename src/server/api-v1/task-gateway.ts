import type { Kysely } from 'kysely';
import type {
  PublicCreateTask,
  PublicTask,
  PublicTaskListQuery,
  PublicTaskListResponse,
  PublicUpdateTask,
} from '#src/shared/public-api.ts';
import { taskError } from '#src/shared/task-messages.ts';
import type { Column, Task } from '#src/shared/tasks.ts';
import type { ApiKeyPrincipal } from '#src/server/api-keys/service.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { TaskScope } from '#src/server/tasks/scope.ts';
import type { Tasks } from '#src/server/tasks/service.ts';

// The public API speaks spec 3's names (assignee by email, due_date, status by column name); the task
// service speaks the board's (assigneeId, dueDate, columnId). This module translates, and nothing
// else: every rule stays in the service (product rules W2).
export function createTaskGateway(k: Kysely<Database>, tasks: Tasks) {
  // The key acts as the owner who made it, in the key's workspace (product rules K3).
  const scopeOf = (principal: ApiKeyPrincipal, ip: string): TaskScope => ({
    workspaceId: principal.workspaceId,
    actor: { userId: principal.userId, ip, role: principal.role },
  });

  async function emailsOf(workspaceId: string, userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await k
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email'])
      .where('m.workspace_id', '=', workspaceId)
      .where('u.id', 'in', [...new Set(userIds)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  // A member's id by email; an address that is not a member of this workspace is refused, as the
  // board refuses such an assignee.
  async function memberId(workspaceId: string, email: string): Promise<string | null> {
    const row = await k
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.id')
      .where('m.workspace_id', '=', workspaceId)
      .where('u.email', '=', email)
      .executeTakeFirst();
    return row?.id ?? null;
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

  async function toPublic(workspaceId: string, list: Task[], columns: Column[]): Promise<PublicTask[]> {
    const emails = await emailsOf(
      workspaceId,
      list.flatMap((task) => (task.assignee ? [task.assignee.id] : [])),
    );
    const names = new Map(columns.map((column) => [column.id, column.name]));
    return list.map((task) => ({
      id: task.id,
      title: task.title,
      description: task.description,
      assignee: task.assignee ? (emails.get(task.assignee.id) ?? null) : null,
      priority: task.priority,
      due_date: task.dueDate,
      labels: task.labels,
      status: names.get(task.columnId) ?? '',
      version: task.version,
      created_at: task.createdAt,
      updated_at: task.updatedAt,
    }));
  }

  async function one(workspaceId: string, task: Task, columns: Column[]): Promise<PublicTask> {
    const [mapped] = await toPublic(workspaceId, [task], columns);
    return mapped!;
  }

  return {
    async list(principal: ApiKeyPrincipal, ip: string, query: PublicTaskListQuery): Promise<PublicTaskListResponse> {
      const scope = scopeOf(principal, ip);
      const columns = await tasks.columns.list(scope);
      let assignee: string | undefined;
      if (query.assignee !== undefined) {
        const id = await memberId(principal.workspaceId, query.assignee);
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
      return { tasks: await toPublic(principal.workspaceId, page.tasks, columns), next_cursor: page.nextCursor };
    },

    async get(principal: ApiKeyPrincipal, ip: string, taskId: string): Promise<PublicTask> {
      const scope = scopeOf(principal, ip);
      return one(principal.workspaceId, await tasks.get(scope, taskId), await tasks.columns.list(scope));
    },

    async create(principal: ApiKeyPrincipal, ip: string, body: PublicCreateTask): Promise<PublicTask> {
      const scope = scopeOf(principal, ip);
      const columns = await tasks.columns.list(scope);
      const task = await tasks.create(scope, {
        title: body.title,
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.assignee !== undefined ? { assigneeId: await assigneeId(principal.workspaceId, body.assignee) } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
        ...(body.due_date !== undefined ? { dueDate: body.due_date } : {}),
        ...(body.labels !== undefined ? { labels: body.labels } : {}),
        ...(body.status !== undefined ? { columnId: columnNamed(columns, body.status).id } : {}),
      });
      return one(principal.workspaceId, task, columns);
    },

    // Field changes go through the board's edit (with the version when sent, so a stale one is a 409);
    // a new status moves the card to the top of that column, as dropping it there would.
    async update(principal: ApiKeyPrincipal, ip: string, taskId: string, body: PublicUpdateTask): Promise<PublicTask> {
      const scope = scopeOf(principal, ip);
      const columns = await tasks.columns.list(scope);
      const target = body.status !== undefined ? columnNamed(columns, body.status) : null;
      const edit = {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.assignee !== undefined ? { assigneeId: await assigneeId(principal.workspaceId, body.assignee) } : {}),
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
      return one(principal.workspaceId, task, columns);
    },

    async remove(principal: ApiKeyPrincipal, ip: string, taskId: string): Promise<void> {
      await tasks.remove(scopeOf(principal, ip), taskId);
    },
  };
}

export type TaskGateway = ReturnType<typeof createTaskGateway>;
