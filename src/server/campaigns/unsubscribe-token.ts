import { purposeSignature, signatureMatches } from '#src/server/security/signed-token.ts';

// The one-click unsubscribe of a campaign email (RFC 8058) names one client contact, signed for this
// one purpose: a notification's token, an invitation or a code never verifies here, nor this one there.
const PURPOSE = 'tessera campaign unsubscribe v1';

export function contactUnsubscribeToken(secret: string, contactId: string): string {
  return `${contactId}.${purposeSignature(secret, PURPOSE, contactId)}`;
}

// The contact a token names, or null when it was not made by us for this purpose.
export function readContactUnsubscribeToken(secret: string, token: string): string | null {
  const [contactId, given, ...rest] = token.split('.');
  if (!contactId || !given || rest.length > 0) return null;
  return signatureMatches(secret, PURPOSE, contactId, given) ? contactId : null;
}
