import { dereference, validate, compileErrors } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  errorDocs,
  listQueryDocs,
  PUBLIC_API_BASE,
  PUBLIC_API_HOURLY_LIMIT,
  PUBLIC_PAGE_MAX,
  publicEndpoints,
  rateLimitHeaderDocs,
  taskFieldDocs,
  webhookEventDocs,
} from '#src/shared/public-api/reference.ts';
import { WEBHOOK_TEST_EVENT } from '#src/shared/webhooks/paths.ts';
import { TASK_PAGE_SIZE } from '#src/shared/tasks/paths.ts';
import { publicApiLimits } from '#src/server/http/rate-limit.ts';
import { currentWorkspaceId, person } from '../../../tests/support/workspaces.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createKey, keyClient } from '../../../tests/support/api-keys.ts';

interface Schema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
}
interface Operation {
  summary: string;
  operationId: string;
  security?: unknown;
  parameters?: Array<{ in: string; name: string; description?: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  openapi: string;
  info: { license?: { name: string; url: string } };
  webhooks: Record<string, { post: Operation }>;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'delete'] as const;

describe.each(engines)('the OpenAPI document on %s', (engine) => {
  const app = useTestApp(engine);
  let raw: Document;
  let doc: Document;
  beforeAll(async () => {
    const answer = await fetch(`${app().url}${PUBLIC_API_BASE}/openapi.json`);
    expect(answer.status).toBe(200);
    raw = (await answer.json()) as Document;
    doc = (await dereference(structuredClone(raw) as never)) as unknown as Document;
  });

  it('is a valid OpenAPI 3.1 document for this server, with the bearer scheme and a licence', async () => {
    const result = await validate(structuredClone(raw) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(raw.openapi).toBe('3.1.0');
    expect(raw.servers).toEqual([{ url: `${app().url}${PUBLIC_API_BASE}` }]);
    expect(Object.values(raw.components.securitySchemes)).toEqual([expect.objectContaining({ type: 'http', scheme: 'bearer' })]);
    expect(raw.info.license).toEqual({ name: 'Tessera Terms of Service', url: `${app().url}/terms` });
  });

  // What an integrator's linter says about it: Redocly's recommended rules, not one warning.
  it('passes Redocly’s recommended lint with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(raw), absoluteRef: 'openapi.json', config });
    expect(
      problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
    ).toEqual([]);
  });

  // product rules H2: each webhook's body is described, and its task is the API's Task itself.
  it('describes every webhook body, with the API’s task', () => {
    expect(Object.keys(raw.webhooks).sort()).toEqual([...Object.keys(webhookEventDocs), WEBHOOK_TEST_EVENT].sort());
    for (const [event, summary] of Object.entries(webhookEventDocs)) expect(raw.webhooks[event]!.post.summary).toBe(summary);
    const body = (event: string) => raw.webhooks[event]!.post.requestBody!.content['application/json']!.schema as { $ref: string };
    expect(body('task.updated')).toEqual({ $ref: '#/components/schemas/TaskEvent' });
    expect(body('comment.added')).toEqual({ $ref: '#/components/schemas/CommentEvent' });
    const taskEvent = raw.components.schemas.TaskEvent!;
    expect(Object.keys(taskEvent.properties!).sort()).toEqual(['data', 'timestamp', 'type', 'workspace_id']);
    expect(taskEvent.properties!.data!.properties!.task).toEqual({ $ref: '#/components/schemas/Task' });
  });

  // The /docs/api page renders public-api-reference.ts; the document must say what it says.
  it('says what /docs/api says: the endpoints, fields, filters, errors, headers and limit', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
    );
    expect(operations.map(({ method, path, operation }) => [method.toUpperCase(), path, operation.summary]).sort()).toEqual(
      publicEndpoints.map((endpoint) => [endpoint.method, endpoint.path, endpoint.summary]).sort(),
    );
    for (const endpoint of publicEndpoints) {
      const operation = doc.paths[endpoint.path]![endpoint.method.toLowerCase()]!;
      const statuses = Object.keys(operation.responses).map(Number).sort();
      expect(statuses, `${endpoint.method} ${endpoint.path}`).toEqual([endpoint.success, ...endpoint.errors, 401, 429].sort());
      for (const status of [...endpoint.errors, 401, 429]) expect(operation.responses[status]!.description).toBe(errorDocs[status]);
      for (const response of Object.values(operation.responses))
        expect(Object.keys(response.headers ?? {})).toEqual(expect.arrayContaining(Object.keys(rateLimitHeaderDocs)));
      expect(Object.keys(operation.responses['429']!.headers ?? {})).toContain('Retry-After');
    }

    const task = doc.components.schemas.Task!;
    expect(Object.keys(task.properties!).sort()).toEqual(Object.keys(taskFieldDocs).sort());
    for (const [field, { meaning }] of Object.entries(taskFieldDocs)) expect(task.properties![field]!.description, field).toBe(meaning);

    const created = doc.paths['/tasks']!.post!.requestBody!.content['application/json']!.schema;
    const writable = Object.entries(taskFieldDocs)
      .filter(([field, entry]) => !('readOnly' in entry) && field !== 'version')
      .map(([field]) => field);
    expect(Object.keys(created.properties!).sort()).toEqual(writable.sort());

    const query = doc.paths['/tasks']!.get!.parameters!.filter((parameter) => parameter.in === 'query');
    expect(query.map((parameter) => [parameter.name, parameter.description]).sort()).toEqual(Object.entries(listQueryDocs).sort());

    expect(PUBLIC_API_HOURLY_LIMIT).toBe(publicApiLimits.key.max);
    expect(PUBLIC_PAGE_MAX).toBe(TASK_PAGE_SIZE);
  });

  // A contract test: each documented request is sent, and each answer must be one the document lists
  // for it, with a body its schema accepts (ajv, JSON Schema 2020-12, formats checked).
  it('answers every documented request as the document says', async () => {
    const t = app();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const owner = await person(t);
    const api = keyClient(t.url, await createKey(owner, await currentWorkspaceId(owner)));
    const nobody = keyClient(t.url, null);

    const checked: string[] = [];
    async function check(method: (typeof METHODS)[number], path: string, template: string, body?: unknown, client = api) {
      const operation = doc.paths[template]![method]!;
      const answer = await client.call(method.toUpperCase(), path, body);
      // The document's request schema refuses a body exactly when the server answers 400.
      if (body !== undefined) {
        const valid = ajv.validate(operation.requestBody!.content['application/json']!.schema, body);
        expect(valid, `${method} ${template} request ${JSON.stringify(body)}: ${ajv.errorsText()}`).toBe(answer.status !== 400);
      }
      const documented = operation.responses[String(answer.status)];
      expect(documented, `${method} ${path} answered an undocumented ${answer.status}`).toBeDefined();
      const schema = documented!.content?.['application/json']?.schema;
      if (schema) expect(ajv.validate(schema, answer.body), `${method} ${path} ${answer.status}: ${ajv.errorsText()}`).toBe(true);
      else expect(answer.body).toBeNull();
      for (const header of Object.keys(documented!.headers ?? {})) {
        if (header !== 'Retry-After' || answer.status === 429)
          expect(answer.headers.get(header), `${header} on ${method} ${path}`).not.toBeNull();
      }
      checked.push(`${method} ${template} ${answer.status}`);
      return answer;
    }

    const created = await check('post', '/tasks', '/tasks', { title: 'Contract', priority: 'low', due_date: '2026-05-01', labels: ['a'] });
    expect(created.status).toBe(201);
    const id = created.body.task.id as string;
    await check('post', '/tasks', '/tasks', { title: '' });
    expect((await check('get', '/tasks', '/tasks')).status).toBe(200);
    await check('get', '/tasks?limit=1&status=To%20do&label=a&due_after=2026-01-01&due_before=2026-12-31', '/tasks');
    await check('get', '/tasks?limit=x', '/tasks');
    await check('get', '/tasks', '/tasks', undefined, nobody);
    expect((await check('get', `/tasks/${id}`, '/tasks/{id}')).status).toBe(200);
    await check('get', '/tasks/not-an-id', '/tasks/{id}');
    await check('get', '/tasks/00000000-0000-4000-8000-000000000000', '/tasks/{id}');
    expect((await check('put', `/tasks/${id}`, '/tasks/{id}', { title: 'Contract 2', version: 1 })).status).toBe(200);
    expect((await check('put', `/tasks/${id}`, '/tasks/{id}', { title: 'Stale', version: 1 })).status).toBe(409);
    await check('put', `/tasks/${id}`, '/tasks/{id}', { version: 'one' });
    expect((await check('delete', `/tasks/${id}`, '/tasks/{id}')).status).toBe(204);
    expect((await check('delete', `/tasks/${id}`, '/tasks/{id}')).status).toBe(404);
    expect(checked.length).toBeGreaterThanOrEqual(14);
  });
});
