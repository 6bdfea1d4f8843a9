import { readFileSync } from 'node:fs';

export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

// Tests move time forward by writing an offset (ms) to a file, never by waiting.
export function fileOffsetClock(file: string): Clock {
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
    return Date.now() + offset;
  };
}
