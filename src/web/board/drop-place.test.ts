import { describe, expect, it } from 'vitest';
import { columnDropId } from './drag-ids.ts';
import { dropPlace } from './drop-place.ts';

const lists = { todo: ['a', 'b', 'c'], doing: ['d'], done: [] };

describe('where a held card lands', () => {
  it('takes the place of the card it is over in its own column, down or up', () => {
    expect(dropPlace(lists, 'a', 'c')).toEqual({ column: 'todo', list: ['b', 'c', 'a'] });
    expect(dropPlace(lists, 'c', 'a')).toEqual({ column: 'todo', list: ['c', 'a', 'b'] });
    expect(dropPlace(lists, 'b', 'b')).toEqual({ column: 'todo', list: ['a', 'b', 'c'] });
  });

  it('joins another column before the card it is over, or at the end of an empty one', () => {
    expect(dropPlace(lists, 'b', 'd')).toEqual({ column: 'doing', list: ['b', 'd'] });
    expect(dropPlace(lists, 'b', columnDropId('doing'))).toEqual({ column: 'doing', list: ['d', 'b'] });
    expect(dropPlace(lists, 'b', columnDropId('done'))).toEqual({ column: 'done', list: ['b'] });
  });

  it('stays where it is over nothing, and knows nothing of a card no list holds', () => {
    expect(dropPlace(lists, 'a', null)).toEqual({ column: 'todo', list: ['a', 'b', 'c'] });
    expect(dropPlace(lists, 'zz', 'a')).toBeNull();
  });
});
