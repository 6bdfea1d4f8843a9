import { describe, expect, it } from 'vitest';
import type { Task } from '#src/shared/tasks/paths.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createKey, keyClient } from '../../../tests/support/api-keys.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';

describe.each(engines)('task keys on %s', (engine) => {
  const app = useTestApp(engine);

  it('numbers 40 tasks created at once 1 to 40, without a gap or a repeat, across the board and the API', async () => {
    const t = app();
    const { owner, member, id } = await team(t, 'Tessera Core');
    const api = keyClient(t.url, await createKey(owner, id));
    const made = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        if (index % 3 === 2) return (await api.post('/tasks', { title: `API ${index}` })).body.task as { key: string };
        return createTask(index % 2 ? member.c : owner.c, id, { title: `Board ${index}` });
      }),
    );
    const numbers = made.map((task) => Number(task.key.split('-')[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(made.every((task) => task.key.startsWith('TC-'))).toBe(true);
  });

  it('never gives a deleted task’s number again, and keeps numbers when the prefix changes', async () => {
    const t = app();
    const { owner, member, id } = await team(t);
    const first = await createTask(owner.c, id, { title: 'One' });
    expect(first.key).toBe('TEA-1');
    expect((await del(owner.c, `/workspaces/${id}/tasks/${first.id}`)).status).toBe(200);
    const second = await createTask(owner.c, id, { title: 'Two' });
    expect(second.key).toBe('TEA-2');

    expect((await member.c.put(`/workspaces/${id}/task-prefix`, { prefix: 'MINE' })).status).toBe(403);
    const bad = await owner.c.put(`/workspaces/${id}/task-prefix`, { prefix: '9lives' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Prefix must be/);
    expect((await owner.c.get(`/workspaces/${id}/task-prefix`)).body).toEqual({ prefix: 'TEA' });

    expect((await owner.c.put(`/workspaces/${id}/task-prefix`, { prefix: 'tsr' })).body).toEqual({ prefix: 'TSR' });
    expect((await member.c.get(`/workspaces/${id}/tasks/${second.id}`)).body.task.key).toBe('TSR-2');
    expect((await member.c.get(`/workspaces/${id}/tasks/tsr-2`)).body.task.id).toBe(second.id);
    // The old prefix names nothing now; the deleted task's key names nothing either.
    expect((await member.c.get(`/workspaces/${id}/tasks/TEA-2`)).status).toBe(404);
    expect((await member.c.get(`/workspaces/${id}/tasks/TSR-1`)).status).toBe(404);
  });

  it('finds a task by its key on /api/v1 and only in the key’s own workspace', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const id = await createWorkspace(owner, 'Tessera');
    const api = keyClient(t.url, await createKey(owner, id));
    const created = (await api.post('/tasks', { title: 'Ship it' })).body.task;
    expect(created.key).toBe('TES-1');

    const byKey = await api.get('/tasks/TES-1');
    expect(byKey.status).toBe(200);
    expect(byKey.body.task).toMatchObject({ id: created.id, key: 'TES-1', title: 'Ship it' });
    expect((await api.put('/tasks/TES-1', { title: 'Shipped' })).body.task).toMatchObject({
      id: created.id,
      key: 'TES-1',
      title: 'Shipped',
    });
    expect((await api.get('/tasks/TES-99')).status).toBe(404);
    expect((await api.get('/tasks/not a key')).status).toBe(400);

    // Another workspace with the same prefix: its TES-1 is its own, and this one is a 404 to it.
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Tessera');
    const theirApi = keyClient(t.url, await createKey(stranger, theirs));
    expect((await theirApi.get('/tasks/TES-1')).status).toBe(404);
    expect((await stranger.c.get(`/workspaces/${id}/tasks/TES-1`)).status).toBe(404);
    expect((await stranger.c.get(`/workspaces/${id}/task-prefix`)).status).toBe(404);
    expect((await stranger.c.put(`/workspaces/${id}/task-prefix`, { prefix: 'XX' })).status).toBe(404);
    expect((await api.get('/tasks/TES-1')).body.task.title).toBe('Shipped');
  });

  it('shows the key in the task list the board loads', async () => {
    const t = app();
    const { owner, id } = await team(t, 'Acme Design Team');
    await createTask(owner.c, id, { title: 'First' });
    const list = (await owner.c.get(`/workspaces/${id}/tasks`)).body.tasks as Task[];
    expect(list.map((task) => task.key)).toEqual(['ADT-1']);
  });
});
