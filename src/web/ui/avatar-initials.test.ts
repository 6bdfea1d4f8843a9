import { describe, expect, it } from 'vitest';
import { hasPicture, initials } from './avatar-initials.ts';

describe('avatar rules (spec 2)', () => {
  it('takes up to two initials, upper-cased', () => {
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('Grace')).toBe('G');
    expect(initials('  émile   zola ')).toBe('ÉZ');
  });
  it("shows 'U' with no name", () => {
    expect(initials('')).toBe('U');
    expect(initials('   ')).toBe('U');
    expect(initials(null)).toBe('U');
  });
  it("treats 'null' and empty as no picture", () => {
    expect(hasPicture('null')).toBe(false);
    expect(hasPicture('')).toBe(false);
    expect(hasPicture(null)).toBe(false);
    expect(hasPicture('https://example.com/a.png')).toBe(true);
  });
});
