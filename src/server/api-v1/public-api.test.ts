import { describe, expect, it } from 'vitest';
import { apiKeyError } from '#src/shared/api-keys/messages.ts';
import { serverError } from '#src/shared/server-messages.ts';
import { createWorkspace, currentWorkspaceId, del, invite, person } from '../../../tests/support/workspaces.ts';
import { client, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createKey, keyClient } from '../../../tests/support/api-keys.ts';

const DAY = 24 * 60 * 60 * 1000;

// Every endpoint of /api/v1 on both engines, through the task
// service the board uses.
describe.each(engines)('the public API on %s', (engine) => {
  const app = useTestApp(engine);

  it('creates, reads, lists, updates and deletes a task, and the board sees each change', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const mate = await person(t, 'Max Mate');
    const workspaceId = await createWorkspace(owner, 'Team');
    const { token } = await invite(t, owner, workspaceId, mate.email);
    await mate.c.post('/invitations/accept', { token });
    const api = keyClient(t.url, await createKey(owner, workspaceId));

    const created = await api.post('/tasks', {
      title: 'Ship it',
      description: 'All of it',
      assignee: mate.email.toUpperCase(),
      priority: 'high',
      due_date: '2026-03-01',
      labels: ['client', 'client', 'q1'],
    });
    expect(created.status).toBe(201);
    const task = created.body.task;
    expect(task).toMatchObject({
      title: 'Ship it',
      description: 'All of it',
      assignee: mate.email,
      priority: 'high',
      due_date: '2026-03-01',
      labels: ['client', 'q1'],
      status: 'To do',
      version: 1,
    });
    // The board (the browser's door) shows the same task.
    const board = await owner.c.get(`/workspaces/${workspaceId}/tasks`);
    expect(board.body.tasks.map((entry: { id: string; title: string }) => [entry.id, entry.title])).toEqual([[task.id, 'Ship it']]);

    expect((await api.get(`/tasks/${task.id}`)).body).toEqual({ task });

    const moved = await api.put(`/tasks/${task.id}`, { status: 'in progress' });
    expect(moved.status).toBe(200);
    expect(moved.body.task).toMatchObject({ status: 'In progress', version: 1 });
    const edited = await api.put(`/tasks/${task.id}`, { title: 'Ship it now', assignee: null, version: 1 });
    expect(edited.body.task).toMatchObject({ title: 'Ship it now', assignee: null, version: 2, status: 'In progress' });
    const stale = await api.put(`/tasks/${task.id}`, { title: 'Late', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual(expect.any(String));
    expect((await api.put(`/tasks/${task.id}`, { assignee: 'nobody@example.com' })).status).toBe(400);
    expect((await api.put(`/tasks/${task.id}`, { status: 'Nowhere' })).body).toEqual({
      error: 'Status must be one of: To do, In progress, Done.',
    });

    const removed = await api.del(`/tasks/${task.id}`);
    expect(removed.status).toBe(204);
    expect((await api.get(`/tasks/${task.id}`)).status).toBe(404);
    expect((await owner.c.get(`/workspaces/${workspaceId}/tasks`)).body.tasks).toEqual([]);
    const events = await t.db.kysely.selectFrom('workspace_events').select('type').where('workspace_id', '=', workspaceId).execute();
    expect(events.map((event) => event.type)).toEqual(['task.created', 'task.updated', 'task.updated', 'task.deleted']);
  });

  it('lists with filters and cursor pages', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const workspaceId = await currentWorkspaceId(owner);
    const api = keyClient(t.url, await createKey(owner, workspaceId));
    const make = async (title: string, extra: Record<string, unknown> = {}) => (await api.post('/tasks', { title, ...extra })).body.task;
    const early = await make('Early', { due_date: '2026-01-10', labels: ['red'] });
    const late = await make('Late', { due_date: '2026-02-20', assignee: owner.email });
    const done = await make('Done one', { status: 'Done', labels: ['red'] });
    const titles = async (query: string) =>
      ((await api.get(`/tasks${query}`)).body.tasks as Array<{ title: string }>).map((x) => x.title).sort();

    expect(await titles('')).toEqual(['Done one', 'Early', 'Late']);
    expect(await titles('?status=Done')).toEqual(['Done one']);
    expect(await titles(`?assignee=${encodeURIComponent(owner.email)}`)).toEqual(['Late']);
    expect(await titles('?assignee=stranger%40example.com')).toEqual([]);
    expect(await titles('?label=red')).toEqual(['Done one', 'Early']);
    expect(await titles('?due_before=2026-01-31')).toEqual(['Early']);
    expect(await titles('?due_after=2026-01-31')).toEqual(['Late']);
    expect(await titles('?due_after=2026-01-10&due_before=2026-02-20')).toEqual(['Early', 'Late']);

    const first = await api.get('/tasks?limit=2');
    expect(first.body.tasks).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api.get(`/tasks?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.next_cursor).toBeNull();
    const seen = [...first.body.tasks, ...second.body.tasks].map((x: { id: string }) => x.id).sort();
    expect(seen).toEqual([early.id, late.id, done.id].sort());

    for (const [query, error] of [
      ['?limit=0', 'Limit must be at least 1.'],
      ['?limit=51', 'Limit must be at most 50.'],
      ['?due_before=2026-02-30', 'due_before is not a real date.'],
      ['?sort=title', 'Unexpected field: "sort".'],
      ['?cursor=nonsense', 'That page cursor is not valid. Start again from the first page.'],
    ]) {
      const answer = await api.get(`/tasks${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toEqual({ error });
    }
  });

  // The docs promise board order: column by column as the board shows them, top to bottom in each.
  it('lists in board order, across pages too', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const api = keyClient(t.url, await createKey(owner, await currentWorkspaceId(owner)));
    for (const [title, status] of [
      ['Finished', 'Done'],
      ['Lower', 'To do'],
      ['Started', 'In progress'],
      ['Upper', 'To do'],
    ]) {
      expect((await api.post('/tasks', { title, status })).status).toBe(201);
    }
    const boardOrder = ['Upper', 'Lower', 'Started', 'Finished'];
    expect((await api.get('/tasks')).body.tasks.map((task: { title: string }) => task.title)).toEqual(boardOrder);
    const paged: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await api.get(`/tasks?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      paged.push(...page.body.tasks.map((task: { title: string }) => task.title));
      cursor = page.body.next_cursor;
    }
    expect(paged).toEqual(boardOrder);
  });

  it('takes JSON bodies only: text/plain is a 415 and creates nothing', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const api = keyClient(t.url, await createKey(owner, await currentWorkspaceId(owner)));
    const task = (await api.post('/tasks', { title: 'Kept' })).body.task;
    const body = JSON.stringify({ title: 'Sent as text' });
    for (const [method, path] of [
      ['POST', '/tasks'],
      ['PUT', `/tasks/${task.id}`],
    ]) {
      const answer = await api.call(method!, path!, body, { 'content-type': 'text/plain' });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 415, body: { error: serverError.notJson } });
      expect(answer.headers.get('x-ratelimit-remaining')).not.toBeNull();
    }
    expect((await api.get('/tasks')).body.tasks.map((entry: { title: string }) => entry.title)).toEqual(['Kept']);
  });

  it('keeps each key to its workspace: another workspace’s task is a 404', async () => {
    const t = app();
    const a = await person(t, 'Ann A');
    const b = await person(t, 'Bob B');
    const apiA = keyClient(t.url, await createKey(a, await currentWorkspaceId(a)));
    const apiB = keyClient(t.url, await createKey(b, await currentWorkspaceId(b)));
    const task = (await apiA.post('/tasks', { title: 'Secret plan' })).body.task;
    expect((await apiB.get(`/tasks/${task.id}`)).status).toBe(404);
    expect((await apiB.put(`/tasks/${task.id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await apiB.del(`/tasks/${task.id}`)).status).toBe(404);
    expect((await apiB.get('/tasks')).body.tasks).toEqual([]);
    expect((await apiA.get(`/tasks/${task.id}`)).body.task.title).toBe('Secret plan');
  });

  it('opens only with a valid key: missing, malformed, unknown, revoked, expired, a cookie, or a creator who left are 401', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const other = await person(t, 'Otto Other');
    const workspaceId = await createWorkspace(owner, 'Keys');
    const key = await createKey(owner, workspaceId, { name: 'Week', expiresInDays: 7 });
    expect((await keyClient(t.url, key).get('/tasks')).status).toBe(200);

    const refused = async (answer: Promise<{ status: number; body: unknown; headers: Headers }>) => {
      const { status, body, headers } = await answer;
      expect(status).toBe(401);
      expect(body).toEqual({ error: apiKeyError.unauthorized });
      expect(headers.get('www-authenticate')).toBe('Bearer');
    };
    await refused(keyClient(t.url, null).get('/tasks'));
    await refused(keyClient(t.url, `${key}x`).get('/tasks'));
    await refused(keyClient(t.url, `tsr_${'A'.repeat(43)}`).get('/tasks'));
    await refused(keyClient(t.url, null).get('/tasks', { authorization: `Basic ${key}` }));
    // A signed-in browser's cookie is not a key (product rules K3).
    await refused(owner.c.get('/v1/tasks'));
    // And a key is not a session on the browser's routes.
    expect((await client(t.url).get('/workspaces', { authorization: `Bearer ${key}` })).status).toBe(401);

    // Expiry, by the test clock.
    t.clock.advance(7 * DAY + 1000);
    await refused(keyClient(t.url, key).get('/tasks'));
    expect((await owner.c.get(`/workspaces/${workspaceId}/api-keys`)).body.apiKeys[0]).toMatchObject({ name: 'Week', expired: true });
    t.clock.advance(-(7 * DAY + 1000));
    expect((await keyClient(t.url, key).get('/tasks')).status).toBe(200);

    // The creator leaves the workspace (after handing it to another owner): the key stops.
    const { token } = await invite(t, owner, workspaceId, other.email);
    await other.c.post('/invitations/accept', { token });
    await owner.c.put(`/workspaces/${workspaceId}/members/${other.id}`, { role: 'owner' });
    const kept = await createKey(owner, workspaceId, { name: 'Kept' });
    await owner.c.post(`/workspaces/${workspaceId}/leave`, {});
    await refused(keyClient(t.url, kept).get('/tasks'));

    // Revoked.
    const fresh = await createKey(other, workspaceId, { name: 'Fresh' });
    expect((await keyClient(t.url, fresh).get('/tasks')).status).toBe(200);
    const listed = await other.c.get(`/workspaces/${workspaceId}/api-keys`);
    const id = listed.body.apiKeys.find((entry: { name: string }) => entry.name === 'Fresh').id;
    await del(other.c, `/workspaces/${workspaceId}/api-keys/${id}`);
    await refused(keyClient(t.url, fresh).get('/tasks'));
  });

  it('records last use at most once a minute', async () => {
    const t = app();
    const owner = await person(t);
    const workspaceId = await currentWorkspaceId(owner);
    const api = keyClient(t.url, await createKey(owner, workspaceId));
    const lastUsed = async () => (await owner.c.get(`/workspaces/${workspaceId}/api-keys`)).body.apiKeys[0].lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await api.get('/tasks');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    t.clock.advance(30_000);
    await api.get('/tasks');
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31_000);
    await api.get('/tasks');
    expect(Date.parse(await lastUsed())).toBeGreaterThan(Date.parse(first));
  });

  it('answers any origin without credentials, preflight included, and carries the limit headers', async () => {
    const t = app();
    const owner = await person(t);
    const api = keyClient(t.url, await createKey(owner, await currentWorkspaceId(owner)));
    const answer = await api.get('/tasks', { origin: 'https://elsewhere.example' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining');
    expect(answer.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('999');
    expect(Number(answer.headers.get('x-ratelimit-reset')) * 1000).toBeGreaterThan(t.clock.now());

    // A cross-site POST with a key is fine here: the browser's same-origin check does not apply.
    const created = await api.call(
      'POST',
      '/tasks',
      { title: 'From afar' },
      { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(created.status).toBe(201);

    const preflight = await fetch(`${t.url}/api/v1/tasks/123`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');

    const missing = await api.get('/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: expect.any(String) });
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });
});
