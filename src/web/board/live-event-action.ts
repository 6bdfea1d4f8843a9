import type { LiveEvent } from '#src/shared/tasks/paths.ts';
import type { BoardAction } from './board-state.ts';

// The live event as a change to the board (product rules TB4: a teammate's create, edit, move, delete or comment
// shows within a second, without a reload).
export function actionFor(event: LiveEvent): BoardAction | null {
  switch (event.type) {
    case 'task.created':
    case 'task.updated':
      return { type: 'task-saved', task: event.task };
    case 'task.deleted':
      return { type: 'task-removed', id: event.task.id };
    case 'column.created':
    case 'column.updated':
      return { type: 'column-saved', column: event.column };
    case 'column.deleted':
      return { type: 'column-removed', id: event.column.id };
    default:
      // Comments, clients, projects and approvals change no card.
      return null;
  }
}
