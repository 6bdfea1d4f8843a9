import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/api-paths.ts';
import { taskError, taskNotice } from '#src/shared/task-messages.ts';
import {
  AddCommentSchema,
  CreateColumnSchema,
  CreateTaskSchema,
  EventsQuerySchema,
  MoveColumnSchema,
  MoveTaskSchema,
  RenameColumnSchema,
  TaskListQuerySchema,
  taskPaths,
  UpdateTaskSchema,
  type ColumnResponse,
  type ColumnsResponse,
  type CommentResponse,
  type CommentsResponse,
  type InboxResponse,
  type LabelsResponse,
  type MyCommentsResponse,
  type MyTasksResponse,
  type TaskListResponse,
  type TaskResponse,
} from '#src/shared/tasks.ts';
import { workspaceError } from '#src/shared/workspace-messages.ts';
import { NoBodySchema } from '#src/shared/workspaces.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError, parseBody } from '#src/server/http/errors.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import type { EventStreams } from '#src/server/events/sse.ts';
import { findMember } from '#src/server/workspaces/reads.ts';
import { commentsOnMyTasks, inbox, myTasks } from './home.ts';
import type { TaskScope } from './scope.ts';
import type { Tasks } from './service.ts';

export interface TaskRouteDeps {
  tasks: Tasks;
  streams: EventStreams;
  session: SessionHelpers;
  db: Db;
  clock: Clock;
}

type Params = { id: string; taskId: string; columnId: string };

// Live connections one person may hold open on one instance (a tab each), so nobody ties up the server.
export const STREAMS_PER_USER = 20;

// Issue 16: the session door to the task service (the paths of src/shared/tasks.ts). The same-origin and
// JSON checks of every state-changing request come from the hook the account routes install here.
export function registerTaskRoutes(app: FastifyInstance, { tasks, streams, session, db, clock }: TaskRouteDeps) {
  const k = db.kysely;
  const params = (request: FastifyRequest) => request.params as Params;

  // A member of the workspace in the path; anyone else gets a 404, never a 403 (product rules T1, W6).
  async function scopeOf(request: FastifyRequest, reply: FastifyReply): Promise<TaskScope & { tokenHash: string }> {
    const signedIn = await session.requireSession(request, reply);
    const workspaceId = params(request).id;
    const member = await findMember(k, workspaceId, signedIn.user.id);
    if (!member) throw new HttpError(404, workspaceError.notFound);
    return { workspaceId, actor: { userId: signedIn.user.id, ip: request.ip, role: member.role }, tokenHash: signedIn.tokenHash };
  }

  app.get(taskPaths.tasks, async (request, reply): Promise<TaskListResponse> => {
    const scope = await scopeOf(request, reply);
    return tasks.list(scope, parseBody(TaskListQuerySchema, request.query));
  });

  app.post(taskPaths.tasks, async (request, reply): Promise<TaskResponse> => {
    const scope = await scopeOf(request, reply);
    const task = await tasks.create(scope, parseBody(CreateTaskSchema, request.body));
    reply.code(201);
    return { task };
  });

  app.get(taskPaths.task, async (request, reply): Promise<TaskResponse> => {
    const scope = await scopeOf(request, reply);
    return { task: await tasks.get(scope, params(request).taskId) };
  });

  app.put(taskPaths.task, async (request, reply): Promise<TaskResponse> => {
    const scope = await scopeOf(request, reply);
    return { task: await tasks.update(scope, params(request).taskId, parseBody(UpdateTaskSchema, request.body)) };
  });

  app.delete(taskPaths.task, async (request, reply): Promise<OkResponse> => {
    const scope = await scopeOf(request, reply);
    parseBody(NoBodySchema, request.body);
    await tasks.remove(scope, params(request).taskId);
    return { ok: true, message: taskNotice.deleted };
  });

  app.post(taskPaths.move, async (request, reply): Promise<TaskResponse> => {
    const scope = await scopeOf(request, reply);
    return { task: await tasks.move(scope, params(request).taskId, parseBody(MoveTaskSchema, request.body)) };
  });

  app.post(taskPaths.restore, async (request, reply): Promise<TaskResponse> => {
    const scope = await scopeOf(request, reply);
    parseBody(NoBodySchema, request.body);
    return { task: await tasks.restore(scope, params(request).taskId) };
  });

  app.get(taskPaths.comments, async (request, reply): Promise<CommentsResponse> => {
    const scope = await scopeOf(request, reply);
    return { comments: await tasks.comments(scope, params(request).taskId) };
  });

  app.post(taskPaths.comments, async (request, reply): Promise<CommentResponse> => {
    const scope = await scopeOf(request, reply);
    const { body } = parseBody(AddCommentSchema, request.body);
    const comment = await tasks.addComment(scope, params(request).taskId, body);
    reply.code(201);
    return { comment };
  });

  app.get(taskPaths.columns, async (request, reply): Promise<ColumnsResponse> => {
    const scope = await scopeOf(request, reply);
    return { columns: await tasks.columns.list(scope) };
  });

  app.post(taskPaths.columns, async (request, reply): Promise<ColumnResponse> => {
    const scope = await scopeOf(request, reply);
    const { name } = parseBody(CreateColumnSchema, request.body);
    const column = await tasks.columns.add(scope, name);
    reply.code(201);
    return { column };
  });

  app.put(taskPaths.column, async (request, reply): Promise<ColumnResponse> => {
    const scope = await scopeOf(request, reply);
    const { name } = parseBody(RenameColumnSchema, request.body);
    return { column: await tasks.columns.rename(scope, params(request).columnId, name) };
  });

  app.delete(taskPaths.column, async (request, reply): Promise<OkResponse> => {
    const scope = await scopeOf(request, reply);
    parseBody(NoBodySchema, request.body);
    await tasks.columns.remove(scope, params(request).columnId);
    return { ok: true, message: taskNotice.columnRemoved };
  });

  app.post(taskPaths.moveColumn, async (request, reply): Promise<ColumnResponse> => {
    const scope = await scopeOf(request, reply);
    const { afterId } = parseBody(MoveColumnSchema, request.body);
    return { column: await tasks.columns.move(scope, params(request).columnId, afterId) };
  });

  app.get(taskPaths.labels, async (request, reply): Promise<LabelsResponse> => {
    const scope = await scopeOf(request, reply);
    return { labels: await tasks.labels(scope) };
  });

  const openStreams = new Map<string, number>();

  app.get(taskPaths.events, async (request, reply) => {
    const scope = await scopeOf(request, reply);
    const { after } = parseBody(EventsQuerySchema, request.query);
    const header = request.headers['last-event-id'];
    if (header !== undefined && (typeof header !== 'string' || !/^\d{1,18}$/.test(header))) {
      throw new HttpError(400, taskError.badLastEventId);
    }
    const userId = scope.actor.userId!;
    const count = openStreams.get(userId) ?? 0;
    if (count >= STREAMS_PER_USER) throw new HttpError(429, taskError.tooManyStreams);
    openStreams.set(userId, count + 1);
    const lastId = header ?? after;
    await streams.stream(reply, {
      workspaceId: scope.workspaceId,
      after: lastId === undefined ? null : Number(lastId),
      async stillAllowed() {
        const [signedIn, member] = await Promise.all([
          k
            .selectFrom('sessions')
            .select('user_id')
            .where('token_hash', '=', scope.tokenHash)
            .where('expires_at', '>', clock())
            .executeTakeFirst(),
          findMember(k, scope.workspaceId, userId),
        ]);
        return signedIn !== undefined && member !== null;
      },
      onEnd() {
        const left = (openStreams.get(userId) ?? 1) - 1;
        if (left > 0) openStreams.set(userId, left);
        else openStreams.delete(userId);
      },
    });
  });

  app.get(taskPaths.myTasks, async (request, reply): Promise<MyTasksResponse> => {
    const { user } = await session.requireSession(request, reply);
    return { tasks: await myTasks(k, user.id) };
  });

  app.get(taskPaths.myComments, async (request, reply): Promise<MyCommentsResponse> => {
    const { user } = await session.requireSession(request, reply);
    return { comments: await commentsOnMyTasks(k, user.id) };
  });

  app.get(taskPaths.inbox, async (request, reply): Promise<InboxResponse> => {
    const { user } = await session.requireSession(request, reply);
    return { items: await inbox(k, user.id) };
  });
}
