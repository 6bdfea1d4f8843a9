import { describe, expect, it } from 'vitest';
import { displayName } from './validation.ts';

const name = displayName('Name', 100);
const refusal = (value: string) => {
  const result = name.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('a display name', () => {
  // Each looks blank or hides what it says when shown to others.
  it.each([
    ['Hangul filler alone', '\u3164'],
    ['halfwidth Hangul filler', '\uFFA0'],
    ['blank Braille pattern', '\u2800'],
    ['soft hyphen inside a word', 'Ad\u00ADa'],
    ['line separator', 'Ada\u2028Lovelace'],
    ['paragraph separator', 'Ada\u2029Lovelace'],
    ['invisible times', 'A\u2062da'],
    ['inhibit symmetric swapping', 'Ada\u206A'],
    ['tag characters', 'Ada\u{E0041}\u{E0042}'],
    ['right-to-left override', 'Ada\u202E'],
    ['zero-width joiner', 'A\u200Dda'],
  ])('refuses %s', (_, value) => {
    expect(refusal(value)).toBe('Name contains characters that are not allowed.');
  });

  it.each([
    ['punctuation only', '...'],
    ['an emoji only', '🚀'],
  ])('refuses %s: it must say something', (_, value) => {
    expect(refusal(value)).toBe('Name must contain a letter or a digit.');
  });

  it.each(['Ada Lovelace', 'José Ñúñez', '王小明', 'Ω-7', 'R2 🚀', 'عائشة'])('accepts %s', (value) => {
    expect(name.parse(`  ${value}  `)).toBe(value);
  });
});
