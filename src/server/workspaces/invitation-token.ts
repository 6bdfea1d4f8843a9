import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '#src/server/accounts/secrets.ts';

// 256 bits from the CSPRNG, in base64url (43 characters); only the SHA-256 is stored, so a
// copy of the database holds no working link.
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
}

export const hashInvitationToken = (token: string): string => sha256(token);

// The row is found by the token's hash, never by the token: how long the index search takes depends
// on the hash, and nobody can steer a hash toward a stored one without a preimage, so timing tells an
// attacker nothing about a valid token. The final comparison has no early exit either.
export function sameTokenHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
