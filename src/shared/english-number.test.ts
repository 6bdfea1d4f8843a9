import { describe, expect, it } from 'vitest';
import { englishNumber } from './english-number.ts';

describe('englishNumber', () => {
  it('groups the digits by thousands as English does, the same as Intl’s English', () => {
    for (const value of [0, 7, 999, 1000, 20_000, 123_456, 1_000_000, 5_000_000_000, -4200, 2.5, 1234.75, 1.234567]) {
      expect(englishNumber(value)).toBe(value.toLocaleString('en'));
    }
  });
});
