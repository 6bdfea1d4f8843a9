import { CODE_LENGTH } from '#src/shared/limits.ts';

// spec 5: a verification or reset code is forced to upper case and cut to 6. Spaces and dashes that
// come along with a pasted code are dropped first, so "abc 123" still fits.
export function normaliseCode(input: string): string {
  return input
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, CODE_LENGTH);
}

// spec 4: the Verify and Reset buttons need exactly 6 characters.
export function isCompleteCode(code: string): boolean {
  return code.length === CODE_LENGTH;
}
