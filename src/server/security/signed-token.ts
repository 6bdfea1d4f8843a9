import { createHmac, timingSafeEqual } from 'node:crypto';

// A link that works without signing in (a one-click unsubscribe) carries its own proof: a signature of
// what it names, with a key derived from APP_SECRET for one purpose only. A token made for one purpose
// never verifies for another, and changing anything it names breaks the signature.
export function purposeSignature(secret: string, purpose: string, message: string): string {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return createHmac('sha256', key).update(message).digest('base64url');
}

// Whether `given` is our signature of `message` for `purpose`, compared in constant time.
export function signatureMatches(secret: string, purpose: string, message: string, given: string): boolean {
  const expected = Buffer.from(purposeSignature(secret, purpose, message));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
