import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { taskError, taskNotice } from '#src/shared/tasks/messages.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import {
  AddCommentSchema,
  CreateColumnSchema,
  CreateTaskSchema,
  EditCommentSchema,
  EventsQuerySchema,
  MoveColumnSchema,
  MoveTaskSchema,
  RenameColumnSchema,
  TaskListQuerySchema,
  TaskPrefixSchema,
  UpdateTaskSchema,
} from '#src/shared/tasks/schemas.ts';
import {
  taskPaths,
  type ColumnResponse,
  type ColumnsResponse,
  type CommentResponse,
  type CommentsResponse,
  type InboxResponse,
  type LabelsResponse,
  type MyCommentsResponse,
  type MyTasksResponse,
  type TaskListResponse,
  type TaskPrefixResponse,
  type TaskResponse,
} from '#src/shared/tasks/paths.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import type { Sessions } from '#src/server/accounts/sessions.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError, parseBody } from '#src/server/http/errors.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import type { EventStreams } from '#src/server/events/sse.ts';
import { createReadMemo } from '#src/server/db/read-memo.ts';
import { stillAllowed } from '#src/server/workspace-access/door.ts';
import { findMember } from '#src/server/workspace-access/memberships.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import { commentsOnMyTasks, inbox, myTasks } from './home.ts';
import type { Tasks } from './service.ts';

export interface TaskRouteDeps {
  tasks: Tasks;
  streams: EventStreams;
  session: SessionHelpers;
  sessions: Sessions;
  db: Db;
  clock: Clock;
}

type Params = { id: string; taskId: string; columnId: string; commentId: string };

// The session door to the task service (the paths of src/shared/tasks.ts). The same-origin and
// JSON checks of every state-changing request come from the hook the account routes install here.
export function registerTaskRoutes(app: FastifyInstance, { tasks, streams, session, sessions, db, clock }: TaskRouteDeps) {
  const k = db.kysely;
  const params = (request: FastifyRequest) => request.params as Params;
  // A page of tasks may be a megabyte (50 descriptions of 20,000 characters): a hundred at most.
  const rememberedPage = createReadMemo(db, 100);

  // The page is remembered already serialized: a repeated read costs no JSON work (product rules B6).
  app.get(taskPaths.tasks, async (request, reply) => {
    const scope = scopeFrom(request);
    const query = parseBody(TaskListQuerySchema, request.query);
    const page = await rememberedPage(`tasks ${scope.workspaceId} ${JSON.stringify(query)}`, async () =>
      JSON.stringify((await tasks.list(scope, query)) satisfies TaskListResponse),
    );
    return reply.type('application/json; charset=utf-8').send(page);
  });

  app.post(taskPaths.tasks, async (request, reply): Promise<TaskResponse> => {
    const scope = scopeFrom(request);
    const task = await tasks.create(scope, parseBody(CreateTaskSchema, request.body));
    reply.code(201);
    return { task };
  });

  app.get(taskPaths.task, async (request): Promise<TaskResponse> => {
    const scope = scopeFrom(request);
    return { task: await tasks.get(scope, params(request).taskId) };
  });

  app.get(taskPaths.taskPrefix, async (request): Promise<TaskPrefixResponse> => ({ prefix: await tasks.prefix(scopeFrom(request)) }));

  app.put(taskPaths.taskPrefix, async (request): Promise<TaskPrefixResponse> => {
    const scope = scopeFrom(request);
    return { prefix: await tasks.setPrefix(scope, parseBody(TaskPrefixSchema, request.body).prefix) };
  });

  app.put(taskPaths.task, async (request): Promise<TaskResponse> => {
    const scope = scopeFrom(request);
    return { task: await tasks.update(scope, params(request).taskId, parseBody(UpdateTaskSchema, request.body)) };
  });

  app.delete(taskPaths.task, async (request): Promise<OkResponse> => {
    const scope = scopeFrom(request);
    parseBody(NoBodySchema, request.body);
    await tasks.remove(scope, params(request).taskId);
    return { ok: true, message: taskNotice.deleted };
  });

  app.post(taskPaths.move, async (request): Promise<TaskResponse> => {
    const scope = scopeFrom(request);
    return { task: await tasks.move(scope, params(request).taskId, parseBody(MoveTaskSchema, request.body)) };
  });

  app.post(taskPaths.restore, async (request): Promise<TaskResponse> => {
    const scope = scopeFrom(request);
    parseBody(NoBodySchema, request.body);
    return { task: await tasks.restore(scope, params(request).taskId) };
  });

  app.get(taskPaths.comments, async (request): Promise<CommentsResponse> => {
    const scope = scopeFrom(request);
    return { comments: await tasks.comments(scope, params(request).taskId) };
  });

  app.post(taskPaths.comments, async (request, reply): Promise<CommentResponse> => {
    const scope = scopeFrom(request);
    const { body, forClient } = parseBody(AddCommentSchema, request.body);
    const comment = await tasks.addComment(scope, params(request).taskId, body, forClient);
    reply.code(201);
    return { comment };
  });

  app.put(taskPaths.comment, async (request): Promise<CommentResponse> => {
    const scope = scopeFrom(request);
    const { body } = parseBody(EditCommentSchema, request.body);
    const { taskId, commentId } = params(request);
    return { comment: await tasks.editComment(scope, taskId, commentId, body) };
  });

  app.delete(taskPaths.comment, async (request): Promise<OkResponse> => {
    const scope = scopeFrom(request);
    parseBody(NoBodySchema, request.body);
    const { taskId, commentId } = params(request);
    await tasks.deleteComment(scope, taskId, commentId);
    return { ok: true, message: taskNotice.commentDeleted };
  });

  app.get(taskPaths.columns, async (request): Promise<ColumnsResponse> => {
    const scope = scopeFrom(request);
    return { columns: await tasks.columns.list(scope) };
  });

  app.post(taskPaths.columns, async (request, reply): Promise<ColumnResponse> => {
    const scope = scopeFrom(request);
    const { name } = parseBody(CreateColumnSchema, request.body);
    const column = await tasks.columns.add(scope, name);
    reply.code(201);
    return { column };
  });

  app.put(taskPaths.column, async (request): Promise<ColumnResponse> => {
    const scope = scopeFrom(request);
    const { name } = parseBody(RenameColumnSchema, request.body);
    return { column: await tasks.columns.rename(scope, params(request).columnId, name) };
  });

  app.delete(taskPaths.column, async (request): Promise<OkResponse> => {
    const scope = scopeFrom(request);
    parseBody(NoBodySchema, request.body);
    await tasks.columns.remove(scope, params(request).columnId);
    return { ok: true, message: taskNotice.columnRemoved };
  });

  app.post(taskPaths.moveColumn, async (request): Promise<ColumnResponse> => {
    const scope = scopeFrom(request);
    const { afterId } = parseBody(MoveColumnSchema, request.body);
    return { column: await tasks.columns.move(scope, params(request).columnId, afterId) };
  });

  app.get(taskPaths.labels, async (request): Promise<LabelsResponse> => {
    const scope = scopeFrom(request);
    return { labels: await tasks.labels(scope) };
  });

  app.get(taskPaths.events, async (request, reply) => {
    const scope = scopeFrom(request);
    const { after } = parseBody(EventsQuerySchema, request.query);
    const header = request.headers['last-event-id'];
    if (header !== undefined && (typeof header !== 'string' || !/^\d{1,18}$/.test(header))) {
      throw new HttpError(400, taskError.badLastEventId);
    }
    const { tokenHash } = await session.requireSession(request, reply);
    const lastId = header ?? after;
    const member = await findMember(k, scope.workspaceId, scope.actor.userId);
    if (!member) throw new HttpError(404, workspaceError.notFound);
    await streams.stream(reply, {
      workspaceId: scope.workspaceId,
      userId: scope.actor.userId,
      after: lastId === undefined ? null : Number(lastId),
      // A signed-out or removed member stops hearing the workspace, and the browser is told which.
      standing: async () => {
        if (!(await sessions.stillActive(tokenHash, clock()))) return 'signed-out';
        return (await stillAllowed(k, scope, 'member')) ? null : 'no-access';
      },
      joinedAt: Date.parse(member.joinedAt),
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
