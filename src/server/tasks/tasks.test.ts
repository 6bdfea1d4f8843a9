import { beforeEach, describe, expect, it } from 'vitest';
import { taskError, taskNotice } from '#src/shared/tasks/messages.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { columnTitles, createTask, team } from '../../../tests/support/tasks.ts';

// Product rules T1-T8: tasks and comments through the session door.
describe.each(engines)('tasks on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('creates a task with every field, at the top of the first column, and reads it back', async () => {
    const { owner, member, id, columns } = await team(t);
    expect(columns.map((column) => column.name)).toEqual(['To do', 'In progress', 'Done']);
    await createTask(owner.c, id, { title: 'Older' });
    const task = await createTask(owner.c, id, {
      title: '  Write the *plan*  ',
      description: '# Plan\n\n- [ ] steps\n<script>alert(1)</script>',
      assigneeId: member.id,
      priority: 'high',
      dueDate: '2026-12-31',
      labels: ['ops', 'ops', 'Q4'],
    });
    expect(task).toMatchObject({
      workspaceId: id,
      columnId: columns[0]!.id,
      title: 'Write the *plan*',
      description: '# Plan\n\n- [ ] steps\n<script>alert(1)</script>',
      assignee: { id: member.id, name: 'Mina Member' },
      priority: 'high',
      dueDate: '2026-12-31',
      labels: ['ops', 'Q4'],
      version: 1,
      createdBy: { id: owner.id, name: 'Olive Owner' },
    });
    expect((await member.c.get(`/workspaces/${id}/tasks/${task.id}`)).body.task).toEqual(task);
    expect(await columnTitles(member.c, id, columns[0]!.id)).toEqual(['Write the *plan*', 'Older']);
    const bare = await createTask(member.c, id, { title: 'Bare', columnId: columns[2]!.id });
    expect(bare).toMatchObject({
      description: '',
      assignee: null,
      priority: 'medium',
      dueDate: null,
      labels: [],
      columnId: columns[2]!.id,
    });
  });

  it("answers 404 for another workspace's tasks, columns and comments, and changes nothing", async () => {
    const { owner, id, columns } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Ours' });
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Theirs');
    const theirTask = await createTask(stranger.c, theirs, { title: 'Theirs' });
    const base = `/workspaces/${id}`;
    const answers = [
      await stranger.c.get(`${base}/tasks`),
      await stranger.c.get(`${base}/tasks/${task.id}`),
      await stranger.c.put(`${base}/tasks/${task.id}`, { version: 1, title: 'Mine now' }),
      await del(stranger.c, `${base}/tasks/${task.id}`),
      await stranger.c.post(`${base}/tasks/${task.id}/move`, { columnId: columns[1]!.id, afterId: null }),
      await stranger.c.post(`${base}/tasks/${task.id}/comments`, { body: 'hi' }),
      await stranger.c.get(`${base}/tasks/${task.id}/comments`),
      await stranger.c.post(`${base}/tasks`, { title: 'Planted' }),
      await stranger.c.get(`${base}/columns`),
      await stranger.c.put(`${base}/columns/${columns[0]!.id}`, { name: 'Mine' }),
      await stranger.c.get(`${base}/labels`),
      await stranger.c.get(`${base}/events`),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ status: 404, body: { error: workspaceError.notFound } });
    // Their own workspace with our ids: not found either.
    const crossed = [
      await stranger.c.get(`/workspaces/${theirs}/tasks/${task.id}`),
      await stranger.c.put(`/workspaces/${theirs}/tasks/${task.id}`, { version: 1, title: 'x' }),
      await stranger.c.post(`/workspaces/${theirs}/tasks/${task.id}/comments`, { body: 'x' }),
      await stranger.c.post(`/workspaces/${theirs}/tasks`, { title: 'x', columnId: columns[0]!.id }),
      await stranger.c.post(`/workspaces/${theirs}/tasks/${theirTask.id}/move`, { columnId: columns[0]!.id, afterId: null }),
    ];
    expect(crossed.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(crossed.map((answer) => answer.body.error)).toEqual([
      taskError.taskNotFound,
      taskError.taskNotFound,
      taskError.taskNotFound,
      taskError.columnNotFound,
      taskError.columnNotFound,
    ]);
    expect((await owner.c.get(`${base}/tasks/${task.id}`)).body.task).toEqual(task);
    expect(await columnTitles(owner.c, id, columns[0]!.id)).toEqual(['Ours']);
    expect((await owner.c.get(`${base}/tasks/${task.id}/comments`)).body.comments).toEqual([]);
  });

  it('assigns only members of the workspace', async () => {
    const { owner, member, id } = await team(t);
    const stranger = await person(t, 'Sam Stranger');
    const refused = await owner.c.post(`/workspaces/${id}/tasks`, { title: 'X', assigneeId: stranger.id });
    expect(refused).toMatchObject({ status: 400, body: { error: taskError.assigneeNotMember } });
    const task = await createTask(owner.c, id, { title: 'X', assigneeId: member.id });
    const edit = await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: 1, assigneeId: stranger.id });
    expect(edit).toMatchObject({ status: 400, body: { error: taskError.assigneeNotMember } });
    const unassigned = await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: 1, assigneeId: null });
    expect(unassigned.body.task).toMatchObject({ assignee: null, version: 2 });
  });

  it('refuses the second of two edits made from the same version with a clear 409', async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Shared', labels: ['a'] });
    const first = await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: 1, title: 'Owner title', labels: ['b', 'c'] });
    expect(first.body.task).toMatchObject({ title: 'Owner title', labels: ['b', 'c'], version: 2 });
    const second = await member.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: 1, title: 'Member title' });
    expect(second).toMatchObject({ status: 409, body: { error: taskError.conflict } });
    expect((await owner.c.get(`/workspaces/${id}/tasks/${task.id}`)).body.task.title).toBe('Owner title');
    // A move in between does not make the next edit conflict.
    const { columns } = { columns: (await owner.c.get(`/workspaces/${id}/columns`)).body.columns };
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/move`, { columnId: columns[1].id, afterId: null });
    const retried = await member.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: 2, title: 'Member title' });
    expect(retried.body.task).toMatchObject({ title: 'Member title', version: 3, columnId: columns[1].id });
  });

  it('deletes with undo: gone from lists and reads, back in its place after restore', async () => {
    const { owner, member, id, columns } = await team(t);
    const bottom = await createTask(owner.c, id, { title: 'Bottom', labels: ['gone-with-it'] });
    const middle = await createTask(owner.c, id, { title: 'Middle' });
    await createTask(owner.c, id, { title: 'Top' });
    await member.c.post(`/workspaces/${id}/tasks/${middle.id}/comments`, { body: 'note' });
    const deleted = await del(member.c, `/workspaces/${id}/tasks/${bottom.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { ok: true, message: taskNotice.deleted } });
    await del(member.c, `/workspaces/${id}/tasks/${middle.id}`);
    expect(await columnTitles(owner.c, id, columns[0]!.id)).toEqual(['Top']);
    expect((await owner.c.get(`/workspaces/${id}/tasks/${middle.id}`)).status).toBe(404);
    expect((await owner.c.get(`/workspaces/${id}/tasks/${middle.id}/comments`)).status).toBe(404);
    expect((await owner.c.get(`/workspaces/${id}/labels`)).body.labels).toEqual([]);
    expect((await del(owner.c, `/workspaces/${id}/tasks/${middle.id}`)).status).toBe(404);
    const restored = await owner.c.post(`/workspaces/${id}/tasks/${middle.id}/restore`, {});
    expect(restored.body.task).toMatchObject({ id: middle.id, title: 'Middle', position: middle.position });
    expect((await owner.c.post(`/workspaces/${id}/tasks/${middle.id}/restore`, {})).status).toBe(409);
    // Another card took the deleted one's exact place meanwhile: it comes back right after that card.
    const newcomer = await owner.c.post(`/workspaces/${id}/tasks/${(await createTask(owner.c, id, { title: 'New' })).id}/move`, {
      columnId: columns[0]!.id,
      afterId: middle.id,
    });
    expect(newcomer.body.task.position).toBe(bottom.position);
    await owner.c.post(`/workspaces/${id}/tasks/${bottom.id}/restore`, {});
    expect(await columnTitles(owner.c, id, columns[0]!.id)).toEqual(['Top', 'Middle', 'New', 'Bottom']);
    expect((await owner.c.get(`/workspaces/${id}/tasks/${middle.id}/comments`)).body.comments).toHaveLength(1);
    expect((await owner.c.get(`/workspaces/${id}/labels`)).body.labels).toEqual(['gone-with-it']);
  });

  it('keeps comments with author and time, oldest first, and answers 404 for a missing task', async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Discuss' });
    const first = await member.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: '  First line\nsecond line  ' });
    expect(first.status).toBe(201);
    expect(first.body.comment).toMatchObject({
      taskId: task.id,
      workspaceId: id,
      body: 'First line\nsecond line',
      author: { id: member.id, name: 'Mina Member' },
    });
    t.clock.advance(1000);
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Reply' });
    const list = (await member.c.get(`/workspaces/${id}/tasks/${task.id}/comments`)).body.comments;
    expect(list.map((comment: { body: string }) => comment.body)).toEqual(['First line\nsecond line', 'Reply']);
    expect(Date.parse(list[1].createdAt) - Date.parse(list[0].createdAt)).toBeGreaterThanOrEqual(1000);
    const missing = await owner.c.post(`/workspaces/${id}/tasks/00000000-0000-4000-8000-000000000000/comments`, { body: 'x' });
    expect(missing).toMatchObject({ status: 404, body: { error: taskError.taskNotFound } });
    expect((await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: '   ' })).status).toBe(400);
  });

  it('filters by assignee, label, priority and title, and pages by 50 without loss or repeats', async () => {
    const { owner, member, id, columns } = await team(t);
    for (let i = 0; i < 60; i++) {
      await createTask(owner.c, id, {
        title: i % 10 === 0 ? `Fix 100%_bug ${i}` : `Task ${i}`,
        assigneeId: i % 3 === 0 ? member.id : null,
        priority: i % 2 === 0 ? 'high' : 'low',
        labels: i % 5 === 0 ? ['Ops'] : [],
        columnId: columns[i % 2]!.id,
      });
    }
    const titles = async (query: string) => {
      const all: string[] = [];
      let cursor: string | null = null;
      do {
        const answer: { status: number; body: { tasks: Task[]; nextCursor: string | null } } = await member.c.get(
          `/workspaces/${id}/tasks?${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(answer.status).toBe(200);
        expect(answer.body.tasks.length).toBeLessThanOrEqual(50);
        all.push(...answer.body.tasks.map((task) => task.title));
        cursor = answer.body.nextCursor;
      } while (cursor);
      return all;
    };
    const everything = await titles('');
    expect(everything).toHaveLength(60);
    expect(new Set(everything).size).toBe(60);
    expect((await member.c.get(`/workspaces/${id}/tasks`)).body.tasks).toHaveLength(50);
    expect(await titles(`assignee=${member.id}`)).toHaveLength(20);
    expect(await titles('assignee=none')).toHaveLength(40);
    expect(await titles('label=Ops')).toHaveLength(12);
    expect(await titles('label=ops')).toHaveLength(0);
    expect(await titles('priority=low')).toHaveLength(30);
    expect((await titles('q=fix%20100%25_')).sort()).toEqual(
      ['Fix 100%_bug 0', 'Fix 100%_bug 10', 'Fix 100%_bug 20', 'Fix 100%_bug 30', 'Fix 100%_bug 40', 'Fix 100%_bug 50'].sort(),
    );
    expect(await titles('q=%25%25')).toEqual([]);
    expect(await titles(`column=${columns[1]!.id}&priority=low&limit=7`)).toHaveLength(30);
    expect((await member.c.get(`/workspaces/${id}/labels`)).body.labels).toEqual(['Ops']);
    const bad = await member.c.get(`/workspaces/${id}/tasks?cursor=nonsense`);
    expect(bad).toMatchObject({ status: 400, body: { error: taskError.badCursor } });
    expect((await member.c.get(`/workspaces/${id}/tasks?priority=urgent`)).status).toBe(400);
    expect((await member.c.get(`/workspaces/${id}/tasks?limit=51`)).status).toBe(400);
  });

  it("fills the Home panel: my tasks, others' comments on them, and the inbox of both, across my workspaces only", async () => {
    const { owner, member, id } = await team(t);
    const other = await createWorkspace(member, 'Side project');
    const mine = await createTask(owner.c, id, { title: 'For Mina', assigneeId: member.id });
    t.clock.advance(10);
    await createTask(member.c, other, { title: 'Own thing', assigneeId: member.id });
    await createTask(owner.c, id, { title: 'For Olive', assigneeId: owner.id });
    t.clock.advance(10);
    await owner.c.post(`/workspaces/${id}/tasks/${mine.id}/comments`, { body: 'Any news?' });
    await member.c.post(`/workspaces/${id}/tasks/${mine.id}/comments`, { body: 'My own note' });
    const tasks = (await member.c.get('/me/tasks')).body.tasks;
    expect(tasks.map((task: { title: string; workspaceName: string }) => [task.title, task.workspaceName])).toEqual([
      ['Own thing', 'Side project'],
      ['For Mina', 'Team'],
    ]);
    const comments = (await member.c.get('/me/comments')).body.comments;
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ body: 'Any news?', taskTitle: 'For Mina', workspaceName: 'Team', author: { name: 'Olive Owner' } });
    const items = (await member.c.get('/me/inbox')).body.items;
    expect(items.map((item: { kind: string }) => item.kind)).toEqual(['comment', 'task', 'task']);
    // Removed from the team: its tasks leave the panel, though they still name Mina.
    await del(owner.c, `/workspaces/${id}/members/${member.id}`);
    expect((await member.c.get('/me/tasks')).body.tasks.map((task: { title: string }) => task.title)).toEqual(['Own thing']);
    expect((await member.c.get('/me/comments')).body.comments).toEqual([]);
    expect((await t.db.kysely.selectFrom('tasks').select('assignee_id').where('id', '=', mine.id).executeTakeFirst())?.assignee_id).toBe(
      member.id,
    );
  });

  it('keeps tasks and comments of a deleted account, shown as no one ("Deleted user")', async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(member.c, id, { title: 'Left behind', assigneeId: member.id });
    await member.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Bye' });
    await t.db.kysely.deleteFrom('users').where('id', '=', member.id).execute();
    const read = (await owner.c.get(`/workspaces/${id}/tasks/${task.id}`)).body.task;
    expect(read).toMatchObject({ title: 'Left behind', createdBy: null, assignee: null });
    expect((await owner.c.get(`/workspaces/${id}/tasks/${task.id}/comments`)).body.comments[0]).toMatchObject({
      body: 'Bye',
      author: null,
    });
  });
});
