import { beforeEach, describe, expect, it } from 'vitest';
import { taskError, taskNotice } from '#src/shared/tasks/messages.ts';
import { COLUMNS_MAX, type Column } from '#src/shared/tasks/paths.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { currentWorkspaceId, del, person } from '../../../tests/support/workspaces.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';

// Product rules T4: every board starts with three columns; owners rename, add, reorder and remove them;
// a column with tasks, and the last column, stay.
describe.each(engines)('board columns on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  const names = async (c: { get: (path: string) => Promise<{ body: { columns: Column[] } }> }, id: string) =>
    (await c.get(`/workspaces/${id}/columns`)).body.columns.map((column) => column.name);

  it('gives an existing workspace its three columns once, however many first visits race', async () => {
    const solo = await person(t, 'Solo Sam');
    const id = await currentWorkspaceId(solo);
    const lists = await Promise.all(Array.from({ length: 5 }, () => solo.c.get(`/workspaces/${id}/columns`)));
    for (const list of lists) expect(list.body.columns.map((column: Column) => column.name)).toEqual(['To do', 'In progress', 'Done']);
    const rows = await t.db.kysely.selectFrom('board_columns').select('id').where('workspace_id', '=', id).execute();
    expect(rows).toHaveLength(3);
  });

  it('lets an owner rename, add, reorder and remove columns', async () => {
    const { owner, member, id, columns } = await team(t);
    const renamed = await owner.c.put(`/workspaces/${id}/columns/${columns[1]!.id}`, { name: ' Doing ' });
    expect(renamed.body.column).toMatchObject({ id: columns[1]!.id, name: 'Doing' });
    const added = await owner.c.post(`/workspaces/${id}/columns`, { name: 'Review' });
    expect(added.status).toBe(201);
    expect(await names(member.c, id)).toEqual(['To do', 'Doing', 'Done', 'Review']);
    await owner.c.post(`/workspaces/${id}/columns/${added.body.column.id}/move`, { afterId: columns[1]!.id });
    expect(await names(member.c, id)).toEqual(['To do', 'Doing', 'Review', 'Done']);
    await owner.c.post(`/workspaces/${id}/columns/${columns[2]!.id}/move`, { afterId: null });
    expect(await names(member.c, id)).toEqual(['Done', 'To do', 'Doing', 'Review']);
    const removed = await del(owner.c, `/workspaces/${id}/columns/${added.body.column.id}`);
    expect(removed).toMatchObject({ status: 200, body: { ok: true, message: taskNotice.columnRemoved } });
    expect(await names(member.c, id)).toEqual(['Done', 'To do', 'Doing']);
  });

  it('refuses column changes to members with 403, changing nothing', async () => {
    const { member, id, columns } = await team(t);
    const answers = [
      await member.c.post(`/workspaces/${id}/columns`, { name: 'Mine' }),
      await member.c.put(`/workspaces/${id}/columns/${columns[0]!.id}`, { name: 'Mine' }),
      await member.c.post(`/workspaces/${id}/columns/${columns[0]!.id}/move`, { afterId: columns[2]!.id }),
      await del(member.c, `/workspaces/${id}/columns/${columns[2]!.id}`),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ status: 403, body: { error: taskError.ownerOnlyColumns } });
    expect(await names(member.c, id)).toEqual(['To do', 'In progress', 'Done']);
  });

  it('keeps a column with tasks and the last column, and takes deleted tasks along to the next one', async () => {
    const { owner, id, columns } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Busy', columnId: columns[1]!.id });
    const busy = await del(owner.c, `/workspaces/${id}/columns/${columns[1]!.id}`);
    expect(busy).toMatchObject({ status: 409, body: { error: taskError.columnNotEmpty } });
    await del(owner.c, `/workspaces/${id}/tasks/${task.id}`);
    expect((await del(owner.c, `/workspaces/${id}/columns/${columns[1]!.id}`)).status).toBe(200);
    const restored = await owner.c.post(`/workspaces/${id}/tasks/${task.id}/restore`, {});
    expect(restored.body.task.columnId).toBe(columns[0]!.id);
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/move`, { columnId: columns[2]!.id, afterId: null });
    expect((await del(owner.c, `/workspaces/${id}/columns/${columns[0]!.id}`)).status).toBe(200);
    const last = await del(owner.c, `/workspaces/${id}/columns/${columns[2]!.id}`);
    expect(last.status).toBe(409);
    await del(owner.c, `/workspaces/${id}/tasks/${task.id}`);
    expect(await del(owner.c, `/workspaces/${id}/columns/${columns[2]!.id}`)).toMatchObject({
      status: 409,
      body: { error: taskError.lastColumn },
    });
    expect(await names(owner.c, id)).toEqual(['Done']);
  });

  it(`stops at ${COLUMNS_MAX} columns`, async () => {
    const { owner, id } = await team(t);
    for (let i = 3; i < COLUMNS_MAX; i++) expect((await owner.c.post(`/workspaces/${id}/columns`, { name: `C${i}` })).status).toBe(201);
    const over = await owner.c.post(`/workspaces/${id}/columns`, { name: 'One too many' });
    expect(over).toMatchObject({ status: 409, body: { error: taskError.tooManyColumns(COLUMNS_MAX) } });
  });
});
