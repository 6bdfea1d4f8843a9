import type { Page } from '#src/shared/docs/paths.ts';

export interface Row {
  page: Page;
  depth: number;
}

// Where a page goes: under `parentId` (null: the top), at `index` among its new siblings.
export interface Placement {
  parentId: string | null;
  index: number;
}

const byPosition = (a: Page, b: Page) => a.position - b.position || a.id.localeCompare(b.id);

export const childrenOf = (pages: Page[], parentId: string | null) => pages.filter((page) => page.parentId === parentId).sort(byPosition);

// The tree read top to bottom, each page after its parent, with how deep it sits (0 at the top).
export function flatten(pages: Page[], parentId: string | null = null, depth = 0): Row[] {
  return childrenOf(pages, parentId).flatMap((page) => [{ page, depth }, ...flatten(pages, page.id, depth + 1)]);
}

function isInside(pages: Page[], id: string, ancestorId: string): boolean {
  const parent = new Map(pages.map((page) => [page.id, page.parentId]));
  for (let at = parent.get(id) ?? null; at !== null; at = parent.get(at) ?? null) if (at === ancestorId) return true;
  return false;
}

// A drop of `activeId` onto `overId` (dnd-kit): the page takes the other's place among that one's
// siblings. Null when nothing changes or the drop would put a page inside itself.
export function dropPlacement(pages: Page[], activeId: string, overId: string): Placement | null {
  if (activeId === overId || isInside(pages, overId, activeId)) return null;
  const over = pages.find((page) => page.id === overId);
  const active = pages.find((page) => page.id === activeId);
  if (!over || !active) return null;
  const siblings = childrenOf(pages, over.parentId).filter((page) => page.id !== activeId);
  const overIndex = siblings.findIndex((page) => page.id === overId);
  // Dragged down past a sibling, it lands after it; otherwise before.
  const movingDown = active.parentId === over.parentId && active.position < over.position;
  return { parentId: over.parentId, index: overIndex + (movingDown ? 1 : 0) };
}

export type KeyMove = 'up' | 'down' | 'in' | 'out';

// The tree's keyboard moves: up and down among siblings, in (to the end of the sibling above's pages),
// out (just after its parent). Null where there is nowhere to go.
export function keyPlacement(pages: Page[], pageId: string, move: KeyMove): Placement | null {
  const page = pages.find((one) => one.id === pageId);
  if (!page) return null;
  const siblings = childrenOf(pages, page.parentId);
  const index = siblings.findIndex((one) => one.id === pageId);
  switch (move) {
    case 'up':
      return index > 0 ? { parentId: page.parentId, index: index - 1 } : null;
    case 'down':
      return index < siblings.length - 1 ? { parentId: page.parentId, index: index + 1 } : null;
    case 'in': {
      const above = siblings[index - 1];
      return above ? { parentId: above.id, index: childrenOf(pages, above.id).length } : null;
    }
    case 'out': {
      const parent = pages.find((one) => one.id === page.parentId);
      if (!parent) return null;
      const parentIndex = childrenOf(pages, parent.parentId).findIndex((one) => one.id === parent.id);
      return { parentId: parent.parentId, index: parentIndex + 1 };
    }
  }
}
