import type { UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import { columnOfDropId } from './drag-ids.ts';

// Each column's card ids in the order shown.
export type Lists = Readonly<Record<string, readonly string[]>>;

// The column whose list holds this card, or the column of this drop area.
export const columnHolding = (lists: Lists, id: UniqueIdentifier): string | null => {
  const key = String(id);
  const column = columnOfDropId(key);
  if (column !== null) return column in lists ? column : null;
  return Object.keys(lists).find((one) => lists[one]!.includes(key)) ?? null;
};

// Where a held card would land if dropped now, over `over` (a card or a column's drop area): that column
// and its list with the card in place. Another column takes it before the card it is over (at the end
// over the empty area); in its own column it takes the place of the card it is over. The move, the
// column making room, and what a screen reader hears all come from this one answer.
export function dropPlace(
  lists: Lists,
  active: UniqueIdentifier,
  over: UniqueIdentifier | null,
): { column: string; list: readonly string[] } | null {
  const id = String(active);
  const from = columnHolding(lists, id);
  if (from === null) return null;
  const to = over === null ? from : (columnHolding(lists, over) ?? from);
  const target = lists[to]!;
  const overIndex = over === null ? -1 : target.indexOf(String(over));
  if (to !== from) {
    const index = overIndex < 0 ? target.length : overIndex;
    return { column: to, list: [...target.slice(0, index), id, ...target.slice(index)] };
  }
  return { column: from, list: overIndex < 0 ? target : arrayMove([...target], target.indexOf(id), overIndex) };
}
