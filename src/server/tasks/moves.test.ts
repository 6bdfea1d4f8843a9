import { beforeEach, describe, expect, it } from 'vitest';
import { taskError } from '#src/shared/tasks/messages.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { columnTitles, createTask, team } from '../../../tests/support/tasks.ts';

// Product rules T3: a move places the card right after the one named, and many moves at once from
// several people leave every card in exactly one place, in a consistent order.
describe.each(engines)('moving tasks on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('moves within and between columns, by the card it should follow', async () => {
    const { owner, id, columns } = await team(t);
    const [todo, doing] = [columns[0]!.id, columns[1]!.id];
    const c = await createTask(owner.c, id, { title: 'C' });
    const b = await createTask(owner.c, id, { title: 'B' });
    const a = await createTask(owner.c, id, { title: 'A' });
    const move = (task: Task, columnId: string, afterId: string | null) =>
      owner.c.post(`/workspaces/${id}/tasks/${task.id}/move`, { columnId, afterId });
    expect((await move(a, todo, c.id)).body.task).toMatchObject({ columnId: todo, version: 1 });
    expect(await columnTitles(owner.c, id, todo)).toEqual(['B', 'C', 'A']);
    await move(c, doing, null);
    await move(b, doing, c.id);
    expect(await columnTitles(owner.c, id, todo)).toEqual(['A']);
    expect(await columnTitles(owner.c, id, doing)).toEqual(['C', 'B']);
    // Already in place: the same answer, nothing changed.
    const still = await move(b, doing, c.id);
    expect(still.body.task.position).toBe((await owner.c.get(`/workspaces/${id}/tasks/${b.id}`)).body.task.position);
    const gone = await move(a, todo, b.id);
    expect(gone).toMatchObject({ status: 409, body: { error: taskError.anchorNotFound } });
    expect((await move(a, todo, a.id)).status).toBe(409);
  });

  it('keeps every card in one place under 40 concurrent moves from two people', async () => {
    const { owner, member, id, columns } = await team(t);
    const tasks: Task[] = [];
    for (let i = 0; i < 12; i++) tasks.push(await createTask(owner.c, id, { title: `T${i}` }));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const task = tasks[i % tasks.length]!;
        const anchor = i % 4 === 0 ? null : tasks[(i * 7 + 3) % tasks.length]!;
        const column = columns[i % 3]!.id;
        return (i % 2 ? owner : member).c.post(`/workspaces/${id}/tasks/${task.id}/move`, {
          columnId: column,
          afterId: anchor && anchor.id !== task.id ? anchor.id : null,
        });
      }),
    );
    // A move whose anchor had just left that column is refused; none fails otherwise.
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(10);
    const rows = await t.db.kysely
      .selectFrom('tasks')
      .select(['id', 'column_id', 'position'])
      .where('workspace_id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
    expect(rows).toHaveLength(12);
    const places = rows.map((row) => `${row.column_id}/${row.position}`);
    expect(new Set(places).size).toBe(12);
    // The API's order is the order of the keys compared as plain code-point strings.
    const listed: string[] = [];
    for (const column of columns) listed.push(...(await columnTitles(owner.c, id, column.id)));
    expect(listed.sort()).toEqual(tasks.map((task) => task.title).sort());
    for (const column of columns) {
      const keys = rows.filter((row) => row.column_id === column.id).map((row) => row.position);
      const byApi = (await owner.c.get(`/workspaces/${id}/tasks?column=${column.id}`)).body.tasks.map((task: Task) => task.position);
      expect(byApi).toEqual([...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    }
  });

  it('sorts places as code points on both engines (upper case before lower case)', async () => {
    const { owner, id, columns } = await team(t);
    // Each new task goes above the last: the keys run down from "a0" into "Z…" territory.
    for (let i = 0; i < 5; i++) await createTask(owner.c, id, { title: `N${i}` });
    const positions = (await owner.c.get(`/workspaces/${id}/tasks?column=${columns[0]!.id}`)).body.tasks.map((task: Task) => task.position);
    expect(positions[positions.length - 1]).toBe('a0');
    expect(positions[0]).toMatch(/^Z/);
    expect(await columnTitles(owner.c, id, columns[0]!.id)).toEqual(['N4', 'N3', 'N2', 'N1', 'N0']);
  });
});
