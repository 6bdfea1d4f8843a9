import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDocs, publicEndpoints, type PublicMethod } from '#src/shared/public-api/reference.ts';
import {
  PublicCreateTaskSchema,
  PublicErrorSchema,
  PublicTaskListQuerySchema,
  PublicTaskListResponseSchema,
  PublicTaskParamsSchema,
  PublicTaskResponseSchema,
  PublicUpdateTaskSchema,
} from '#src/shared/public-api/schemas.ts';
import type { Db } from '#src/server/db/connect.ts';
import { createRememberedJson } from '#src/server/http/remembered-json.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { TaskGateway } from './task-gateway.ts';

// Every endpoint may also answer 401 (the key) and 429 (the limit), besides its own errors.
const ALWAYS = [401, 429];

// The route's OpenAPI summary and error answers come from the list /docs/api renders.
function documented(method: PublicMethod, path: string, success: z.ZodType, successDescription: string) {
  const endpoint = publicEndpoints.find((entry) => entry.method === method && entry.path === path);
  if (!endpoint) throw new Error(`${method} ${path} is not in publicEndpoints`);
  const errors = [...endpoint.errors, ...ALWAYS].sort();
  return {
    url: path.replace(/\{(\w+)\}/g, ':$1'),
    summary: endpoint.summary,
    tags: ['Tasks'],
    response: {
      [endpoint.success]: { description: successDescription, content: { 'application/json': { schema: success } } },
      ...Object.fromEntries(
        errors.map((status) => [
          status,
          { description: errorDocs[status]!, content: { 'application/json': { schema: PublicErrorSchema } } },
        ]),
      ),
    },
  };
}

// GET/POST /tasks, GET/PUT/DELETE /tasks/{id} (spec 7), each through the task service the board uses
// (product rules W2) with the scope the key resolved, validated by the zod schemas the OpenAPI
// document is made from.
export interface PublicTaskRouteDeps {
  tasks: TaskGateway;
  db: Db;
  // The scope's serializer (serializer.ts), for the answers remembered as text.
  serializerCompiler: FastifySerializerCompiler<z.ZodType>;
}

export function registerPublicTaskRoutes(app: FastifyInstance, { tasks, db, serializerCompiler }: PublicTaskRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = documented('GET', '/tasks', PublicTaskListResponseSchema, 'One page of tasks.');
  // As the board's own list (tasks/routes.ts): a page is remembered serialized until anything commits.
  // A page may be a megabyte: a hundred at most.
  const answerPage = createRememberedJson(
    db,
    100,
    serializerCompiler({ schema: PublicTaskListResponseSchema, method: 'GET', url: list.url, httpStatus: '200' }),
  );
  api.get(list.url, { schema: { ...list, operationId: 'listTasks', querystring: PublicTaskListQuerySchema } }, async (request, reply) => {
    const scope = scopeFrom(request);
    const { query } = request;
    return answerPage(reply, `tasks ${scope.workspaceId} ${JSON.stringify(query)}`, () => tasks.list(scope, query));
  });

  const create = documented('POST', '/tasks', PublicTaskResponseSchema, 'The task as created.');
  api.post(create.url, { schema: { ...create, operationId: 'createTask', body: PublicCreateTaskSchema } }, async (request, reply) => {
    const task = await tasks.create(scopeFrom(request), request.body);
    return reply.code(201).send({ task });
  });

  const one = documented('GET', '/tasks/{id}', PublicTaskResponseSchema, 'The task.');
  api.get(one.url, { schema: { ...one, operationId: 'getTask', params: PublicTaskParamsSchema } }, async (request) => ({
    task: await tasks.get(scopeFrom(request), request.params.id),
  }));

  const update = documented('PUT', '/tasks/{id}', PublicTaskResponseSchema, 'The task as updated.');
  api.put(
    update.url,
    { schema: { ...update, operationId: 'updateTask', params: PublicTaskParamsSchema, body: PublicUpdateTaskSchema } },
    async (request) => ({ task: await tasks.update(scopeFrom(request), request.params.id, request.body) }),
  );

  const remove = documented('DELETE', '/tasks/{id}', z.undefined(), 'The task is deleted.');
  api.delete(remove.url, { schema: { ...remove, operationId: 'deleteTask', params: PublicTaskParamsSchema } }, async (request, reply) => {
    await tasks.remove(scopeFrom(request), request.params.id);
    return reply.code(204).send();
  });
}
