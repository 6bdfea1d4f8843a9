import { generateNKeysBetween } from 'fractional-indexing';
import { describe, expect, it } from 'vitest';
import type { Column, Task } from '#src/shared/tasks/paths.ts';
import { boardReducer, emptyBoard, type BoardAction, type BoardState } from './board-state.ts';
import { sampleTask } from '../../../tests/support/sample-tasks.ts';

const WS = 'ws-1';
const columns: Column[] = [
  { id: 'done', workspaceId: WS, name: 'Done', position: 'a2' },
  { id: 'todo', workspaceId: WS, name: 'To do', position: 'a0' },
  { id: 'doing', workspaceId: WS, name: 'In progress', position: 'a1' },
];

const keys = generateNKeysBetween(null, null, 5);
const task = (id: string, columnId: string, position: string, more: Partial<Task> = {}): Task =>
  sampleTask({ id, key: `T-${id}`, workspaceId: WS, columnId, title: `Task ${id}`, position, ...more });

const run = (...actions: BoardAction[]) => actions.reduce(boardReducer, emptyBoard);

// A board with a, b, c in To do and d in In progress (pages arriving out of order).
function loaded(): BoardState {
  return run(
    { type: 'reset', columns },
    { type: 'tasks-loaded', tasks: [task('c', 'todo', keys[2]!), task('d', 'doing', keys[0]!)] },
    { type: 'tasks-loaded', tasks: [task('b', 'todo', keys[1]!), task('a', 'todo', keys[0]!)] },
  );
}

describe('the board state', () => {
  it('orders columns and each column’s tasks by position, whatever order the pages come in', () => {
    const state = loaded();
    expect(state.columns.map((column) => column.name)).toEqual(['To do', 'In progress', 'Done']);
    expect(state.order).toEqual({ todo: ['a', 'b', 'c'], doing: ['d'], done: [] });
  });

  it('shows a dropped card at once after the card it now follows, then keeps the server’s answer', () => {
    const before = loaded();
    const moved = boardReducer(before, { type: 'task-moved', id: 'a', columnId: 'doing', afterId: 'd' });
    expect(moved.order).toEqual({ todo: ['b', 'c'], doing: ['d', 'a'], done: [] });
    const top = boardReducer(before, { type: 'task-moved', id: 'c', columnId: 'todo', afterId: null });
    expect(top.order.todo).toEqual(['c', 'a', 'b']);
    const between = boardReducer(before, { type: 'task-moved', id: 'c', columnId: 'todo', afterId: 'a' });
    expect(between.order.todo).toEqual(['a', 'c', 'b']);

    const answer = { ...moved.tasks.a!, position: 'a1V', updatedAt: '2026-11-23T10:00:01.000Z' };
    const settled = boardReducer(moved, { type: 'task-saved', task: answer });
    expect(settled.order.doing).toEqual(['d', 'a']);
    expect(settled.tasks.a).toBe(answer);
  });

  it('rolls a refused move back to where the card was', () => {
    const before = loaded();
    const held = before.tasks.b!;
    const moved = boardReducer(before, { type: 'task-moved', id: 'b', columnId: 'done', afterId: null });
    expect(moved.order.done).toEqual(['b']);
    const rolledBack = boardReducer(moved, { type: 'task-saved', task: held });
    expect(rolledBack.order).toEqual(before.order);
    expect(rolledBack.tasks.b).toBe(held);
  });

  it('does not roll back over a teammate’s newer move that arrived meanwhile', () => {
    const before = loaded();
    const held = before.tasks.b!;
    const mine = boardReducer(before, { type: 'task-moved', id: 'b', columnId: 'done', afterId: null });
    const theirs = { ...held, columnId: 'doing', position: keys[1]!, updatedAt: '2026-11-23T10:00:05.000Z' };
    const afterEvent = boardReducer(mine, { type: 'task-saved', task: theirs });
    const afterRollback = boardReducer(afterEvent, { type: 'task-saved', task: held });
    expect(afterRollback.order).toEqual({ todo: ['a', 'c'], doing: ['d', 'b'], done: [] });
  });

  it('applies live events: a teammate’s new task, edit, move and delete', () => {
    let state = loaded();
    state = boardReducer(state, { type: 'task-saved', task: task('e', 'todo', keys[3]!) });
    expect(state.order.todo).toEqual(['a', 'b', 'c', 'e']);
    const edited = { ...state.tasks.a!, title: 'Renamed', version: 2 };
    state = boardReducer(state, { type: 'task-saved', task: edited });
    expect(state.tasks.a!.title).toBe('Renamed');
    expect(state.order.todo).toEqual(['a', 'b', 'c', 'e']);
    state = boardReducer(state, {
      type: 'task-saved',
      task: { ...state.tasks.c!, columnId: 'done', updatedAt: '2026-11-23T10:01:00.000Z' },
    });
    expect(state.order).toEqual({ todo: ['a', 'b', 'e'], doing: ['d'], done: ['c'] });
    state = boardReducer(state, { type: 'task-removed', id: 'b' });
    expect(state.order.todo).toEqual(['a', 'e']);
    expect(state.tasks.b).toBeUndefined();
  });

  it('ignores an older copy of a task that arrives after a newer one (an answer overtaken by an event)', () => {
    const state = loaded();
    const newer = { ...state.tasks.a!, title: 'Second edit', version: 3 };
    const older = { ...state.tasks.a!, title: 'First edit', version: 2 };
    const after = [newer, older].reduce((held, one) => boardReducer(held, { type: 'task-saved', task: one }), state);
    expect(after.tasks.a!.title).toBe('Second edit');
  });

  it('keeps every untouched card’s object when one card moves (memoised cards skip rendering)', () => {
    const before = loaded();
    const after = boardReducer(before, { type: 'task-moved', id: 'a', columnId: 'doing', afterId: null });
    for (const id of ['b', 'c', 'd']) expect(after.tasks[id]).toBe(before.tasks[id]);
    expect(after.order.done).toBe(before.order.done);
  });

  it('adds, renames and removes columns', () => {
    let state = loaded();
    state = boardReducer(state, { type: 'column-saved', column: { id: 'review', workspaceId: WS, name: 'Review', position: 'a1V' } });
    expect(state.columns.map((column) => column.name)).toEqual(['To do', 'In progress', 'Review', 'Done']);
    expect(state.order.review).toEqual([]);
    state = boardReducer(state, { type: 'column-saved', column: { ...state.columns[0]!, name: 'Backlog' } });
    expect(state.columns[0]!.name).toBe('Backlog');
    expect(state.order.todo).toEqual(['a', 'b', 'c']);
    state = boardReducer(state, { type: 'column-removed', id: 'review' });
    expect(state.columns.map((column) => column.id)).toEqual(['todo', 'doing', 'done']);
    expect(state.order.review).toBeUndefined();
  });
});
