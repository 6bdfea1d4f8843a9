import { describe, expect, it } from 'vitest';
import { limits } from '#src/server/http/rate-limit.ts';
import { client, createVerifiedUser, useTwoTestApps, whoAmI } from '../../tests/support/test-app.ts';
import { engines } from '../../tests/support/test-db.ts';
import { createKey, keyClient } from '../../tests/support/api-keys.ts';
import { createTask } from '../../tests/support/tasks.ts';
import { createWorkspace, person } from '../../tests/support/workspaces.ts';
import type { BoardResponse, Task, TaskListResponse } from '#src/shared/tasks/paths.ts';

// product rules W7: instances keep no state of their own. On SQLite, two instances on
// one file; each remembers session look-ups, which must end the moment the other one writes.
describe.each(engines)('two instances on one %s database', (engine) => {
  const apps = useTwoTestApps(engine);

  it('accepts on one instance a session made on the other, and logout on one ends it on both', async () => {
    const { a, b } = apps();
    const account = await createVerifiedUser(a);
    const onA = client(a.url);
    expect((await onA.post('/login', { email: account.email, password: account.password })).status).toBe(200);
    const onB = client(b.url);
    onA.jar.forEach((value, name) => onB.jar.set(name, value));
    expect((await onB.get('/current-user')).body.user.email).toBe(account.email);
    // A has looked the session up too, so a remembered answer would outlive the logout.
    expect(await whoAmI(onA)).toBe(account.email);
    await onB.get('/logout');
    expect(await whoAmI(onA)).toBeNull();
  });

  it('counts a rate limit across both instances', async () => {
    const { a, b } = apps();
    const account = await createVerifiedUser(a);
    const max = limits.login.accountFromIp.max;
    const statuses = [];
    for (let i = 0; i < max + 2; i++) {
      const instance = i % 2 === 0 ? a : b;
      statuses.push((await client(instance.url).post('/login', { email: account.email, password: 'wrong-guess-3' })).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.slice(max)).toEqual([429, 429]);
  });

  it('answers a remembered /api/v1 page only until a task changes on the other instance', async () => {
    const { a, b } = apps();
    const owner = await person(a, 'Olive Owner');
    const workspaceId = await createWorkspace(owner, 'Team');
    const key = await createKey(owner, workspaceId);
    const onA = keyClient(a.url, key);
    const onB = keyClient(b.url, key);
    const titles = async () => (await onA.get('/tasks')).body.tasks.map((task: { title: string }) => task.title);
    expect(await titles()).toEqual([]);
    // Asked twice: the second answer comes from A's memory, as does any later one until a commit.
    expect(await titles()).toEqual([]);
    const made = (await onB.post('/tasks', { title: 'Made on B' })).body.task;
    expect(await titles()).toEqual(['Made on B']);
    await onB.put(`/tasks/${made.id}`, { title: 'Renamed on B' });
    expect(await titles()).toEqual(['Renamed on B']);
  });

  // The board's first screen and its pages are remembered on both engines (SQLite by its change number,
  // PostgreSQL by the snapshot each request's session look-up reads in): never past a commit on B.
  it('answers a remembered board and page of tasks only until a task changes on the other instance', async () => {
    const { a, b } = apps();
    const owner = await person(a, 'Olive Owner');
    const workspaceId = await createWorkspace(owner, 'Team');
    const onB = client(b.url);
    owner.c.jar.forEach((value, name) => onB.jar.set(name, value));
    const titles = (tasks: Task[]) => tasks.map((task) => task.title);
    const seenOnA = async () => {
      const board = (await owner.c.get<BoardResponse>(`/workspaces/${workspaceId}/board`)).body;
      const page = (await owner.c.get<TaskListResponse>(`/workspaces/${workspaceId}/tasks`)).body;
      return { board: titles(board.pages[board.columns[0]!.id]!.tasks), page: titles(page.tasks) };
    };
    expect(await seenOnA()).toEqual({ board: [], page: [] });
    // Asked again: from A's memory, as any later answer is until a commit.
    expect(await seenOnA()).toEqual({ board: [], page: [] });
    const made = await createTask(onB, workspaceId, { title: 'Made on B' });
    expect(await seenOnA()).toEqual({ board: ['Made on B'], page: ['Made on B'] });
    expect(await seenOnA()).toEqual({ board: ['Made on B'], page: ['Made on B'] });
    const renamed = await onB.put(`/workspaces/${workspaceId}/tasks/${made.id}`, { version: made.version, title: 'Renamed on B' });
    expect(renamed.status).toBe(200);
    expect(await seenOnA()).toEqual({ board: ['Renamed on B'], page: ['Renamed on B'] });
  });
});
