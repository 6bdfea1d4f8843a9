import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { taskError, taskNotice } from '#src/shared/tasks/messages.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import {
  AddCommentSchema,
  BoardQuerySchema,
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
  type BoardResponse,
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
import {
  BoardResponseSchema,
  ColumnResponseSchema,
  ColumnsResponseSchema,
  CommentResponseSchema,
  CommentsResponseSchema,
  InboxResponseSchema,
  LabelsResponseSchema,
  MyCommentsResponseSchema,
  MyTasksResponseSchema,
  TaskListResponseSchema,
  TaskPrefixResponseSchema,
  TaskResponseSchema,
} from '#src/shared/tasks/responses.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import type { Sessions } from '#src/server/accounts/sessions.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import { pathParams } from '#src/server/http/validation.ts';
import type { EventStreams } from '#src/server/events/sse.ts';
import { createStreamStanding } from '#src/server/events/stream-standing.ts';
import { createRememberedJson } from '#src/server/http/remembered-json.ts';
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
  // The app's serializer (api-v1/serializer.ts), for the task pages remembered as text.
  serializerCompiler: FastifySerializerCompiler<z.ZodType>;
}

const taskParams = pathParams('id', 'taskId');
const commentParams = pathParams('id', 'taskId', 'commentId');
const columnParams = pathParams('id', 'columnId');
const workspaceParams = pathParams('id');

// The session door to the task service (the paths of src/shared/tasks.ts). The same-origin and
// JSON checks of every state-changing request come from the hook the account routes install here.
export function registerTaskRoutes(
  app: FastifyInstance,
  { tasks, streams, session, sessions, db, clock, serializerCompiler }: TaskRouteDeps,
) {
  const k = db.kysely;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const standing = createStreamStanding({ db, sessions, clock });

  // Both reads are remembered serialized, so their routes declare no response schema: the answer is
  // checked by the serializer given here. A page of tasks may be a megabyte (50 descriptions of 20,000
  // characters): a hundred at most; a first screen holds up to 20 pages: a few at most.
  const answerPage = createRememberedJson<TaskListResponse>(
    db,
    100,
    serializerCompiler({ schema: TaskListResponseSchema, method: 'GET', url: taskPaths.tasks, httpStatus: '200' }),
  );
  const answerBoard = createRememberedJson<BoardResponse>(
    db,
    5,
    serializerCompiler({ schema: BoardResponseSchema, method: 'GET', url: taskPaths.board, httpStatus: '200' }),
  );
  api.get(taskPaths.tasks, { schema: { querystring: TaskListQuerySchema } }, async (request, reply) => {
    const scope = scopeFrom(request);
    const { query } = request;
    return answerPage(reply, `tasks ${scope.workspaceId} ${JSON.stringify(query)}`, () => tasks.list(scope, query));
  });

  // The board's first screen in one answer.
  api.get(taskPaths.board, { schema: { params: workspaceParams, querystring: BoardQuerySchema } }, async (request, reply) => {
    const scope = scopeFrom(request);
    return answerBoard(reply, `board ${scope.workspaceId}`, () => tasks.board(scope));
  });

  api.post(
    taskPaths.tasks,
    { schema: { body: CreateTaskSchema, response: { 201: TaskResponseSchema } } },
    async (request, reply): Promise<TaskResponse> => {
      const scope = scopeFrom(request);
      const task = await tasks.create(scope, request.body);
      reply.code(201);
      return { task };
    },
  );

  api.get(
    taskPaths.task,
    { schema: { params: taskParams, response: { 200: TaskResponseSchema } } },
    async (request): Promise<TaskResponse> => {
      const scope = scopeFrom(request);
      return { task: await tasks.get(scope, request.params.taskId) };
    },
  );

  api.get(
    taskPaths.taskPrefix,
    { schema: { response: { 200: TaskPrefixResponseSchema } } },
    async (request): Promise<TaskPrefixResponse> => ({ prefix: await tasks.prefix(scopeFrom(request)) }),
  );

  api.put(
    taskPaths.taskPrefix,
    { schema: { body: TaskPrefixSchema, response: { 200: TaskPrefixResponseSchema } } },
    async (request): Promise<TaskPrefixResponse> => {
      const scope = scopeFrom(request);
      return { prefix: await tasks.setPrefix(scope, request.body.prefix) };
    },
  );

  api.put(
    taskPaths.task,
    { schema: { params: taskParams, body: UpdateTaskSchema, response: { 200: TaskResponseSchema } } },
    async (request): Promise<TaskResponse> => {
      const scope = scopeFrom(request);
      return { task: await tasks.update(scope, request.params.taskId, request.body) };
    },
  );

  api.delete(
    taskPaths.task,
    { schema: { params: taskParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      const scope = scopeFrom(request);
      await tasks.remove(scope, request.params.taskId);
      return { ok: true, message: taskNotice.deleted };
    },
  );

  api.post(
    taskPaths.move,
    { schema: { params: taskParams, body: MoveTaskSchema, response: { 200: TaskResponseSchema } } },
    async (request): Promise<TaskResponse> => {
      const scope = scopeFrom(request);
      return { task: await tasks.move(scope, request.params.taskId, request.body) };
    },
  );

  api.post(
    taskPaths.restore,
    { schema: { params: taskParams, body: NoBodySchema, response: { 200: TaskResponseSchema } } },
    async (request): Promise<TaskResponse> => {
      const scope = scopeFrom(request);
      return { task: await tasks.restore(scope, request.params.taskId) };
    },
  );

  api.get(
    taskPaths.comments,
    { schema: { params: taskParams, response: { 200: CommentsResponseSchema } } },
    async (request): Promise<CommentsResponse> => {
      const scope = scopeFrom(request);
      return { comments: await tasks.comments(scope, request.params.taskId) };
    },
  );

  api.post(
    taskPaths.comments,
    { schema: { params: taskParams, body: AddCommentSchema, response: { 201: CommentResponseSchema } } },
    async (request, reply): Promise<CommentResponse> => {
      const scope = scopeFrom(request);
      const { body, forClient } = request.body;
      const comment = await tasks.addComment(scope, request.params.taskId, body, forClient);
      reply.code(201);
      return { comment };
    },
  );

  api.put(
    taskPaths.comment,
    { schema: { params: commentParams, body: EditCommentSchema, response: { 200: CommentResponseSchema } } },
    async (request): Promise<CommentResponse> => {
      const scope = scopeFrom(request);
      const { body } = request.body;
      const { taskId, commentId } = request.params;
      return { comment: await tasks.editComment(scope, taskId, commentId, body) };
    },
  );

  api.delete(
    taskPaths.comment,
    { schema: { params: commentParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      const scope = scopeFrom(request);
      const { taskId, commentId } = request.params;
      await tasks.deleteComment(scope, taskId, commentId);
      return { ok: true, message: taskNotice.commentDeleted };
    },
  );

  api.get(taskPaths.columns, { schema: { response: { 200: ColumnsResponseSchema } } }, async (request): Promise<ColumnsResponse> => {
    const scope = scopeFrom(request);
    return { columns: await tasks.columns.list(scope) };
  });

  api.post(
    taskPaths.columns,
    { schema: { body: CreateColumnSchema, response: { 201: ColumnResponseSchema } } },
    async (request, reply): Promise<ColumnResponse> => {
      const scope = scopeFrom(request);
      const { name } = request.body;
      const column = await tasks.columns.add(scope, name);
      reply.code(201);
      return { column };
    },
  );

  api.put(
    taskPaths.column,
    { schema: { params: columnParams, body: RenameColumnSchema, response: { 200: ColumnResponseSchema } } },
    async (request): Promise<ColumnResponse> => {
      const scope = scopeFrom(request);
      const { name } = request.body;
      return { column: await tasks.columns.rename(scope, request.params.columnId, name) };
    },
  );

  api.delete(
    taskPaths.column,
    { schema: { params: columnParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      const scope = scopeFrom(request);
      await tasks.columns.remove(scope, request.params.columnId);
      return { ok: true, message: taskNotice.columnRemoved };
    },
  );

  api.post(
    taskPaths.moveColumn,
    { schema: { params: columnParams, body: MoveColumnSchema, response: { 200: ColumnResponseSchema } } },
    async (request): Promise<ColumnResponse> => {
      const scope = scopeFrom(request);
      const { afterId } = request.body;
      return { column: await tasks.columns.move(scope, request.params.columnId, afterId) };
    },
  );

  api.get(taskPaths.labels, { schema: { response: { 200: LabelsResponseSchema } } }, async (request): Promise<LabelsResponse> => {
    const scope = scopeFrom(request);
    return { labels: await tasks.labels(scope) };
  });

  api.get(taskPaths.events, { schema: { querystring: EventsQuerySchema } }, async (request, reply) => {
    const scope = scopeFrom(request);
    const { after } = request.query;
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
      standing: () => standing({ workspaceId: scope.workspaceId, userId: scope.actor.userId, tokenHash }),
      joinedAt: Date.parse(member.joinedAt),
    });
  });

  api.get(taskPaths.myTasks, { schema: { response: { 200: MyTasksResponseSchema } } }, async (request, reply): Promise<MyTasksResponse> => {
    const { user } = await session.requireSession(request, reply);
    return { tasks: await myTasks(k, user.id) };
  });

  api.get(
    taskPaths.myComments,
    { schema: { response: { 200: MyCommentsResponseSchema } } },
    async (request, reply): Promise<MyCommentsResponse> => {
      const { user } = await session.requireSession(request, reply);
      return { comments: await commentsOnMyTasks(k, user.id) };
    },
  );

  api.get(taskPaths.inbox, { schema: { response: { 200: InboxResponseSchema } } }, async (request, reply): Promise<InboxResponse> => {
    const { user } = await session.requireSession(request, reply);
    return { items: await inbox(k, user.id) };
  });
}
