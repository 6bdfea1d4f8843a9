import { describe, expect, it } from 'vitest';
import { pollingWorker } from './polling-worker.ts';

// A drain that reads `state.value` as it begins and, the first time, holds until released.
function heldDrain(state: { value: number }) {
  let release: () => void = () => {};
  let began = 0;
  const drain = async () => {
    began += 1;
    const saw = state.value;
    if (began === 1) await new Promise<void>((resolve) => (release = resolve));
    return saw;
  };
  return { drain, release: () => release(), began: () => began };
}

const quiet = { warn: () => undefined };

describe('the loop around a worker’s drain', () => {
  it('answers calls made during a drain with one drain that began after them', async () => {
    const state = { value: 0 };
    const held = heldDrain(state);
    const worker = pollingWorker({ name: 'test', log: quiet, pollMs: 0, drain: held.drain });
    const first = worker.runDue();
    // What the later calls are for (a commit, a moved clock) comes after the first drain looked.
    state.value = 1;
    const second = worker.runDue();
    const third = worker.runDue();
    held.release();
    expect(await first).toBe(0);
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(held.began()).toBe(2);
  });

  it('runs no further drain once stopped', async () => {
    const held = heldDrain({ value: 0 });
    const worker = pollingWorker({ name: 'test', log: quiet, pollMs: 0, drain: held.drain });
    void worker.runDue();
    const waiting = worker.runDue();
    const stopped = worker.stop();
    held.release();
    await stopped;
    expect(await waiting).toBe(0);
    expect(held.began()).toBe(1);
  });
});
