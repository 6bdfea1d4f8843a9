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

  it('reads once for the requests that miss together, and keeps the answers of snapshots that arrive interleaved', async () => {
    const remembered = createReadMemo(noChangeNumber, 10);
    let reads = 0;
    const load = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ++reads;
    };
    expect(await Promise.all([1, 2, 3].map(() => remembered('page', load, '10:12:')))).toEqual([1, 1, 1]);
    // Look-ups of just before and just after a commit, finishing in turn.
    expect(await remembered('page', load, '10:13:12')).toBe(2);
    expect(await remembered('page', load, '10:12:')).toBe(1);
    expect(await remembered('page', load, '10:13:12')).toBe(2);
    expect(reads).toBe(2);
  });

  it('reads again after a failed read', async () => {
    const remembered = createReadMemo(noChangeNumber, 10);
    await expect(remembered('page', () => Promise.reject(new Error('connection lost')), '10:12:')).rejects.toThrow('connection lost');
    expect(await remembered('page', async () => 'read', '10:12:')).toBe('read');
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

// SQLite's memo: a change number of the whole database, read at each call.
describe('a read memo kept by the database’s change number', () => {
  it('keeps only the latest number’s answers, and nothing read while a commit moved it', async () => {
    let version = 1;
    const remembered = createReadMemo({ changeVersion: () => version }, 10);
    let reads = 0;
    expect(await remembered('page', async () => ++reads)).toBe(1);
    expect(await remembered('page', async () => ++reads)).toBe(1);
    version = 2;
    expect(
      await remembered('page', async () => {
        version = 3;
        return ++reads;
      }),
    ).toBe(2);
    expect(await remembered('page', async () => ++reads)).toBe(3);
    expect(await remembered('page', async () => ++reads)).toBe(3);
  });
});
