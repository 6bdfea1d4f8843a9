import { generateKeyBetween } from 'fractional-indexing';
import type { Column, Task } from '#src/shared/tasks/paths.ts';

// The board as the browser holds it. Tasks are kept by id, and each column keeps the ids of its
// tasks in board order, so a change touches one or two lists and every other card keeps its object (its
// memoised card does not render again: the ≤ 50 ms move budget, product rules B).
export interface BoardState {
  columns: Column[];
  tasks: Readonly<Record<string, Task>>;
  order: Readonly<Record<string, readonly string[]>>;
}

export type BoardAction =
  // A fresh start (first load, or a refetch after a reconnect that missed too much).
  | { type: 'reset'; columns: Column[] }
  // One page of a column's tasks, as the board loads.
  | { type: 'tasks-loaded'; tasks: Task[] }
  // A task as the server now holds it (an answer or a live event): created, edited, moved or restored.
  | { type: 'task-saved'; task: Task }
  | { type: 'task-removed'; id: string }
  // The person dropped a card after `afterId` (null: the top): shown at once, before the server answers;
  // a refusal puts the task back with 'task-saved'.
  | { type: 'task-moved'; id: string; columnId: string; afterId: string | null }
  | { type: 'column-saved'; column: Column }
  | { type: 'column-removed'; id: string };

export const emptyBoard: BoardState = { columns: [], tasks: {}, order: {} };

interface Placed {
  position: string;
  id: string;
}

// Positions are fractional-index keys compared as plain strings (code points, not locale); the id breaks
// a tie, so every browser shows the same order.
const precedes = (a: Placed, b: Placed) => a.position < b.position || (a.position === b.position && a.id < b.id);
const compare = (a: Placed, b: Placed) => (precedes(a, b) ? -1 : precedes(b, a) ? 1 : 0);

function insertSorted(ids: readonly string[], tasks: Readonly<Record<string, Task>>, task: Task): string[] {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (precedes(tasks[ids[middle]!]!, task)) low = middle + 1;
    else high = middle;
  }
  return [...ids.slice(0, low), task.id, ...ids.slice(low)];
}

function withoutTask(state: BoardState, id: string): BoardState {
  const held = state.tasks[id];
  if (!held) return state;
  const { [id]: _gone, ...tasks } = state.tasks;
  const list = state.order[held.columnId] ?? [];
  return { ...state, tasks, order: { ...state.order, [held.columnId]: list.filter((one) => one !== id) } };
}

function place(state: BoardState, task: Task): BoardState {
  const rest = withoutTask(state, task.id);
  const tasks = { ...rest.tasks, [task.id]: task };
  return { ...rest, tasks, order: { ...rest.order, [task.columnId]: insertSorted(rest.order[task.columnId] ?? [], tasks, task) } };
}

// An older copy of a task (an answer overtaken by a live event, or the reverse) must not bring back what
// it replaced: edits raise `version`, moves only `updatedAt`.
const isOlder = (incoming: Task, held: Task) =>
  incoming.version < held.version || (incoming.version === held.version && incoming.updatedAt < held.updatedAt);

function saveTask(state: BoardState, task: Task): BoardState {
  const held = state.tasks[task.id];
  if (held && isOlder(task, held)) return state;
  if (held && held.columnId === task.columnId && held.position === task.position) {
    return { ...state, tasks: { ...state.tasks, [task.id]: task } };
  }
  return place(state, task);
}

// A page at once: each touched column is sorted once, not once per task.
function saveMany(state: BoardState, incoming: Task[]): BoardState {
  const tasks = { ...state.tasks };
  const touched = new Set<string>();
  for (const task of incoming) {
    const held = tasks[task.id];
    if (held && isOlder(task, held)) continue;
    if (held) touched.add(held.columnId);
    touched.add(task.columnId);
    tasks[task.id] = task;
  }
  const order: Record<string, readonly string[]> = { ...state.order };
  const lists = new Map([...touched].map((column) => [column, [] as Task[]]));
  for (const task of Object.values(tasks)) lists.get(task.columnId)?.push(task);
  for (const [column, list] of lists) order[column] = list.sort(compare).map((task) => task.id);
  return { ...state, tasks, order };
}

// The position the server will give a card put after `afterId`: between that card and the next one.
function positionAfter(state: BoardState, id: string, columnId: string, afterId: string | null): string {
  const others = (state.order[columnId] ?? []).filter((one) => one !== id);
  const at = afterId === null ? -1 : others.indexOf(afterId);
  const above = at < 0 ? null : state.tasks[others[at]!]!.position;
  const below = others[at + 1];
  const belowPosition = below ? state.tasks[below]!.position : null;
  // Two cards on one position (concurrent moves the server has not yet spread) leave no key between them.
  return above !== null && belowPosition !== null && above >= belowPosition ? above : generateKeyBetween(above, belowPosition);
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'reset': {
      const columns = [...action.columns].sort(compare);
      return { columns, tasks: {}, order: Object.fromEntries(columns.map((column) => [column.id, []])) };
    }
    case 'tasks-loaded':
      return saveMany(state, action.tasks);
    case 'task-saved':
      return saveTask(state, action.task);
    case 'task-removed':
      return withoutTask(state, action.id);
    case 'task-moved': {
      const held = state.tasks[action.id];
      if (!held) return state;
      return place(state, {
        ...held,
        columnId: action.columnId,
        position: positionAfter(state, action.id, action.columnId, action.afterId),
      });
    }
    case 'column-saved': {
      const columns = [...state.columns.filter((one) => one.id !== action.column.id), action.column].sort(compare);
      return { ...state, columns, order: { [action.column.id]: [], ...state.order } };
    }
    case 'column-removed': {
      const { [action.id]: _gone, ...order } = state.order;
      return { ...state, columns: state.columns.filter((one) => one.id !== action.id), order };
    }
  }
}
