import { describe, expect, it } from 'vitest';
import type { Column, Comment, LiveEvent } from '#src/shared/tasks/paths.ts';
import { boardReducer, emptyBoard } from './board-state.ts';
import { actionFor } from './live-event-action.ts';
import { sampleTask } from '../../../tests/support/sample-tasks.ts';

const column: Column = { id: 'c1', workspaceId: 'w', name: 'To do', position: 'a0' };
const task = sampleTask({ workspaceId: 'w', columnId: 'c1', title: 'A' });
const comment: Comment = {
  id: 'k1',
  workspaceId: 'w',
  taskId: 't1',
  body: 'hi',
  author: null,
  editedAt: null,
  forClient: false,
  createdAt: task.createdAt,
};
const meta = { id: '1', workspaceId: 'w', actorId: null, occurredAt: task.createdAt };

// Each event, applied to a board, as a teammate's browser would (product rules TB4).
const apply = (...events: LiveEvent[]) =>
  events.reduce(
    (state, event) => {
      const action = actionFor(event);
      return action ? boardReducer(state, action) : state;
    },
    boardReducer(emptyBoard, { type: 'reset', columns: [column] }),
  );

describe('live events on the board', () => {
  it('create, move, edit and delete a task', () => {
    const created = apply({ ...meta, type: 'task.created', task, restored: false });
    expect(created.order.c1).toEqual(['t1']);
    const moved = apply(
      { ...meta, type: 'task.created', task, restored: false },
      { ...meta, type: 'column.created', column: { ...column, id: 'c2', name: 'Done', position: 'a1' } },
      { ...meta, type: 'task.updated', task: { ...task, columnId: 'c2', updatedAt: '2026-11-23T10:00:01.000Z' }, moved: true },
    );
    expect(moved.order).toEqual({ c1: [], c2: ['t1'] });
    const gone = apply({ ...meta, type: 'task.created', task, restored: false }, { ...meta, type: 'task.deleted', task });
    expect(gone.tasks.t1).toBeUndefined();
  });

  it('rename and remove columns; a comment changes no card', () => {
    const renamed = apply({ ...meta, type: 'column.updated', column: { ...column, name: 'Backlog' } });
    expect(renamed.columns.map((one) => one.name)).toEqual(['Backlog']);
    expect(apply({ ...meta, type: 'column.deleted', column }).columns).toEqual([]);
    expect(actionFor({ ...meta, type: 'comment.added', comment })).toBeNull();
  });
});
