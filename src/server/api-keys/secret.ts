import { randomBytes } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX } from '#src/shared/api-keys/paths.ts';
import { sha256 } from '#src/server/accounts/secrets.ts';

// product rules K1: `tsr_` + 256 random bits in base64url. The prefix lets secret scanners spot a leaked
// key; only the SHA-256 is stored, and the prefix and last four identify the key afterwards.
export function newApiKey(): { secret: string; hash: string; prefix: string; lastFour: string } {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { secret, hash: sha256(secret), prefix: secret.slice(0, API_KEY_PREFIX.length + 4), lastFour: secret.slice(-4) };
}

// The key of an `Authorization: Bearer <key>` header, or null when there is none of the right shape
// (product rules K3: the scheme is case-insensitive, as RFC 9110 has it).
export function bearerKey(header: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  const key = match?.[1];
  return key !== undefined && API_KEY_PATTERN.test(key) ? key : null;
}
