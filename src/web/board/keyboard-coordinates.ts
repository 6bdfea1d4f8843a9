import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { columnDropId } from './drag-ids.ts';
import { dropPlace, type Lists } from './drop-place.ts';

const steps: Partial<Record<string, { across: -1 | 0 | 1; along: -1 | 0 | 1 }>> = {
  [KeyboardCode.Left]: { across: -1, along: 0 },
  [KeyboardCode.Right]: { across: 1, along: 0 },
  [KeyboardCode.Up]: { across: 0, along: -1 },
  [KeyboardCode.Down]: { across: 0, along: 1 },
};

interface Coordinates {
  x: number;
  y: number;
}

// dnd-kit's keyboard sensor scrolls a list itself when the new place lies beyond the middle of it, and
// then leaves the held card where it was and waits for the scroll to carry a column under it: with the
// card drawn in an overlay, it measures the columns mid-way and the card lands in one it passed. So the
// board scrolls first, at once, until the new place lies where the sensor has nothing left to scroll.
function scrollWithin(point: Coordinates, code: string, ancestors: readonly Element[]): Coordinates {
  const across = code === KeyboardCode.Left || code === KeyboardCode.Right;
  const forward = code === KeyboardCode.Right || code === KeyboardCode.Down;
  let { x, y } = point;
  for (const element of ancestors) {
    const page = element === document.scrollingElement;
    const box = element.getBoundingClientRect();
    const start = page ? 0 : across ? box.left : box.top;
    const size = page ? (across ? window.innerWidth : window.innerHeight) : across ? element.clientWidth : element.clientHeight;
    // The band the sensor accepts: from the near edge to the middle going forward, the middle on going back.
    const low = forward ? start : start + size / 2;
    const high = forward ? start + size / 2 : start + size;
    const at = across ? x : y;
    const by = at < low ? at - low : at > high ? at - high : 0;
    if (by === 0) continue;
    const before = across ? element.scrollLeft : element.scrollTop;
    element.scrollTo({ [across ? 'left' : 'top']: before + by, behavior: 'instant' });
    const moved = (across ? element.scrollLeft : element.scrollTop) - before;
    if (across) x -= moved;
    else y -= moved;
  }
  return { x, y };
}

// Where the keyboard last sent the held card: its column, and its place among that column's other cards.
interface Aim {
  column: string;
  index: number;
}

// Product rules TB3: the arrows move a held card one place up or down its column, or into the column to
// its left or right, level with the card it was beside. dnd-kit's sortableKeyboardCoordinates picks the
// nearest drop area by geometry alone, and on a board that is the card's own column (Left never left it)
// or the card it has just joined (a second Right went nowhere); the board's own lists say where a card is.
// It remembers each step at once, so keys pressed faster than the board repaints still count each one.
// One per board: `see` gives it the lists after each paint, `reset` forgets the aim when a drag starts or ends.
export function boardKeyboard() {
  let lists: Lists = {};
  let columnIds: readonly string[] = [];
  const aim: { current: Aim | null } = { current: null };
  const coordinates: KeyboardCoordinateGetter = (
    event,
    { active, context: { collisionRect, droppableRects, over, scrollableAncestors } },
  ) => {
    const step = steps[event.code];
    if (!step) return undefined;
    event.preventDefault();
    if (!collisionRect) return undefined;
    const id = String(active);
    const now = dropPlace(lists, id, over ? over.id : null);
    const here = aim.current ?? (now ? { column: now.column, index: now.list.indexOf(id) } : null);
    if (here === null) return undefined;
    const others = (column: string) => (lists[column] ?? []).filter((one) => one !== id);

    if (step.along !== 0) {
      const list = others(here.column);
      // Going down it passes the card after it; going up, the one before it.
      const neighbour = list[step.along > 0 ? here.index : here.index - 1];
      const rect = neighbour === undefined ? undefined : droppableRects.get(neighbour);
      if (!rect) return undefined;
      aim.current = { column: here.column, index: here.index + step.along };
      // Going down, its bottom meets the neighbour's bottom, so cards of other heights still swap.
      const y = step.along > 0 ? rect.top + rect.height - collisionRect.height : rect.top;
      return scrollWithin({ x: collisionRect.left, y }, event.code, scrollableAncestors);
    }

    const to = columnIds[columnIds.indexOf(here.column) + step.across];
    if (to === undefined) return undefined;
    // Level with the card it was beside: the card there whose top is nearest its own, which it goes before.
    let index = -1;
    let distance = Infinity;
    others(to).forEach((one, at) => {
      const rect = droppableRects.get(one);
      if (rect && Math.abs(rect.top - collisionRect.top) < distance) {
        distance = Math.abs(rect.top - collisionRect.top);
        index = at;
      }
    });
    const rect = index < 0 ? droppableRects.get(columnDropId(to)) : droppableRects.get(others(to)[index]!);
    if (!rect) return undefined;
    aim.current = { column: to, index: index < 0 ? others(to).length : index };
    return scrollWithin({ x: rect.left, y: rect.top }, event.code, scrollableAncestors);
  };
  return {
    coordinates,
    see(shown: Lists, ids: readonly string[]) {
      lists = shown;
      columnIds = ids;
    },
    reset() {
      aim.current = null;
    },
  };
}
