import { randomBytes } from 'node:crypto';
import type { SecretBox } from '#src/server/security/secret-box.ts';

// Product rules H2: the signing secret in the Standard Webhooks form, whsec_ and 24 random bytes in
// base64. Shown once; stored sealed, bound to its endpoint so a sealed value moved to another row fails
// to open.
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const purpose = (endpointId: string) => `webhook-secret:${endpointId}`;

export const sealWebhookSecret = (box: SecretBox, endpointId: string, secret: string) => box.seal(purpose(endpointId), secret);
export const openWebhookSecret = (box: SecretBox, endpointId: string, sealed: string) => box.open(purpose(endpointId), sealed);
