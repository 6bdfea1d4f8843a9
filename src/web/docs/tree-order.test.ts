import { describe, expect, it } from 'vitest';
import type { Page } from '#src/shared/docs/paths.ts';
import { dropPlacement, flatten, keyPlacement } from './tree-order.ts';

const page = (id: string, parentId: string | null, position: number): Page => ({
  id,
  parentId,
  position,
  title: id,
  icon: null,
  createdBy: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
});

// a ─ a1, a2; b; c
const pages = [page('c', null, 2), page('a2', 'a', 1), page('a', null, 0), page('b', null, 1), page('a1', 'a', 0)];

describe('the page tree order', () => {
  it('reads the tree top to bottom with depths', () => {
    expect(flatten(pages).map((row) => `${row.page.id}:${row.depth}`)).toEqual(['a:0', 'a1:1', 'a2:1', 'b:0', 'c:0']);
  });

  it('places a dropped page where the page it was dropped on stood', () => {
    expect(dropPlacement(pages, 'c', 'a')).toEqual({ parentId: null, index: 0 });
    expect(dropPlacement(pages, 'a', 'c')).toEqual({ parentId: null, index: 2 });
    expect(dropPlacement(pages, 'b', 'a2')).toEqual({ parentId: 'a', index: 1 });
    expect(dropPlacement(pages, 'a', 'a1')).toBeNull();
    expect(dropPlacement(pages, 'b', 'b')).toBeNull();
  });

  it('moves by keyboard up, down, into the page above and out of its parent', () => {
    expect(keyPlacement(pages, 'b', 'up')).toEqual({ parentId: null, index: 0 });
    expect(keyPlacement(pages, 'a', 'up')).toBeNull();
    expect(keyPlacement(pages, 'a1', 'down')).toEqual({ parentId: 'a', index: 1 });
    expect(keyPlacement(pages, 'c', 'down')).toBeNull();
    expect(keyPlacement(pages, 'b', 'in')).toEqual({ parentId: 'a', index: 2 });
    expect(keyPlacement(pages, 'a', 'in')).toBeNull();
    expect(keyPlacement(pages, 'a2', 'out')).toEqual({ parentId: null, index: 1 });
    expect(keyPlacement(pages, 'b', 'out')).toBeNull();
  });
});
