import { createHmac, hash, randomBytes, randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '#src/shared/limits.ts';

export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

// A 256-bit session token; only its SHA-256 is stored.
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

// product rules S3: 6 characters from an unambiguous upper-case alphabet, from a CSPRNG.
export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

// A code has only 31^6 values, so a plain hash in the database would give a reader every live code in
// seconds. Keyed with APP_SECRET, which is kept outside the database, the stored value is useless to
// such a reader. Bound to the user and purpose, so it cannot be replayed for another account.
export function hashCode(secret: string, userId: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest('hex');
}
