import { describe, expect, it } from 'vitest';
import { lazy } from './lazy.ts';

describe('lazy', () => {
  it('loads nothing until first asked, then once for every caller, concurrent ones included', async () => {
    let loads = 0;
    const thing = lazy(async () => ({ id: ++loads }));
    expect(loads).toBe(0);
    expect(thing.started()).toBeNull();
    const [a, b] = await Promise.all([thing(), thing()]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(await thing()).toBe(a);
    expect(await thing.started()).toBe(a);
  });

  it('gives a failed load to its callers and tries again on the next call', async () => {
    let attempts = 0;
    const thing = lazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('disk hiccup');
      return 'loaded';
    });
    await expect(Promise.all([thing(), thing()])).rejects.toThrow('disk hiccup');
    expect(attempts).toBe(1);
    expect(thing.started()).toBeNull();
    expect(await thing()).toBe('loaded');
    expect(attempts).toBe(2);
  });
});
