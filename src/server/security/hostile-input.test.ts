import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedInClient, startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// Issue 7: generated bodies, query strings, headers and cookies against every endpoint. Every answer is a
// 4xx with { error } or a legitimate success; never a 5xx; the database holds only what was accepted.
const RUNS_PER_ENDPOINT = Number(process.env.HOSTILE_RUNS ?? 200);
const STEADY_WORKSPACE = "Steady Owner's workspace";

const endpoints = [
  ['GET', '/current-user'],
  ['GET', '/config'],
  ['GET', '/health'],
  ['GET', '/logout'],
  ['POST', '/register'],
  ['POST', '/login'],
  ['POST', '/verify-email'],
  ['POST', '/resend-verification'],
  ['POST', '/forgot-password'],
  ['POST', '/reset-password'],
  ['PUT', '/update-profile'],
  ['PUT', '/change-password'],
  // Issue 15. `:ws` is the steady owner's workspace, `:member` its other member, `:invitation` a pending
  // invitation of it, `:unknown` a workspace nobody has. Deleting the workspace comes last, as an
  // accepted delete leaves the rest nothing to act on.
  ['GET', '/workspaces'],
  ['POST', '/workspaces'],
  ['GET', '/workspaces/:ws'],
  ['PUT', '/workspaces/:ws'],
  ['POST', '/workspaces/:ws/open'],
  ['POST', '/workspaces/:ws/leave'],
  ['POST', '/workspaces/:ws/invitations'],
  ['DELETE', '/workspaces/:ws/invitations/:invitation'],
  ['PUT', '/workspaces/:ws/members/:member'],
  ['DELETE', '/workspaces/:ws/members/:member'],
  ['GET', '/workspaces/:unknown'],
  ['PUT', '/workspaces/:unknown/members/:member'],
  ['POST', '/invitations/lookup'],
  ['POST', '/invitations/accept'],
  // Issue 16. `:task` and `:column` belong to `:ws`; `:task` is deleted and restored along the way.
  ['GET', '/workspaces/:ws/tasks'],
  ['POST', '/workspaces/:ws/tasks'],
  ['GET', '/workspaces/:ws/tasks/:task'],
  ['PUT', '/workspaces/:ws/tasks/:task'],
  ['POST', '/workspaces/:ws/tasks/:task/move'],
  ['GET', '/workspaces/:ws/tasks/:task/comments'],
  ['POST', '/workspaces/:ws/tasks/:task/comments'],
  ['DELETE', '/workspaces/:ws/tasks/:task'],
  ['POST', '/workspaces/:ws/tasks/:task/restore'],
  ['GET', '/workspaces/:ws/columns'],
  ['POST', '/workspaces/:ws/columns'],
  ['PUT', '/workspaces/:ws/columns/:column'],
  ['POST', '/workspaces/:ws/columns/:column/move'],
  ['DELETE', '/workspaces/:ws/columns/:column'],
  ['GET', '/workspaces/:ws/labels'],
  ['GET', '/workspaces/:ws/events'],
  ['GET', '/workspaces/:unknown/tasks'],
  ['GET', '/me/tasks'],
  ['GET', '/me/comments'],
  ['GET', '/me/inbox'],
  // Issue 17: the public API, with the steady owner's key (or none, or a forged one: `bearer` below);
  // `:task` is a task of the steady workspace. Then the key management, whose revoke comes last.
  ['GET', '/v1/tasks'],
  ['POST', '/v1/tasks'],
  ['GET', '/v1/tasks/:task'],
  ['PUT', '/v1/tasks/:task'],
  ['DELETE', '/v1/tasks/:task'],
  ['GET', '/v1/openapi.json'],
  ['GET', '/workspaces/:ws/api-keys'],
  ['POST', '/workspaces/:ws/api-keys'],
  ['DELETE', '/workspaces/:ws/api-keys/:apiKey'],
  // Issue 18: `:hook` is an endpoint of the steady workspace, `:delivery` its test delivery.
  ['GET', '/workspaces/:ws/webhooks'],
  ['POST', '/workspaces/:ws/webhooks'],
  ['PUT', '/workspaces/:ws/webhooks/:hook'],
  ['POST', '/workspaces/:ws/webhooks/:hook/rotate'],
  ['POST', '/workspaces/:ws/webhooks/:hook/test'],
  ['GET', '/workspaces/:ws/webhooks/:hook/deliveries'],
  ['POST', '/workspaces/:ws/webhooks/:hook/deliveries/:delivery/resend'],
  ['DELETE', '/workspaces/:ws/webhooks/:hook'],
  ['DELETE', '/workspaces/:ws'],
  // Issue 19: every admin endpoint; the steady owner is a plain user, so each must refuse with a 4xx
  // and change nothing (admin-side hostile queries are in src/server/admin/admin-users.test.ts).
  ['GET', '/admin/overview'],
  ['GET', '/admin/users'],
  ['GET', '/admin/users/:member'],
  ['PUT', '/admin/users/:member/role'],
  ['POST', '/admin/users/:member/suspend'],
  ['POST', '/admin/users/:member/reactivate'],
  ['POST', '/admin/users/:member/approve'],
  ['POST', '/admin/users/:member/decline'],
  ['POST', '/admin/invitations'],
  ['GET', '/admin/signups'],
  // Issue 20. `:session` is another session of the steady owner (not the one the valid cookie holds).
  ['GET', '/account/security'],
  ['POST', '/account/two-factor/setup'],
  ['POST', '/account/two-factor/confirm'],
  ['DELETE', '/account/two-factor'],
  ['POST', '/login/second-step'],
  ['GET', '/account/export'],
  ['DELETE', '/account/sessions/:session'],
  ['DELETE', '/account/sessions'],
  ['DELETE', '/account'],
] as const;

const FIELDS = [
  'name',
  'email',
  'password',
  'code',
  'newPassword',
  'currentPassword',
  'gender',
  'idToken',
  'role',
  'confirmName',
  'token',
  'title',
  'description',
  'assigneeId',
  'priority',
  'dueDate',
  'labels',
  'columnId',
  'version',
  'afterId',
  'body',
  'assignee',
  'status',
  'due_date',
  'expiresInDays',
  '__proto__',
  'constructor',
  'prototype',
  'url',
  'events',
  'description',
  'enabled',
];
const nasty = fc.constantFrom(
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '\uFFFF\uD800',
  'a'.repeat(1024 * 1024),
  '../../etc/passwd',
  '${7*7}',
  'admin',
  'x@example.com',
  'ABCDEF',
  'not specified',
  'owner',
  'member',
  STEADY_WORKSPACE,
  'A'.repeat(43),
);
const value = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
);
const shapedObject = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 });
const deep = fc.integer({ min: 50, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const deepObject = fc.integer({ min: 50, max: 2000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

const body = fc.oneof(
  { arbitrary: shapedObject.map((o) => JSON.stringify(o)), weight: 5 },
  { arbitrary: fc.json(), weight: 2 },
  { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: deepObject, weight: 1 },
  { arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from([0xff, 0xfe, ...bytes])), weight: 1 },
  { arbitrary: fc.constantFrom('{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"role":"admin"}}}', ''), weight: 1 },
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
  'application/JSON',
);
const cookie = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 60 }).map((v) => `tessera_session=${encodeURIComponent(v)}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((v) => `tessera_session=${v}`),
  fc.constant('tessera_session=; tessera_session=x'),
);
const query = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }).map((q) => `?${encodeURIComponent(q)}=${encodeURIComponent(q)}`),
  fc.constant('?__proto__[role]=admin'),
);
// Issue 17: what /api/v1 requests carry in Authorization (`valid` is the steady owner's key).
const bearer = fc.constantFrom('valid', 'none', 'Bearer tsr_' + 'A'.repeat(43), 'Bearer ', 'Basic dXNlcjpwYXNz');
const extraHeaders = fc.record({
  origin: fc.option(fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1'), { nil: undefined }),
  'sec-fetch-site': fc.option(fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none'), { nil: undefined }),
  'x-forwarded-for': fc.option(fc.ipV4(), { nil: undefined }),
});

describe.each(engines)('hostile input on %s', (engine) => {
  let t: TestApp;
  let validCookie: string;
  let validKey: string;
  const accepted = {
    registered: 0,
    workspacesCreated: 0,
    workspaceDeleted: false,
    invitations: 0,
    renamedTo: STEADY_WORKSPACE,
    tasksCreated: 0,
    apiKeysCreated: 0,
    webhooks: 1,
  };
  const ids: Record<string, string> = { unknown: '00000000-0000-4000-8000-000000000000' };
  beforeAll(async () => {
    t = await startTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000000', WEBHOOK_POLL_MS: '0' } });
    const account = await createVerifiedUser(t, { name: 'Steady Owner', password: 'steady-owner-pass' });
    const c = await signedInClient(t, account);
    validCookie = [...c.jar].map(([name, v]) => `${name}=${v}`).join('; ');
    ids.ws = (await c.get('/workspaces')).body.currentId;
    const mate = await createVerifiedUser(t, { name: 'Steady Member' });
    const mateClient = await signedInClient(t, mate);
    ids.member = (await mateClient.get('/current-user')).body.user.id;
    await c.post(`/workspaces/${ids.ws}/invitations`, { email: mate.email });
    const mail = await t.mail.waitFor(mate.email, (m) => !m.code);
    const token = /invitations#([A-Za-z0-9_-]{43})/.exec(mail.raw.replace(/=\r?\n/g, ''))![1];
    await mateClient.post('/invitations/accept', { token });
    ids.invitation = (await c.post(`/workspaces/${ids.ws}/invitations`, { email: 'pending@example.com' })).body.invitation.id;
    const elsewhere = await signedInClient(t, account);
    ids.session = (await elsewhere.get('/account/security')).body.sessions.find((s: { current: boolean }) => s.current).id;
    ids.column = (await c.get(`/workspaces/${ids.ws}/columns`)).body.columns[2].id;
    ids.task = (await c.post(`/workspaces/${ids.ws}/tasks`, { title: 'Steady task' })).body.task.id;
    const created = (await c.post(`/workspaces/${ids.ws}/api-keys`, { name: 'Steady key' })).body;
    validKey = created.secret;
    ids.apiKey = created.apiKey.id;
    ids.hook = (
      await c.post(`/workspaces/${ids.ws}/webhooks`, { url: 'https://example.com/hook', events: ['task.created'] })
    ).body.endpoint.id;
    ids.delivery = (await c.post(`/workspaces/${ids.ws}/webhooks/${ids.hook}/test`, {})).body.delivery.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`answers ${endpoints.length * RUNS_PER_ENDPOINT} generated requests with a 4xx { error } or a legitimate success`, async () => {
    const usersBefore = (await t.db.kysely.selectFrom('users').select('id').execute()).length;
    const workspacesBefore = (await t.db.kysely.selectFrom('workspaces').select('id').execute()).length;
    const invitationsBefore = (await t.db.kysely.selectFrom('invitations').select('id').execute()).length;
    const tasksBefore = (await t.db.kysely.selectFrom('tasks').select('id').execute()).length;
    const apiKeysBefore = (await t.db.kysely.selectFrom('api_keys').select('id').execute()).length;
    let requests = 0;
    for (const [method, template] of endpoints) {
      const path = template.replace(/:(\w+)/g, (_, name: string) => ids[name]!);
      await fc.assert(
        fc.asyncProperty(
          body,
          contentType,
          cookie,
          query,
          extraHeaders,
          fc.boolean(),
          bearer,
          async (payload, type, jarCookie, qs, headers, useValidCookie, authorization) => {
            const sendCookie = useValidCookie && path !== '/logout' ? validCookie : jarCookie;
            const sendAuthorization =
              authorization === 'valid' ? `Bearer ${validKey}` : authorization === 'none' ? undefined : authorization;
            const init: RequestInit = {
              method,
              headers: Object.fromEntries(
                Object.entries({
                  'content-type': type || undefined,
                  cookie: sendCookie,
                  authorization: sendAuthorization,
                  ...headers,
                }).filter(([, v]) => v !== undefined) as [string, string][],
              ),
              body: method === 'GET' ? undefined : payload,
            };
            const response = await fetch(`${t.url}/api${path}${qs}`, init);
            requests += 1;
            // An accepted live stream (issue 16) never ends by itself: its answer is the stream.
            if (response.status === 200 && response.headers.get('content-type')?.startsWith('text/event-stream')) {
              await response.body?.cancel();
              return;
            }
            const text = await response.text();
            expect(response.status, `${method} ${path} → ${response.status} ${text.slice(0, 200)}`).toBeLessThan(500);
            // A deleted task (issue 17) answers 204 with no body.
            const parsed = response.status === 204 ? null : JSON.parse(text);
            if (response.status >= 400) {
              expect(typeof parsed.error).toBe('string');
              expect(parsed.error.length).toBeGreaterThan(0);
            } else if (path === '/register') {
              expect(response.status).toBe(201);
              expect(parsed.user.role).toBe('user');
              accepted.registered += 1;
            } else if (method === 'POST' && template === '/workspaces') {
              expect(parsed.workspace.role).toBe('owner');
              accepted.workspacesCreated += 1;
            } else if (method === 'PUT' && template === '/workspaces/:ws') {
              accepted.renamedTo = parsed.workspace.name;
            } else if (method === 'DELETE' && template === '/workspaces/:ws') {
              accepted.workspaceDeleted = true;
            } else if (template === '/workspaces/:ws/invitations') {
              accepted.invitations += 1;
            } else if (method === 'POST' && (template === '/v1/tasks' || template === '/workspaces/:ws/tasks')) {
              accepted.tasksCreated += 1;
            } else if (method === 'POST' && template === '/workspaces/:ws/api-keys') {
              accepted.apiKeysCreated += 1;
            } else if (method === 'POST' && template === '/workspaces/:ws/webhooks') {
              expect(parsed.secret).toMatch(/^whsec_/);
              accepted.webhooks += 1;
            } else if (method === 'DELETE' && template === '/workspaces/:ws/webhooks/:hook') {
              accepted.webhooks -= 1;
            }
          },
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    }
    expect(requests).toBe(endpoints.length * RUNS_PER_ENDPOINT);
    const users = await t.db.kysely.selectFrom('users').selectAll().execute();
    expect(users.length).toBe(usersBefore + accepted.registered);
    expect(users.every((user) => user.role === 'user')).toBe(true);
    // Issue 19: no admin endpoint answered a plain user: nobody suspended, approved or declined, no trail.
    expect(users.every((user) => user.status === 'active' && user.approval === 'approved')).toBe(true);
    expect(await t.db.kysely.selectFrom('admin_audit').selectAll().execute()).toEqual([]);
    const owner = users.find((user) => user.email.startsWith('user.'))!;
    expect(owner.password_hash).toMatch(/^\$argon2id\$/);
    // The owner's session still works: nothing generated could end it but a valid logout, which we never sent with it.
    const me = await fetch(`${t.url}/api/current-user`, { headers: { cookie: validCookie } });
    expect([200, 401]).toContain(me.status);

    // Workspaces: only what accepted requests made, named as the last accepted rename left it; nobody
    // joined through a generated token; every workspace kept an owner.
    const workspaces = await t.db.kysely.selectFrom('workspaces').selectAll().execute();
    expect(workspaces.length).toBe(workspacesBefore + accepted.workspacesCreated - (accepted.workspaceDeleted ? 1 : 0));
    const steady = workspaces.find((w) => w.id === ids.ws);
    if (accepted.workspaceDeleted) expect(steady).toBeUndefined();
    else expect(steady?.name).toBe(accepted.renamedTo);
    const invitations = await t.db.kysely.selectFrom('invitations').select(['id', 'accepted_at']).execute();
    if (!accepted.workspaceDeleted) expect(invitations.length).toBe(invitationsBefore + accepted.invitations);
    expect(invitations.filter((i) => i.accepted_at !== null).length).toBeLessThanOrEqual(1);
    // Issue 17: tasks (by either door) and keys only as accepted requests made them (none outlive a
    // deleted workspace).
    if (!accepted.workspaceDeleted) {
      expect((await t.db.kysely.selectFrom('tasks').select('id').execute()).length).toBe(tasksBefore + accepted.tasksCreated);
      expect((await t.db.kysely.selectFrom('api_keys').select('id').execute()).length).toBe(apiKeysBefore + accepted.apiKeysCreated);
    }
    const memberships = await t.db.kysely.selectFrom('memberships').selectAll().execute();
    expect(new Set(memberships.map((m) => m.user_id)).size).toBeLessThanOrEqual(2);
    for (const workspace of workspaces) {
      expect(memberships.some((m) => m.workspace_id === workspace.id && m.role === 'owner')).toBe(true);
    }
    // Tasks (issue 16): nothing generated landed outside the steady workspace.
    const tasks = await t.db.kysely.selectFrom('tasks').select('workspace_id').execute();
    expect(tasks.every((task) => task.workspace_id === ids.ws)).toBe(true);
    // Webhook endpoints: exactly what accepted creates and deletes left (they go with a deleted workspace).
    const hooks = await t.db.kysely.selectFrom('webhook_endpoints').select('id').execute();
    expect(hooks.length).toBe(accepted.workspaceDeleted ? 0 : accepted.webhooks);
  }, 600_000);
});
