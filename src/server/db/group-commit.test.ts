import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

describe('groupCommit', () => {
  it('gathers what arrives in the same turn, and then what arrives during a commit, and answers each item its own result', async () => {
    const commits: number[][] = [];
    let release: () => void = () => {};
    const write = groupCommit(async (items: number[]) => {
      commits.push(items);
      if (commits.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => item * 10);
    });
    const first = [write(1), write(2)];
    await new Promise((resolve) => setImmediate(resolve));
    const later = [write(3), write(4), write(5)];
    release();
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(await Promise.all(later)).toEqual([30, 40, 50]);
    expect(commits).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('fails every item of a failed commit, and commits the next batch anyway', async () => {
    let release: () => void = () => {};
    let calls = 0;
    const write = groupCommit(async (items: string[]) => {
      calls += 1;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      if (calls === 2) throw new Error('disk full');
      return items.map((item) => item.toUpperCase());
    });
    const first = write('a');
    await new Promise((resolve) => setImmediate(resolve));
    const failed = [write('b'), write('c')];
    release();
    await expect(first).resolves.toBe('A');
    await expect(Promise.allSettled(failed)).resolves.toEqual([
      { status: 'rejected', reason: new Error('disk full') },
      { status: 'rejected', reason: new Error('disk full') },
    ]);
    await expect(write('d')).resolves.toBe('D');
  });
});
