import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { calendarError } from '#src/shared/calendar/messages.ts';
import type { CalendarTask } from '#src/shared/calendar/paths.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';
import { addClient, addProject } from '../../../tests/support/clients.ts';

const titles = (tasks: CalendarTask[]) => tasks.map((task) => task.title);

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      url: String(vevent.getFirstPropertyValue('url')),
    };
  });
}

// The calendar's reads and the personal iCalendar feed, on both engines.
describe.each(engines)('calendar on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('lists the tasks due in the range, in due order, mine or everyone’s, with the board’s last column', async () => {
    const { owner, member, id, columns } = await team(t);
    await createTask(owner.c, id, { title: 'Before', dueDate: '2026-02-28' });
    await createTask(owner.c, id, { title: 'Late March', dueDate: '2026-03-31', assigneeId: member.id });
    await createTask(owner.c, id, { title: 'Early March', dueDate: '2026-03-01' });
    await createTask(owner.c, id, { title: 'No date' });
    const deleted = await createTask(owner.c, id, { title: 'Deleted', dueDate: '2026-03-10' });
    await del(owner.c, `/workspaces/${id}/tasks/${deleted.id}`);
    const all = await member.c.get(`/workspaces/${id}/calendar?from=2026-03-01&to=2026-03-31`);
    expect(all.status).toBe(200);
    expect(titles(all.body.tasks)).toEqual(['Early March', 'Late March']);
    // What a day shows and a reschedule sends, and nothing a calendar does not show.
    expect(all.body.tasks[1]).toEqual({
      id: expect.any(String),
      title: 'Late March',
      columnId: columns[0]!.id,
      projectId: null,
      version: 1,
      dueDate: '2026-03-31',
      assigneeId: member.id,
    });
    expect(all.body.days).toEqual({ '2026-03-01': 1, '2026-03-31': 1 });
    expect(all.body.doneColumnId).toBe(columns[2]!.id);
    const mine = await member.c.get(`/workspaces/${id}/calendar?from=2026-03-01&to=2026-03-31&mine=1`);
    expect(titles(mine.body.tasks)).toEqual(['Late March']);
  });

  it('shows one project’s tasks when asked, mine among them too; another workspace’s project shows nothing', async () => {
    const { owner, member, id } = await team(t);
    const acme = await addClient(owner, id, { name: 'Acme' });
    const site = await addProject(owner, id, acme.id, { name: 'Website' });
    const audit = await addProject(owner, id, acme.id, { name: 'Audit' });
    await createTask(owner.c, id, { title: 'Site copy', dueDate: '2026-03-03', projectId: site.id });
    await createTask(owner.c, id, { title: 'Site launch', dueDate: '2026-03-20', projectId: site.id, assigneeId: member.id });
    await createTask(owner.c, id, { title: 'Audit report', dueDate: '2026-03-05', projectId: audit.id });
    await createTask(owner.c, id, { title: 'No project', dueDate: '2026-03-06' });
    const range = `/workspaces/${id}/calendar?from=2026-03-01&to=2026-03-31`;
    expect(titles((await member.c.get(`${range}&project=${site.id}`)).body.tasks)).toEqual(['Site copy', 'Site launch']);
    expect(titles((await member.c.get(`${range}&project=${site.id}&mine=1`)).body.tasks)).toEqual(['Site launch']);
    const stranger = await person(t, 'Sam Stranger');
    const elsewhere = await createWorkspace(stranger, 'Elsewhere');
    const theirs = await addProject(stranger, elsewhere, (await addClient(stranger, elsewhere, { name: 'Initech' })).id, {
      name: 'Payroll',
    });
    await createTask(stranger.c, elsewhere, { title: 'Their task', dueDate: '2026-03-04', projectId: theirs.id });
    expect((await owner.c.get(`${range}&project=${theirs.id}`)).body.tasks).toEqual([]);
    expect(await owner.c.get(`${range}&project=not-an-id`)).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^Project/) },
    });
  });

  it('gives a month view the first tasks of each day it asks for, with how many each day has, mine too', async () => {
    const { owner, member, id } = await team(t);
    const busy = [];
    for (let n = 1; n <= 5; n++)
      busy.push(await createTask(owner.c, id, { title: `Busy ${n}`, dueDate: '2026-03-10', assigneeId: n % 2 ? member.id : null }));
    await createTask(owner.c, id, { title: 'Quiet', dueDate: '2026-03-12', assigneeId: member.id });
    const gone = await createTask(owner.c, id, { title: 'Gone', dueDate: '2026-03-10' });
    await del(owner.c, `/workspaces/${id}/tasks/${gone.id}`);
    const range = `/workspaces/${id}/calendar?from=2026-03-01&to=2026-03-31`;
    const firstIds = (tasks: { id: string }[], count: number) =>
      tasks
        .map((task) => task.id)
        .sort()
        .slice(0, count);

    const month = await member.c.get(`${range}&perDay=2`);
    expect(month.status).toBe(200);
    expect(month.body.days).toEqual({ '2026-03-10': 5, '2026-03-12': 1 });
    expect(month.body.tasks.map((task: CalendarTask) => task.id)).toEqual([...firstIds(busy, 2), expect.any(String)]);
    expect(titles(month.body.tasks).at(-1)).toBe('Quiet');

    const mine = await member.c.get(`${range}&perDay=1&mine=1`);
    const myBusy = busy.filter((task) => task.assignee?.id === member.id);
    expect(mine.body.days).toEqual({ '2026-03-10': myBusy.length, '2026-03-12': 1 });
    expect(mine.body.tasks.map((task: CalendarTask) => task.id)).toEqual([...firstIds(myBusy, 1), expect.any(String)]);

    for (const perDay of ['0', '51', 'two', '1.5', '-1', '99999999999999999999'])
      expect(await member.c.get(`${range}&perDay=${perDay}`)).toMatchObject({
        status: 400,
        body: { error: calendarError.perDay(50) },
      });
    expect(await member.c.get(`${range}&perDay=2&perDay=3`)).toMatchObject({ status: 400, body: { error: 'Per day must be text.' } });
  });

  it('reschedules through the task’s own edit: a stale version is refused and the date stays', async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Ship', dueDate: '2026-03-02' });
    const moved = await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { dueDate: '2026-03-09', version: task.version });
    expect(moved.body.task).toMatchObject({ dueDate: '2026-03-09', version: 2 });
    const stale = await member.c.put(`/workspaces/${id}/tasks/${task.id}`, { dueDate: '2026-03-20', version: task.version });
    expect(stale.status).toBe(409);
    const read = await member.c.get(`/workspaces/${id}/calendar?from=2026-03-01&to=2026-03-31`);
    expect(read.body.tasks.map((one: CalendarTask) => one.dueDate)).toEqual(['2026-03-09']);
  });

  it('refuses a bad range with a clear 400, and another workspace’s calendar is a 404', async () => {
    const { owner, id } = await team(t);
    const stranger = await person(t, 'Sam Stranger');
    await createWorkspace(stranger, 'Elsewhere');
    expect((await owner.c.get(`/workspaces/${id}/calendar?from=2026-03-31&to=2026-03-01`)).body).toEqual({
      error: calendarError.rangeBackwards,
    });
    expect((await owner.c.get(`/workspaces/${id}/calendar?from=2026-01-01&to=2026-12-31`)).body).toEqual({
      error: calendarError.rangeTooLong(62),
    });
    expect((await owner.c.get(`/workspaces/${id}/calendar?from=2026-02-30&to=2026-03-01`)).status).toBe(400);
    expect((await owner.c.get(`/workspaces/${id}/calendar?from=2026-03-01`)).status).toBe(400);
    const other = await stranger.c.get(`/workspaces/${id}/calendar?from=2026-03-01&to=2026-03-31`);
    expect(other).toMatchObject({ status: 404, body: { error: workspaceError.notFound } });
  });

  it('serves my due tasks as a valid iCalendar feed with stable UIDs and each task’s link', async () => {
    const { owner, member, id } = await team(t);
    const mine = await createTask(owner.c, id, { title: 'Quarterly taxes', dueDate: '2026-04-15', assigneeId: member.id });
    await createTask(owner.c, id, { title: 'Someone else’s', dueDate: '2026-04-16', assigneeId: owner.id });
    await createTask(owner.c, id, { title: 'Undated', assigneeId: member.id });
    const gone = await createTask(owner.c, id, { title: 'Deleted one', dueDate: '2026-04-17', assigneeId: member.id });
    await del(owner.c, `/workspaces/${id}/tasks/${gone.id}`);

    expect((await member.c.get('/me/calendar-feed')).body).toEqual({ url: null });
    const url: string = (await member.c.post('/me/calendar-feed', {})).body.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await member.c.get('/me/calendar-feed')).body).toEqual({ url });

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const first = events(await response.text());
    expect(first).toEqual([
      {
        uid: `task-${mine.id}@${new URL(url).host}`,
        summary: 'Quarterly taxes',
        start: '2026-04-15',
        allDay: true,
        url: `${t.url}/board?workspace=${id}&task=${mine.id}`,
      },
    ]);
    // An edit keeps the event's UID, so calendar apps update it in place.
    await owner.c.put(`/workspaces/${id}/tasks/${mine.id}`, { dueDate: '2026-04-20', version: 1 });
    const second = events(await (await fetch(url)).text());
    expect(second).toEqual([{ ...first[0], start: '2026-04-20' }]);

    // Leaving the workspace takes its tasks out of my feed.
    await member.c.post(`/workspaces/${id}/leave`, {});
    expect(events(await (await fetch(url)).text())).toEqual([]);
  });

  it('a new address stops the old one at once', async () => {
    const { member } = await team(t);
    const old: string = (await member.c.post('/me/calendar-feed', {})).body.url;
    const fresh: string = (await member.c.post('/me/calendar-feed', {})).body.url;
    expect(fresh).not.toBe(old);
    const refused = await fetch(old);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: calendarError.feedNotFound });
    expect((await fetch(fresh)).status).toBe(200);
    expect((await fetch(`${t.url}/api/calendar/not-a-secret.ics`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/me/calendar-feed`)).status).toBe(401);
  });
});
