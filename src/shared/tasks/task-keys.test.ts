import { describe, expect, it } from 'vitest';
import { closingKeysIn, defaultTaskPrefix, keysIn, parseTaskKey } from './task-keys.ts';

describe('task keys', () => {
  it('derives a prefix from the workspace name', () => {
    expect(defaultTaskPrefix('Tessera')).toBe('TES');
    expect(defaultTaskPrefix('Acme Design Team')).toBe('ADT');
    expect(defaultTaskPrefix('Café Ünïon')).toBe('CU');
    expect(defaultTaskPrefix('Ada Owner’s workspace')).toBe('AOW');
    expect(defaultTaskPrefix('中文')).toBe('TASK');
    expect(defaultTaskPrefix('42')).toBe('TASK');
  });

  it('reads a key in any case and refuses what is not one', () => {
    expect(parseTaskKey('tsr-42')).toEqual({ prefix: 'TSR', number: 42 });
    expect(parseTaskKey('TSR-042')).toBeNull();
    expect(parseTaskKey('TSR-0')).toBeNull();
    expect(parseTaskKey('6a1e0a4e-3b9d-4c1e-9a55-0b8a7c1d2e3f')).toBeNull();
  });

  it('finds keys standing as words in commit messages, titles and branches', () => {
    expect(keysIn('TSR-42: login; also tsr-7 and fix/TSR-9-cache', 'TSR').sort((a, b) => a - b)).toEqual([7, 9, 42]);
    expect(keysIn('XTSR-42 and TSR-0', 'TSR')).toEqual([]);
    expect(keysIn('TSR-4210', 'TSR')).toEqual([4210]);
  });

  it('finds the keys a closing word names', () => {
    expect(closingKeysIn('Fixes TSR-1, closes: TSR-2, resolved TSR-3; see TSR-4', 'TSR')).toEqual([1, 2, 3]);
    expect(closingKeysIn('prefixes TSR-5', 'TSR')).toEqual([]);
  });
});
