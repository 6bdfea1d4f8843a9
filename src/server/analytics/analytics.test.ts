import { beforeEach, describe, expect, it } from 'vitest';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';
import { fillTaskArrivals } from '#src/server/db/migrations.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// Analytics from the workspace's own history, on a history seeded with the test clock.
describe.each(engines)('analytics on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('counts created and completed per week, throughput, cycle time, the flow by column, work per person and overdue', async () => {
    const { owner, member, id, columns } = await team(t);
    const [, doing, done] = columns.map((column) => column.id) as [string, string, string];
    const move = (taskId: string, columnId: string) => owner.c.post(`/workspaces/${id}/tasks/${taskId}/move`, { columnId, afterId: null });
    // Monday 2 March 2026, 09:00 UTC.
    t.clock.advance(Date.parse('2026-03-02T09:00:00Z') - t.clock.now());
    const a = await createTask(owner.c, id, { title: 'A' });
    const b = await createTask(owner.c, id, { title: 'B' });
    const c = await createTask(owner.c, id, { title: 'C' });
    await createTask(owner.c, id, { title: 'D', dueDate: '2026-03-03', assigneeId: member.id });
    t.clock.advance(DAY);
    await move(a.id, doing);
    await move(b.id, doing);
    // A reorder within the column is no step on the board.
    await move(b.id, doing);
    t.clock.advance(2 * DAY);
    await move(a.id, done);
    t.clock.advance(6 * DAY);
    await move(b.id, done);
    await createTask(owner.c, id, { title: 'E' });
    t.clock.advance(DAY);
    await del(owner.c, `/workspaces/${id}/tasks/${c.id}`);

    const answer = await member.c.get(`/workspaces/${id}/analytics?from=2026-03-02&to=2026-03-15`);
    expect(answer.status).toBe(200);
    const figures = answer.body;
    expect(figures.columns.map((column: { name: string }) => column.name)).toEqual(['To do', 'In progress', 'Done']);
    expect(figures.weeks).toEqual([
      { week: '2026-03-02', created: 4, completed: 1 },
      { week: '2026-03-09', created: 1, completed: 1 },
    ]);
    expect(figures.throughput).toEqual({ completed: 2, perWeek: 1 });
    expect(figures.cycleTime).toEqual({ tasks: 2, medianDays: 2, p85Days: 8 });
    const flow = Object.fromEntries(figures.flow.map((day: { day: string; counts: number[] }) => [day.day, day.counts]));
    expect(Object.keys(flow)).toHaveLength(14);
    expect(flow['2026-03-02']).toEqual([4, 0, 0]);
    expect(flow['2026-03-03']).toEqual([2, 2, 0]);
    expect(flow['2026-03-05']).toEqual([2, 1, 1]);
    expect(flow['2026-03-11']).toEqual([3, 0, 2]);
    expect(flow['2026-03-12']).toEqual([2, 0, 2]);
    expect(flow['2026-03-15']).toEqual([2, 0, 2]);
    expect(figures.assignees).toEqual([
      { id: null, name: 'Unassigned', completed: 2, open: 1 },
      { id: member.id, name: 'Mina Member', completed: 0, open: 1 },
    ]);
    expect(figures.overdue).toBe(1);

    // A range before anything happened shows the empty board, not an error.
    const before = await owner.c.get(`/workspaces/${id}/analytics?from=2026-02-01&to=2026-02-07`);
    expect(before.body).toMatchObject({
      throughput: { completed: 0, perWeek: 0 },
      cycleTime: { tasks: 0, medianDays: null, p85Days: null },
    });
    expect(before.body.flow.at(-1).counts).toEqual([0, 0, 0]);
  });

  it('counts a task moved back and forth by its first start and first arrival in Done, on UTC days and Monday weeks', async () => {
    const { owner, id, columns } = await team(t);
    const [, doing, done] = columns.map((column) => column.id) as [string, string, string];
    const move = (taskId: string, columnId: string) => owner.c.post(`/workspaces/${id}/tasks/${taskId}/move`, { columnId, afterId: null });
    const figures = async (from: string, to: string) => (await owner.c.get(`/workspaces/${id}/analytics?from=${from}&to=${to}`)).body;
    // Sunday 8 March 2026, 23:30 UTC: the last half hour of a week.
    t.clock.advance(Date.parse('2026-03-08T23:30:00Z') - t.clock.now());
    const a = await createTask(owner.c, id, { title: 'A' });
    // Monday 9 March, midnight UTC: a new day and a new week.
    t.clock.advance(30 * 60_000);
    await createTask(owner.c, id, { title: 'B' });
    await move(a.id, doing);
    t.clock.advance(DAY);
    await move(a.id, done);
    t.clock.advance(DAY);
    await move(a.id, doing);
    t.clock.advance(DAY);
    await move(a.id, done);

    const sunday = await figures('2026-03-08', '2026-03-08');
    expect(sunday.weeks).toEqual([{ week: '2026-03-02', created: 1, completed: 0 }]);
    expect(sunday.flow).toEqual([{ day: '2026-03-08', counts: [1, 0, 0] }]);

    const week = await figures('2026-03-09', '2026-03-15');
    expect(week.weeks).toEqual([{ week: '2026-03-09', created: 1, completed: 1 }]);
    expect(week.throughput).toEqual({ completed: 1, perWeek: 1 });
    expect(week.cycleTime).toEqual({ tasks: 1, medianDays: 1, p85Days: 1 });
    expect(week.flow.slice(0, 5)).toEqual([
      { day: '2026-03-09', counts: [1, 1, 0] },
      { day: '2026-03-10', counts: [1, 0, 1] },
      { day: '2026-03-11', counts: [1, 1, 0] },
      { day: '2026-03-12', counts: [1, 0, 1] },
      { day: '2026-03-13', counts: [1, 0, 1] },
    ]);

    // Back in Done after the range began, but first there before it: not completed in the range.
    const later = await figures('2026-03-11', '2026-03-12');
    expect(later.weeks).toEqual([{ week: '2026-03-09', created: 0, completed: 0 }]);
    expect(later.throughput.completed).toBe(0);
    expect(later.cycleTime).toEqual({ tasks: 0, medianDays: null, p85Days: null });
  });

  it('counts a deleted task where it finished and drops it from the board the day it goes; a range with nothing in it keeps the board', async () => {
    const { owner, member, id, columns } = await team(t);
    const done = columns[2]!.id;
    const figures = async (from: string, to: string) => (await owner.c.get(`/workspaces/${id}/analytics?from=${from}&to=${to}`)).body;
    // Wednesday 1 April 2026, 10:00 UTC.
    t.clock.advance(Date.parse('2026-04-01T10:00:00Z') - t.clock.now());
    const finished = await createTask(owner.c, id, { title: 'Finished then deleted', assigneeId: member.id });
    const dropped = await createTask(owner.c, id, { title: 'Deleted while open', assigneeId: member.id });
    await createTask(owner.c, id, { title: 'Still open', dueDate: '2026-04-02' });
    t.clock.advance(HOUR);
    await owner.c.post(`/workspaces/${id}/tasks/${finished.id}/move`, { columnId: done, afterId: null });
    t.clock.advance(DAY);
    await del(owner.c, `/workspaces/${id}/tasks/${finished.id}`);
    await del(owner.c, `/workspaces/${id}/tasks/${dropped.id}`);

    const range = await figures('2026-04-01', '2026-04-03');
    expect(range.weeks).toEqual([{ week: '2026-03-30', created: 3, completed: 1 }]);
    expect(range.throughput).toEqual({ completed: 1, perWeek: 2.3 });
    expect(range.cycleTime).toEqual({ tasks: 1, medianDays: 0, p85Days: 0 });
    expect(range.flow).toEqual([
      { day: '2026-04-01', counts: [2, 0, 1] },
      { day: '2026-04-02', counts: [1, 0, 0] },
      { day: '2026-04-03', counts: [1, 0, 0] },
    ]);
    expect(range.assignees).toEqual([
      { id: member.id, name: 'Mina Member', completed: 1, open: 0 },
      { id: null, name: 'Unassigned', completed: 0, open: 1 },
    ]);
    // Due on 2 April: overdue from 3 April (UTC).
    expect(range.overdue).toBe(0);
    t.clock.advance(DAY);
    expect((await figures('2026-04-01', '2026-04-03')).overdue).toBe(1);

    const quiet = await figures('2026-05-04', '2026-05-10');
    expect(quiet.weeks).toEqual([{ week: '2026-05-04', created: 0, completed: 0 }]);
    expect(quiet.throughput).toEqual({ completed: 0, perWeek: 0 });
    expect(quiet.cycleTime).toEqual({ tasks: 0, medianDays: null, p85Days: null });
    expect(quiet.flow).toHaveLength(7);
    expect(quiet.flow.every((day: { counts: number[] }) => day.counts.join() === '1,0,0')).toBe(true);
    expect(quiet.assignees).toEqual([{ id: null, name: 'Unassigned', completed: 0, open: 1 }]);
  });

  it('reads the board’s first and last columns as they are when asked, and credits a finished task to its assignee now', async () => {
    const { owner, member, id, columns } = await team(t);
    const [todo, doing, done] = columns.map((column) => column.id) as [string, string, string];
    const move = (taskId: string, columnId: string) => owner.c.post(`/workspaces/${id}/tasks/${taskId}/move`, { columnId, afterId: null });
    const week = async () => (await owner.c.get(`/workspaces/${id}/analytics?from=2026-03-02&to=2026-03-08`)).body;
    // Monday 2 March 2026, 09:00 UTC: A waits in To do, B starts in In progress.
    t.clock.advance(Date.parse('2026-03-02T09:00:00Z') - t.clock.now());
    const a = await createTask(owner.c, id, { title: 'A', assigneeId: member.id });
    const b = await createTask(owner.c, id, { title: 'B', columnId: doing });
    t.clock.advance(DAY);
    await move(a.id, doing);
    t.clock.advance(DAY);
    const finished = (await move(a.id, done)).body.task;
    await move(b.id, done);

    const before = await week();
    expect(before.cycleTime).toEqual({ tasks: 2, medianDays: 1, p85Days: 2 });
    expect(before.assignees).toEqual([
      { id: member.id, name: 'Mina Member', completed: 1, open: 0 },
      { id: null, name: 'Unassigned', completed: 1, open: 0 },
    ]);

    // A is handed to the owner after it finished; the board says so, and so do the figures.
    expect((await owner.c.put(`/workspaces/${id}/tasks/${a.id}`, { version: finished.version, assigneeId: owner.id })).status).toBe(200);
    // In progress first: A started when it was made (elsewhere), B when it first left In progress.
    await owner.c.post(`/workspaces/${id}/columns/${doing}/move`, { afterId: null });
    const after = await week();
    expect(after.columns.map((column: { id: string }) => column.id)).toEqual([doing, todo, done]);
    expect(after.cycleTime).toEqual({ tasks: 2, medianDays: 0, p85Days: 2 });
    expect(after.assignees).toEqual([
      { id: owner.id, name: 'Olive Owner', completed: 1, open: 0 },
      { id: null, name: 'Unassigned', completed: 1, open: 0 },
    ]);

    // B is handed to the member, whose account then goes: as on the board, nobody finished it.
    const bNow = (await owner.c.get(`/workspaces/${id}/tasks/${b.id}`)).body.task;
    expect((await owner.c.put(`/workspaces/${id}/tasks/${b.id}`, { version: bNow.version, assigneeId: member.id })).status).toBe(200);
    expect((await week()).assignees.map((person: { name: string }) => person.name)).toEqual(['Mina Member', 'Olive Owner']);
    await t.db.kysely.deleteFrom('users').where('id', '=', member.id).execute();
    expect((await week()).assignees).toEqual([
      { id: owner.id, name: 'Olive Owner', completed: 1, open: 0 },
      { id: null, name: 'Unassigned', completed: 1, open: 0 },
    ]);

    // To do last: A arrived there when it was made; B never did.
    await owner.c.post(`/workspaces/${id}/columns/${todo}/move`, { afterId: done });
    expect((await week()).throughput.completed).toBe(1);
  });

  it('fills the arrivals from a history as the history hook keeps them, so an upgraded database reads the same figures', async () => {
    const { owner, member, id, columns } = await team(t);
    const [, doing, done] = columns.map((column) => column.id) as [string, string, string];
    const move = (taskId: string, columnId: string) => owner.c.post(`/workspaces/${id}/tasks/${taskId}/move`, { columnId, afterId: null });
    t.clock.advance(Date.parse('2026-03-02T09:00:00Z') - t.clock.now());
    const a = await createTask(owner.c, id, { title: 'A', assigneeId: member.id });
    const b = await createTask(owner.c, id, { title: 'B', columnId: doing });
    const c = await createTask(owner.c, id, { title: 'C' });
    t.clock.advance(DAY);
    await move(a.id, doing);
    await move(b.id, done);
    t.clock.advance(DAY);
    await move(a.id, done);
    await move(a.id, doing);
    await del(owner.c, `/workspaces/${id}/tasks/${c.id}`);
    t.clock.advance(DAY);
    await move(a.id, done);

    const rows = () =>
      t.db.kysely
        .selectFrom('task_arrivals')
        .selectAll()
        .where('workspace_id', '=', id)
        .orderBy('task_id')
        .orderBy('column_id')
        .execute()
        .then((all) =>
          all.map((row) => ({
            ...row,
            at: Number(row.at),
            created_at: Number(row.created_at),
            left_at: row.left_at === null ? null : Number(row.left_at),
          })),
        );
    const figures = async () => (await owner.c.get(`/workspaces/${id}/analytics?from=2026-03-02&to=2026-03-08`)).body;
    const kept = await rows();
    const keptFigures = await figures();
    // A: its first step, To do, In progress, Done; B: its first step, In progress, Done; C: its first step, To do.
    expect(kept).toHaveLength(4 + 3 + 2);
    expect(keptFigures.throughput.completed).toBe(2);

    await t.db.kysely.deleteFrom('task_arrivals').execute();
    await fillTaskArrivals(t.db.kysely);
    expect(await rows()).toEqual(kept);
    expect(await figures()).toEqual(keptFigures);
  });

  it('keeps its history after the event log is swept', async () => {
    const { owner, id, columns } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Old work' });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/move`, { columnId: columns[2]!.id, afterId: null });
    await t.db.kysely.deleteFrom('workspace_events').execute();
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const answer = await owner.c.get(`/workspaces/${id}/analytics?from=${today}&to=${today}`);
    expect(answer.body.throughput.completed).toBe(1);
  });

  it('refuses a bad range, and another workspace’s analytics is a 404', async () => {
    const { owner, id } = await team(t);
    const stranger = await person(t, 'Sam Stranger');
    await createWorkspace(stranger, 'Elsewhere');
    expect((await owner.c.get(`/workspaces/${id}/analytics?from=2026-03-02&to=2026-03-01`)).status).toBe(400);
    expect((await owner.c.get(`/workspaces/${id}/analytics?from=2024-01-01&to=2026-03-01`)).body).toEqual({
      error: 'A range covers at most 366 days.',
    });
    expect((await owner.c.get(`/workspaces/${id}/analytics?from=2026-03-02`)).status).toBe(400);
    expect(await stranger.c.get(`/workspaces/${id}/analytics?from=2026-03-01&to=2026-03-31`)).toMatchObject({
      status: 404,
      body: { error: workspaceError.notFound },
    });
  });
});
