import { beforeEach, describe, expect, it } from 'vitest';
import { aiError, aiNotice } from '#src/shared/ai/messages.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { columnTitles, team } from '../../../tests/support/tasks.ts';
import { auditActions, createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { addClient, addProject } from '../../../tests/support/clients.ts';
import { propose } from './test-helpers.ts';

const NOTES = [
  'Weekly sync',
  '- Send the deck to the client by Friday @mina #sales',
  '- Fix the login bug tomorrow !high',
  'Olive will book the venue end of month',
].join('\n');

// AI task creation without a model (the default): the parser proposes, a batch creates and undoes as one.
describe.each(engines)('AI task creation on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('proposes tasks from notes with the parser, says so, and creates nothing', async () => {
    const { owner, member, id } = await team(t);
    const run = await propose(owner.c, id, NOTES);
    expect(run.status).toBe(200);
    expect(run.source).toEqual({ kind: 'parser', reason: 'not-configured' });
    expect(run.proposals.map((task) => [task.title, task.assigneeId, task.priority, task.labels])).toEqual([
      ['Send the deck to the client', member.id, 'medium', ['sales']],
      ['Fix the login bug', null, 'high', []],
      ['Book the venue', owner.id, 'medium', []],
    ]);
    expect(run.proposals.every((task) => /^\d{4}-\d{2}-\d{2}$/.test(task.dueDate ?? ''))).toBe(true);
    const done = run.lines.at(-1);
    expect(done).toMatchObject({ type: 'done', report: { lines: 4, skipped: [{ text: 'Weekly sync', reason: 'no-action' }] } });
    expect(await columnTitles(owner.c, id, (await owner.c.get(`/workspaces/${id}/columns`)).body.columns[0].id)).toEqual([]);
  });

  it('fills the project a line names, by the project’s name or its client’s, from this workspace only', async () => {
    const { owner, id } = await team(t);
    const acme = await addClient(owner, id, { name: 'Acme' });
    const website = await addProject(owner, id, acme.id, { name: 'Website relaunch' });
    const globex = await addClient(owner, id, { name: 'Globex' });
    await addProject(owner, id, globex.id, { name: 'Audit' });
    await addProject(owner, id, globex.id, { name: 'Brand' });
    const stranger = await person(t, 'Sam Stranger');
    const elsewhere = await createWorkspace(stranger, 'Elsewhere');
    const initech = await addClient(stranger, elsewhere, { name: 'Initech' });
    await addProject(stranger, elsewhere, initech.id, { name: 'Payroll' });
    const run = await propose(
      owner.c,
      id,
      ['- Review the website relaunch copy', '- Call Acme about the invoice', '- Send Globex the contract', '- Fix Payroll export'].join(
        '\n',
      ),
    );
    expect(run.proposals.map((task) => [task.title, task.project?.id ?? null])).toEqual([
      ['Review the website relaunch copy', website.id],
      ['Call Acme about the invoice', website.id],
      // Globex has two projects: which one is the person's choice.
      ['Send Globex the contract', null],
      ['Fix Payroll export', null],
    ]);
  });

  it('creates the reviewed tasks in one action, in order, with an event each; one undo removes them all and a redo brings them back', async () => {
    const { owner, member, id, columns } = await team(t);
    const eventsBefore = await t.db.kysely.selectFrom('workspace_events').select('id').where('workspace_id', '=', id).execute();
    const created = await owner.c.post(`/workspaces/${id}/ai/batches`, {
      tasks: [
        { title: 'First', assigneeId: member.id, dueDate: '2026-12-04', priority: 'high', labels: ['sales'] },
        { title: 'Second', description: 'Details' },
        { title: 'Third' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.taskIds).toHaveLength(3);
    expect(await columnTitles(member.c, id, columns[0]!.id)).toEqual(['First', 'Second', 'Third']);
    const first = (await member.c.get(`/workspaces/${id}/tasks/${created.body.taskIds[0]}`)).body.task as Task;
    expect(first).toMatchObject({
      assignee: { id: member.id },
      dueDate: '2026-12-04',
      priority: 'high',
      labels: ['sales'],
      createdBy: { id: owner.id },
    });
    const events = await t.db.kysely
      .selectFrom('workspace_events')
      .select('type')
      .where('workspace_id', '=', id)
      .where('id', '>', eventsBefore.at(-1)?.id ?? 0)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.type)).toEqual(['task.created', 'task.created', 'task.created']);

    // Someone deletes one by hand; the undo removes the other two, and the redo brings back only those.
    expect((await del(member.c, `/workspaces/${id}/tasks/${created.body.taskIds[1]}`)).status).toBe(200);
    const undone = await del(owner.c, `/workspaces/${id}/ai/batches/${created.body.batchId}`);
    expect(undone).toMatchObject({ status: 200, body: { ok: true, message: aiNotice.undone } });
    expect(await columnTitles(owner.c, id, columns[0]!.id)).toEqual([]);
    expect((await del(owner.c, `/workspaces/${id}/ai/batches/${created.body.batchId}`)).body).toEqual({ error: aiError.nothingToUndo });
    const redone = await owner.c.post(`/workspaces/${id}/ai/batches/${created.body.batchId}/restore`, {});
    expect(redone).toMatchObject({ status: 200, body: { message: aiNotice.restored } });
    expect(await columnTitles(owner.c, id, columns[0]!.id)).toEqual(['First', 'Third']);
    expect((await owner.c.post(`/workspaces/${id}/ai/batches/${created.body.batchId}/restore`, {})).status).toBe(409);
  });

  it('creates nothing when one task of the batch is refused', async () => {
    const { owner, id, columns } = await team(t);
    const outsider = await person(t, 'Otto Outsider');
    const answer = await owner.c.post(`/workspaces/${id}/ai/batches`, {
      tasks: [{ title: 'Fine' }, { title: 'Not fine', assigneeId: outsider.id }],
    });
    expect(answer).toMatchObject({ status: 400, body: { error: 'The assignee must be a member of this workspace.' } });
    expect(await columnTitles(owner.c, id, columns[0]!.id)).toEqual([]);
    for (const body of [
      { tasks: [] },
      { tasks: [{ title: '' }] },
      { tasks: [{ title: 'x', columnId: columns[1]!.id }] },
      { tasks: Array.from({ length: 51 }, () => ({ title: 'x' })) },
    ]) {
      const refused = await owner.c.post(`/workspaces/${id}/ai/batches`, body);
      expect(refused.status).toBe(400);
      expect(typeof refused.body.error).toBe('string');
    }
    expect(await columnTitles(owner.c, id, columns[0]!.id)).toEqual([]);
  });

  it('refuses text that is empty, too long or in an unknown time zone', async () => {
    const { owner, id } = await team(t);
    const post = (body: unknown) => owner.c.post(`/workspaces/${id}/ai/proposals`, body);
    expect((await post({ text: '  ', timeZone: 'UTC' })).body).toEqual({ error: 'Paste or type some text first.' });
    expect((await post({ text: 'x'.repeat(20_001), timeZone: 'UTC' })).status).toBe(400);
    expect((await post({ text: 'Fix it', timeZone: 'Mars/Olympus' })).body).toEqual({ error: 'Time zone is not valid.' });
    expect((await post({ text: 'Fix it', timeZone: 'UTC', extra: 1 })).status).toBe(400);
  });

  it("another workspace's proposals, batches and settings are a 404, and a batch cannot be undone from another workspace", async () => {
    const { owner, id } = await team(t);
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    const batch = (await owner.c.post(`/workspaces/${id}/ai/batches`, { tasks: [{ title: 'Ours' }] })).body.batchId as string;
    const notFound = { status: 404, body: { error: workspaceError.notFound } };
    expect(await stranger.c.post(`/workspaces/${id}/ai/proposals`, { text: 'Fix it', timeZone: 'UTC' })).toMatchObject(notFound);
    expect(await stranger.c.post(`/workspaces/${id}/ai/batches`, { tasks: [{ title: 'Theirs' }] })).toMatchObject(notFound);
    expect(await del(stranger.c, `/workspaces/${id}/ai/batches/${batch}`)).toMatchObject(notFound);
    expect(await stranger.c.get(`/workspaces/${id}/ai/settings`)).toMatchObject(notFound);
    expect(await stranger.c.put(`/workspaces/${id}/ai/settings`, { enabled: false })).toMatchObject(notFound);
    // Through their own workspace, our batch does not exist.
    expect(await del(stranger.c, `/workspaces/${theirs}/ai/batches/${batch}`)).toMatchObject({
      status: 404,
      body: { error: aiError.batchNotFound },
    });
    expect((await owner.c.get(`/workspaces/${id}/tasks`)).body.tasks.map((task: Task) => task.title)).toEqual(['Ours']);
  });

  it('lets owners, not members, turn the model off, in the audit trail', async () => {
    const { owner, member, id } = await team(t);
    expect((await member.c.get(`/workspaces/${id}/ai/settings`)).body).toEqual({
      enabled: true,
      model: null,
      usedToday: 0,
      dailyLimit: 200,
      canChange: false,
    });
    expect(await member.c.put(`/workspaces/${id}/ai/settings`, { enabled: false })).toMatchObject({
      status: 403,
      body: { error: aiError.ownerOnly },
    });
    const off = await owner.c.put(`/workspaces/${id}/ai/settings`, { enabled: false });
    expect(off).toMatchObject({ status: 200, body: { enabled: false, canChange: true } });
    expect(await auditActions(t, id)).toContain('ai.settings');
    expect((await owner.c.put(`/workspaces/${id}/ai/settings`, { enabled: 'no' })).status).toBe(400);
  });

  it('stops one person proposing past 60 an hour with a 429 and a clear message; a teammate still can', async () => {
    const { owner, member, id } = await team(t);
    for (let index = 0; index < 60; index += 1) expect((await propose(owner.c, id, 'Fix it')).status).toBe(200);
    const refused = await owner.c.post(`/workspaces/${id}/ai/proposals`, { text: 'Fix it', timeZone: 'UTC' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many attempts/);
    expect((await propose(member.c, id, 'Fix it')).status).toBe(200);
  });
});
