import { beforeEach, describe, expect, it } from 'vitest';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import type { BoardResponse, Task, TaskListResponse } from '#src/shared/tasks/paths.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { client, useTestApp, type Client, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';

// The board's first screen in one request: the columns and the first page of each, as the columns
// route and the tasks list answer them.
describe.each(engines)('the board in one request on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  const board = (c: Client, workspaceId: string) => c.get<BoardResponse>(`/workspaces/${workspaceId}/board`);

  it('answers the columns and each first page exactly as the columns route and the tasks list do', async () => {
    const { owner, member, id, columns } = await team(t);
    for (let i = 0; i < 55; i++) await createTask(owner.c, id, { title: `First ${i}`, columnId: columns[0]!.id });
    await createTask(owner.c, id, { title: 'Second', columnId: columns[1]!.id });
    const answer = await board(member.c, id);
    expect(answer.status).toBe(200);
    expect(answer.body.columns).toEqual((await member.c.get(`/workspaces/${id}/columns`)).body.columns);
    expect(Object.keys(answer.body.pages).sort()).toEqual(columns.map((column) => column.id).sort());
    for (const column of columns) {
      const page = await member.c.get<TaskListResponse>(`/workspaces/${id}/tasks?column=${column.id}`);
      expect(answer.body.pages[column.id]).toEqual(page.body);
    }
    const first = answer.body.pages[columns[0]!.id]!;
    expect(first.tasks).toHaveLength(50);
    expect(answer.body.pages[columns[1]!.id]).toMatchObject({ tasks: [{ title: 'Second' }], nextCursor: null });
    expect(answer.body.pages[columns[2]!.id]).toEqual({ tasks: [], nextCursor: null });
    // Its cursor continues with the tasks list.
    const next = await member.c.get<TaskListResponse>(`/workspaces/${id}/tasks?column=${columns[0]!.id}&cursor=${first.nextCursor}`);
    expect(next.body.nextCursor).toBeNull();
    const titles = [...first.tasks, ...next.body.tasks].map((task: Task) => task.title);
    expect(new Set(titles).size).toBe(55);
    // Another workspace's column, with or without that board's cursor, shows none of its tasks.
    const stranger = await person(t, 'Sol Stranger');
    const theirs = await createWorkspace(stranger, 'Theirs');
    const theirBoard = await board(stranger.c, theirs);
    const theirColumn = theirBoard.body.columns[0]!.id;
    for (let i = 0; i < 51; i++) await createTask(stranger.c, theirs, { title: `Theirs ${i}`, columnId: theirColumn });
    const theirCursor = (await board(stranger.c, theirs)).body.pages[theirColumn]!.nextCursor!;
    for (const query of [`column=${theirColumn}`, `column=${theirColumn}&cursor=${theirCursor}`]) {
      expect((await member.c.get<TaskListResponse>(`/workspaces/${id}/tasks?${query}`)).body).toEqual({ tasks: [], nextCursor: null });
    }
    // A change shows in the next answer (nothing stale is remembered).
    await createTask(owner.c, id, { title: 'Third', columnId: columns[2]!.id });
    expect((await board(member.c, id)).body.pages[columns[2]!.id]!.tasks.map((task) => task.title)).toEqual(['Third']);
  });

  it('gives a board never opened its default columns, empty', async () => {
    const owner = await person(t, 'Olive Owner');
    const id = await createWorkspace(owner, 'Fresh');
    const answer = await board(owner.c, id);
    expect(answer.status).toBe(200);
    expect(answer.body.columns.map((column) => column.name)).toEqual(['To do', 'In progress', 'Done']);
    for (const column of answer.body.columns) expect(answer.body.pages[column.id]).toEqual({ tasks: [], nextCursor: null });
    expect((await owner.c.get(`/workspaces/${id}/columns`)).body.columns).toEqual(answer.body.columns);
  });

  it("answers 404 for another workspace's board, a guest, a removed member and an unknown id, as the tasks list does", async () => {
    const portal = await portalSetup(t);
    const { owner, member, id } = portal;
    await createTask(owner.c, id, { title: 'Ours' });
    const stranger = await person(t, 'Sam Stranger');
    await createWorkspace(stranger, 'Theirs');
    const refusals = [
      [stranger.c, id],
      [portal.guest.c, id],
      [owner.c, '00000000-0000-4000-8000-000000000000'],
      [owner.c, 'not-an-id'],
    ] as const;
    for (const [c, workspaceId] of refusals) {
      const list = await c.get(`/workspaces/${workspaceId}/tasks`);
      expect(list).toMatchObject({ status: 404, body: { error: workspaceError.notFound } });
      expect(await board(c, workspaceId)).toMatchObject({ status: list.status, body: list.body });
    }
    expect((await board(member.c, id)).status).toBe(200);
    expect((await del(owner.c, `/workspaces/${id}/members/${member.id}`)).status).toBe(200);
    expect(await board(member.c, id)).toMatchObject({ status: 404, body: { error: workspaceError.notFound } });
    expect((await member.c.get(`/workspaces/${id}/tasks`)).status).toBe(404);
    const signedOut = await client(t.url).get(`/workspaces/${id}/board`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toHaveProperty('error');
  });

  it('refuses a query string it does not know with a 400', async () => {
    const { member, id } = await team(t);
    const answer = await member.c.get(`/workspaces/${id}/board?column=x`);
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty('error');
  });
});
