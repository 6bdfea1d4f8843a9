import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signedInClient, startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// Generated bodies, query strings, headers and cookies against every endpoint. Every answer is a
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
  ['PUT', '/theme'],
  ['PUT', '/change-password'],
  // `:ws` is the steady owner's workspace, `:member` its other member, `:invitation` a pending
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
  // `:task` and `:column` belong to `:ws`; `:task` is deleted and restored along the way.
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
  // Search across my workspaces.
  ['GET', '/search'],
  ['GET', '/workspaces/:ws/calendar'],
  ['GET', '/workspaces/:unknown/calendar'],
  ['GET', '/workspaces/:ws/analytics'],
  ['GET', '/workspaces/:unknown/analytics'],
  ['GET', '/me/calendar-feed'],
  ['POST', '/me/calendar-feed'],
  ['GET', '/calendar/:unknown.ics'],
  // The public API, with the steady owner's key (or none, or a forged one: `bearer` below);
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
  // `:hook` is an endpoint of the steady workspace, `:delivery` its test delivery.
  ['GET', '/workspaces/:ws/webhooks'],
  ['POST', '/workspaces/:ws/webhooks'],
  ['PUT', '/workspaces/:ws/webhooks/:hook'],
  ['POST', '/workspaces/:ws/webhooks/:hook/rotate'],
  ['POST', '/workspaces/:ws/webhooks/:hook/test'],
  ['GET', '/workspaces/:ws/webhooks/:hook/deliveries'],
  ['POST', '/workspaces/:ws/webhooks/:hook/deliveries/:delivery/resend'],
  ['DELETE', '/workspaces/:ws/webhooks/:hook'],
  // Notifications: `:notification` is the steady owner's (the member accepted the invitation).
  ['GET', '/me/notifications'],
  ['GET', '/me/notifications/unread-count'],
  ['POST', '/me/notifications/:notification/read'],
  ['POST', '/me/notifications/read-all'],
  ['GET', '/me/notifications/events'],
  ['GET', '/me/notification-preferences'],
  ['PUT', '/me/notification-preferences'],
  ['GET', '/workspaces/:ws/tasks/:task/follow'],
  ['PUT', '/workspaces/:ws/tasks/:task/follow'],
  ['PUT', '/workspaces/:unknown/tasks/:task/follow'],
  ['POST', '/notifications/unsubscribe'],
  // Clients, projects, the dashboard and the portal. `:client` is a client of the steady workspace with
  // the contact `:contact` and the project `:project`; the steady owner is no guest, so every portal call
  // is a 404. Removing the contact comes after inviting it.
  ['GET', '/workspaces/:ws/dashboard'],
  ['GET', '/workspaces/:ws/clients'],
  ['POST', '/workspaces/:ws/clients'],
  ['GET', '/workspaces/:ws/clients/:client'],
  ['PUT', '/workspaces/:ws/clients/:client'],
  ['POST', '/workspaces/:ws/clients/:client/contacts'],
  ['POST', '/workspaces/:ws/clients/:client/contacts/:contact/invite'],
  ['DELETE', '/workspaces/:ws/clients/:client/contacts/:contact'],
  ['POST', '/workspaces/:ws/clients/:client/projects'],
  ['GET', '/workspaces/:ws/projects'],
  ['PUT', '/workspaces/:ws/projects/:project'],
  ['GET', '/workspaces/:ws/client-settings'],
  ['PUT', '/workspaces/:ws/client-settings'],
  ['GET', '/workspaces/:unknown/clients'],
  ['GET', '/portal'],
  ['GET', '/workspaces/:ws/portal'],
  ['GET', '/workspaces/:ws/portal/tasks/:task/comments'],
  ['POST', '/workspaces/:ws/portal/tasks/:task/comments'],
  ['POST', '/workspaces/:ws/portal/tasks/:task/approve'],
  // Email campaigns (owner only): `:campaign` is one the steady owner sent to the steady client.
  ['GET', '/workspaces/:ws/campaigns/audience'],
  ['POST', '/workspaces/:ws/campaigns'],
  ['GET', '/workspaces/:ws/campaigns/:campaign'],
  ['GET', '/workspaces/:unknown/campaigns/audience'],
  ['POST', '/campaigns/unsubscribe'],
  // AI task creation: `:batch` is a batch of the steady workspace, undone and redone along the way.
  ['POST', '/workspaces/:ws/ai/proposals'],
  ['POST', '/workspaces/:ws/ai/batches'],
  ['DELETE', '/workspaces/:ws/ai/batches/:batch'],
  ['POST', '/workspaces/:ws/ai/batches/:batch/restore'],
  ['GET', '/workspaces/:ws/ai/settings'],
  ['PUT', '/workspaces/:ws/ai/settings'],
  // Task keys and GitHub: `:githubRepo` is a repository connected to the steady workspace; no generated
  // delivery carries its secret's signature, so every one is refused before it reads its body.
  ['PUT', '/workspaces/:ws/task-prefix'],
  ['GET', '/workspaces/:ws/tasks/:task/github'],
  ['POST', '/workspaces/:ws/github/repos'],
  ['PUT', '/workspaces/:ws/github/settings'],
  ['POST', '/github/hooks/:githubRepo'],
  ['POST', '/github/hooks/:unknown'],
  ['DELETE', '/workspaces/:ws/github/repos/:githubRepo'],
  // Team chat: `:channel` is the steady workspace's #general, `:message` a message in it (deleted along
  // the way, after which its edit and delete are 404s).
  ['GET', '/workspaces/:ws/chat/channels'],
  ['POST', '/workspaces/:ws/chat/channels'],
  ['PUT', '/workspaces/:ws/chat/channels/:channel'],
  ['POST', '/workspaces/:ws/chat/channels/:channel/join'],
  ['POST', '/workspaces/:ws/chat/channels/:channel/members'],
  ['GET', '/workspaces/:ws/chat/channels/:channel/messages'],
  ['POST', '/workspaces/:ws/chat/channels/:channel/messages'],
  ['PUT', '/workspaces/:ws/chat/channels/:channel/messages/:message'],
  ['POST', '/workspaces/:ws/chat/channels/:channel/read'],
  ['GET', '/workspaces/:ws/chat/channels/:channel/messages/:message/replies'],
  ['POST', '/workspaces/:ws/chat/channels/:channel/messages/:message/reactions'],
  ['POST', '/workspaces/:ws/chat/channels/:channel/typing'],
  ['GET', '/workspaces/:ws/chat/channels/:channel/people'],
  ['POST', '/workspaces/:ws/chat/dms'],
  ['POST', '/workspaces/:ws/chat/presence'],
  ['DELETE', '/workspaces/:ws/chat/channels/:channel/messages/:message'],
  ['POST', '/workspaces/:ws/chat/channels/:channel/leave'],
  ['GET', '/workspaces/:unknown/chat/channels'],
  // The Slack import: no generated request is a zip (application/zip), so no upload is kept.
  ['GET', '/workspaces/:ws/chat/slack-imports'],
  ['POST', '/workspaces/:ws/chat/slack-imports'],
  ['GET', '/workspaces/:ws/chat/slack-imports/:unknown'],
  ['POST', '/workspaces/:ws/chat/slack-imports/:unknown/start'],
  ['DELETE', '/workspaces/:ws/chat/slack-imports/:unknown'],
  // Docs: `:page` is a page of the steady workspace (deleted along the way).
  ['GET', '/workspaces/:ws/pages'],
  ['POST', '/workspaces/:ws/pages'],
  ['GET', '/workspaces/:ws/pages/:page'],
  ['PUT', '/workspaces/:ws/pages/:page'],
  ['POST', '/workspaces/:ws/pages/:page/move'],
  ['POST', '/workspaces/:ws/pages/import'],
  ['GET', '/workspaces/:ws/pages/:page/markdown'],
  ['GET', '/workspaces/:ws/pages/:page/versions'],
  ['POST', '/workspaces/:ws/pages/:page/versions'],
  ['GET', '/workspaces/:ws/pages/:page/versions/:pageVersion'],
  ['POST', '/workspaces/:ws/pages/:page/versions/:pageVersion/restore'],
  ['DELETE', '/workspaces/:ws/pages/:page'],
  ['GET', '/workspaces/:unknown/pages'],
  ['DELETE', '/workspaces/:ws'],
  // Every admin endpoint; the steady owner is a plain user, so each must refuse with a 4xx
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
  // System Settings and Database Tools: admins only too; `:unknown` is no backup's name.
  ['GET', '/admin/settings'],
  ['PUT', '/admin/settings'],
  ['GET', '/admin/database'],
  ['POST', '/admin/database/integrity'],
  ['POST', '/admin/database/backups'],
  ['GET', '/admin/database/backups/:unknown'],
  ['DELETE', '/admin/database/backups/:unknown'],
  ['PUT', '/admin/database/schedule'],
  // The maintenance banner, read by every page.
  ['GET', '/system/banner'],
  // `:session` is another session of the steady owner (not the one the valid cookie holds).
  ['GET', '/account/security'],
  ['POST', '/account/two-factor/setup'],
  ['POST', '/account/two-factor/confirm'],
  ['DELETE', '/account/two-factor'],
  ['POST', '/login/second-step'],
  // `:export` is a data export of the steady owner, still being made.
  ['GET', '/account/exports'],
  ['POST', '/account/exports'],
  ['GET', '/account/exports/:export/download'],
  ['DELETE', '/account/sessions/:session'],
  ['DELETE', '/account/sessions'],
  ['DELETE', '/account'],
  // Passkeys. `:passkey` names no passkey of anyone's: generated input must not make one.
  ['GET', '/account/passkeys'],
  ['POST', '/account/passkeys/options'],
  ['POST', '/account/passkeys'],
  ['PUT', '/account/passkeys/:passkey'],
  ['DELETE', '/account/passkeys/:passkey'],
  ['POST', '/login/passkey/options'],
  ['POST', '/login/passkey'],
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
  'company',
  'notes',
  'contacts',
  'value',
  'startDate',
  'endDate',
  'currency',
  'projectId',
  'sharedWithClient',
  'forClient',
  'page',
  'text',
  'timeZone',
  'tasks',
  'subject',
  'clientIds',
  'contactIds',
  'token',
  'prefix',
  'fullName',
  'moveOnOpen',
  'openColumnId',
  'moveOnMerge',
  'mergedColumnId',
  'private',
  'archived',
  'userId',
  'seq',
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
// What /api/v1 requests carry in Authorization (`valid` is the steady owner's key).
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
    clientsCreated: 0,
    projectsCreated: 0,
    campaignsSent: 0,
    chatMessages: 1,
    pagesCreated: 0,
    exports: new Set<string>(),
    githubRepos: 1,
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
    ids.notification = (await c.get('/me/notifications')).body.notifications[0].id;
    const steadyClient = (
      await c.post(`/workspaces/${ids.ws}/clients`, {
        name: 'Steady client',
        contacts: [{ name: 'Steady Contact', email: 'contact@example.com' }],
      })
    ).body.client;
    ids.client = steadyClient.id;
    ids.contact = steadyClient.contacts[0].id;
    ids.project = (await c.post(`/workspaces/${ids.ws}/clients/${ids.client}/projects`, { name: 'Steady project' })).body.project.id;
    ids.githubRepo = (await c.post(`/workspaces/${ids.ws}/github/repos`, { fullName: 'steady/repo' })).body.repo.id;
    ids.batch = (await c.post(`/workspaces/${ids.ws}/ai/batches`, { tasks: [{ title: 'Steady batch task' }] })).body.batchId;
    ids.passkey = '00000000-0000-4000-8000-000000000000';
    ids.campaign = (
      await c.post(`/workspaces/${ids.ws}/campaigns`, { subject: 'Steady update', body: 'Hello', clientIds: [ids.client] })
    ).body.campaign.id;
    ids.export = (await c.post('/account/exports', {})).body.export.id;
    ids.channel = (await c.get(`/workspaces/${ids.ws}/chat/channels`)).body.channels[0].id;
    ids.message = (await c.post(`/workspaces/${ids.ws}/chat/channels/${ids.channel}/messages`, { body: 'Steady message' })).body.message.id;
    ids.page = (await c.post(`/workspaces/${ids.ws}/pages`, { title: 'Steady page' })).body.page.id;
    ids.pageVersion = (await c.post(`/workspaces/${ids.ws}/pages/${ids.page}/versions`, {})).body.version.id;
    accepted.exports.add(ids.export!);
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
    const clientsBefore = (await t.db.kysely.selectFrom('clients').select('id').execute()).length;
    const projectsBefore = (await t.db.kysely.selectFrom('projects').select('id').execute()).length;
    const passkeysBefore = (await t.db.kysely.selectFrom('passkeys').select('id').execute()).length;
    const campaignsBefore = (await t.db.kysely.selectFrom('campaigns').select('id').execute()).length;
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
            // An accepted live stream never ends by itself: its answer is the stream.
            if (response.status === 200 && response.headers.get('content-type')?.startsWith('text/event-stream')) {
              await response.body?.cancel();
              return;
            }
            const text = await response.text();
            expect(response.status, `${method} ${path} → ${response.status} ${text.slice(0, 200)}`).toBeLessThan(500);
            // A deleted task answers 204 with no body; proposals stream as NDJSON, one object a line; a
            // page's export is its Markdown.
            const ndjson = response.status === 200 && response.headers.get('content-type')?.startsWith('application/x-ndjson');
            const markdown = response.status === 200 && response.headers.get('content-type')?.startsWith('text/markdown');
            if (ndjson)
              expect(
                text
                  .trimEnd()
                  .split('\n')
                  .map((line) => JSON.parse(line).type)
                  .at(-1),
              ).toBe('done');
            const parsed = response.status === 204 || ndjson || markdown ? null : JSON.parse(text);
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
            } else if (template === '/workspaces/:ws/invitations' || template.endsWith('/invite')) {
              accepted.invitations += 1;
            } else if (method === 'POST' && (template === '/v1/tasks' || template === '/workspaces/:ws/tasks')) {
              accepted.tasksCreated += 1;
            } else if (method === 'POST' && template === '/workspaces/:ws/ai/batches') {
              accepted.tasksCreated += parsed.taskIds.length;
            } else if (method === 'POST' && template === '/workspaces/:ws/api-keys') {
              accepted.apiKeysCreated += 1;
            } else if (method === 'POST' && template === '/workspaces/:ws/webhooks') {
              expect(parsed.secret).toMatch(/^whsec_/);
              accepted.webhooks += 1;
            } else if (method === 'DELETE' && template === '/workspaces/:ws/webhooks/:hook') {
              accepted.webhooks -= 1;
            } else if (template.startsWith('/github/hooks/')) {
              throw new Error(`an unsigned delivery was accepted: ${text}`);
            } else if (method === 'POST' && template === '/workspaces/:ws/github/repos') {
              accepted.githubRepos += 1;
            } else if (method === 'DELETE' && template === '/workspaces/:ws/github/repos/:githubRepo') {
              accepted.githubRepos -= 1;
            } else if (method === 'POST' && template === '/workspaces/:ws/clients') {
              accepted.clientsCreated += 1;
            } else if (method === 'POST' && template === '/workspaces/:ws/clients/:client/projects') {
              accepted.projectsCreated += 1;
            } else if (method === 'POST' && template === '/workspaces/:ws/campaigns') {
              accepted.campaignsSent += 1;
            } else if (template === '/workspaces/:ws/chat/channels/:channel/messages' && method === 'POST') {
              accepted.chatMessages += 1;
            } else if (template === '/workspaces/:ws/chat/channels/:channel/messages/:message' && method === 'DELETE') {
              accepted.chatMessages -= 1;
            } else if (method === 'POST' && (template === '/workspaces/:ws/pages' || template === '/workspaces/:ws/pages/import')) {
              accepted.pagesCreated += 1;
            } else if (method === 'POST' && template === '/account/exports') {
              accepted.exports.add(parsed.export.id);
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
    // No admin endpoint answered a plain user: nobody suspended, approved or declined, no trail.
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
    // Tasks (by either door) and keys only as accepted requests made them (none outlive a
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
    // Tasks: nothing generated landed outside the steady workspace.
    const tasks = await t.db.kysely.selectFrom('tasks').select('workspace_id').execute();
    expect(tasks.every((task) => task.workspace_id === ids.ws)).toBe(true);
    // Clients and projects: exactly what accepted requests made (they go with a deleted workspace); no guest
    // was made by a generated token.
    if (!accepted.workspaceDeleted) {
      expect((await t.db.kysely.selectFrom('clients').select('id').execute()).length).toBe(clientsBefore + accepted.clientsCreated);
      expect((await t.db.kysely.selectFrom('projects').select('id').execute()).length).toBe(projectsBefore + accepted.projectsCreated);
    }
    expect(await t.db.kysely.selectFrom('client_guests').selectAll().execute()).toEqual([]);
    // Passkeys: no generated answer passes the WebAuthn checks.
    expect((await t.db.kysely.selectFrom('passkeys').select('id').execute()).length).toBe(passkeysBefore);
    // Campaigns: only what accepted sends made; no generated token unsubscribed anyone.
    if (!accepted.workspaceDeleted) {
      expect((await t.db.kysely.selectFrom('campaigns').select('id').execute()).length).toBe(campaignsBefore + accepted.campaignsSent);
    }
    expect(await t.db.kysely.selectFrom('client_contacts').select('id').where('unsubscribed_at', 'is not', null).execute()).toEqual([]);
    // Chat: exactly the messages accepted sends left, all in the steady workspace.
    if (!accepted.workspaceDeleted) {
      const messages = await t.db.kysely.selectFrom('chat_messages').select('workspace_id').execute();
      expect(messages.length).toBe(accepted.chatMessages);
      // None at all when a valid request deleted the steady message.
      expect(messages.every((row) => row.workspace_id === ids.ws)).toBe(true);
    }
    // Docs: pages only in the steady workspace, none but the steady one and what accepted creates made.
    const pages = await t.db.kysely.selectFrom('doc_pages').select('workspace_id').execute();
    expect(pages.length).toBeLessThanOrEqual(1 + accepted.pagesCreated);
    expect(pages.every((page) => page.workspace_id === ids.ws)).toBe(true);
    // Webhook endpoints: exactly what accepted creates and deletes left (they go with a deleted workspace).
    // Data exports: only those accepted requests asked for (one at a time while one is being made).
    const exportRows = await t.db.kysely.selectFrom('account_exports').select('id').execute();
    expect(new Set(exportRows.map((row) => row.id))).toEqual(accepted.exports);
    const hooks = await t.db.kysely.selectFrom('webhook_endpoints').select('id').execute();
    expect(hooks.length).toBe(accepted.workspaceDeleted ? 0 : accepted.webhooks);
    // Repositories as accepted requests left them; no generated delivery linked or took anything.
    const repos = await t.db.kysely.selectFrom('github_repos').select('id').execute();
    expect(repos.length).toBe(accepted.workspaceDeleted ? 0 : accepted.githubRepos);
    expect(await t.db.kysely.selectFrom('github_deliveries').selectAll().execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('github_links').selectAll().execute()).toEqual([]);
  }, 600_000);
});
