import { NOTIFICATION_KINDS, type NotificationKind } from '#src/shared/notifications/paths.ts';
import { purposeSignature, signatureMatches } from '#src/server/security/signed-token.ts';

// The one-click unsubscribe link of a notification email (RFC 8058) works without signing in, so the
// token is the proof: it names one person and one kind, signed for this one purpose. No other token of
// the app (invitations, codes, campaign unsubscribes) verifies here.
const PURPOSE = 'tessera notification unsubscribe v1';

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  return `${Buffer.from(userId).toString('base64url')}.${kind}.${purposeSignature(secret, PURPOSE, `${userId}\n${kind}`)}`;
}

// The person and kind a token names, or null when it was not made by us for this purpose.
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } | null {
  const [encodedUser, kind, given] = token.split('.');
  if (!encodedUser || !kind || !given || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  if (!signatureMatches(secret, PURPOSE, `${userId}\n${kind}`, given)) return null;
  return { userId, kind: kind as NotificationKind };
}
