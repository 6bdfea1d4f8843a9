import { hash, randomBytes, randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '#src/shared/limits.ts';

export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

// A 256-bit session token; only its SHA-256 is stored.
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

// DESIGN: 6 characters from an unambiguous upper-case alphabet, from a CSPRNG.
export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

// Bound to the user and purpose, so a stored hash cannot be replayed for another account.
export function hashCode(userId: string, purpose: string, code: string): string {
  return sha256(`${userId}:${purpose}:${code}`);
}
