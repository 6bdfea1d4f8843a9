import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it("lets the caller's class replace a default of the same kind", () => {
    expect(cn('px-4 py-2.5 text-sm', 'px-2')).toBe('py-2.5 text-sm px-2');
    expect(cn('bg-accent-600 text-white', 'bg-red-600')).toBe('text-white bg-red-600');
    expect(cn('inline-flex w-auto', 'w-full')).toBe('inline-flex w-full');
  });

  it("knows the theme's radii, so a caller can round differently", () => {
    expect(cn('rounded-control border', 'rounded-full')).toBe('border rounded-full');
    expect(cn('rounded-card', 'rounded-control')).toBe('rounded-control');
  });

  it('keeps classes of different kinds, and a size apart from a colour', () => {
    expect(cn('text-sm text-slate-700', 'text-red-700')).toBe('text-sm text-red-700');
    expect(cn('font-mono', 'tracking-wide')).toBe('font-mono tracking-wide');
  });

  it('drops empty and false values', () => {
    expect(cn('block', false, null, undefined, '', { hidden: false, 'pr-11': true })).toBe('block pr-11');
  });
});
