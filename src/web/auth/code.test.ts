import { describe, expect, it } from 'vitest';
import { isCompleteCode, normaliseCode } from './code.ts';

describe('code normalisation (spec 5)', () => {
  it('forces the code to upper case', () => {
    expect(normaliseCode('ab3kx9')).toBe('AB3KX9');
  });
  it('cuts the code to 6 characters', () => {
    expect(normaliseCode('abcdefgh')).toBe('ABCDEF');
  });
  it('drops spaces and dashes from a pasted code before cutting', () => {
    expect(normaliseCode(' abc-123 ')).toBe('ABC123');
    expect(normaliseCode('ABC 123 XYZ')).toBe('ABC123');
  });
  it('leaves an empty input empty', () => {
    expect(normaliseCode('')).toBe('');
  });
  it('counts a code complete only at exactly 6 characters', () => {
    expect(isCompleteCode('ABC12')).toBe(false);
    expect(isCompleteCode('ABC123')).toBe(true);
    expect(isCompleteCode('')).toBe(false);
  });
});
