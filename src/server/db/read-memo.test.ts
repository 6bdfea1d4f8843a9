import { describe, expect, it } from 'vitest';
import { createReadMemo } from './read-memo.ts';

// PostgreSQL's memo: no database-wide change number, each request brings the snapshot it read in.
describe('a read memo kept by the snapshot each request brings', () => {
  const noChangeNumber = { changeVersion: () => null };

  it('reads once per snapshot, again when the snapshot moves, and every time without one', async () => {
    const remembered = createReadMemo(noChangeNumber, 10);
    let reads = 0;
    const load = async () => ++reads;
    expect(await remembered('page', load, '10:12:10')).toBe(1);
    expect(await remembered('page', load, '10:12:10')).toBe(1);
    // A commit anywhere moves the snapshot: the next request reads afresh.
    expect(await remembered('page', load, '10:13:')).toBe(2);
    expect(await remembered('page', load, '10:13:')).toBe(2);
    expect(await remembered('page', load)).toBe(3);
    expect(await remembered('page', load)).toBe(4);
  });

  it('keeps nothing a request of a newer snapshot made stale while it was read', async () => {
    const remembered = createReadMemo(noChangeNumber, 10);
    let finishOld!: (value: string) => void;
    const old = remembered('page', () => new Promise<string>((resolve) => (finishOld = resolve)), '10:12:');
    expect(await remembered('page', async () => 'new', '10:13:')).toBe('new');
    finishOld('old');
    expect(await old).toBe('old');
    expect(await remembered('page', async () => 'read again', '10:13:')).toBe('new');
  });
});
