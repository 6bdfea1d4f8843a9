import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// OWASP's device cookie: a browser that once signed in to an account carries a signed note of it. Its
// wrong guesses count against that device alone, so an attacker spreading password or code guesses over
// many addresses can lock the account for strangers, but never for its owner's own browser.
const PLAIN = 'tessera_device';
const HOST_PREFIXED = '__Host-tessera_device';
const YEAR_S = 365 * 24 * 60 * 60;
// `<nonce>.<user id>.<signature>`, each base64url or a UUID.
const VALUE = /^([A-Za-z0-9_-]{22})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookies {
  // After a complete sign-in.
  issue(reply: FastifyReply, userId: string): void;
  // The device's id when this browser signed in to `userId` before, else null.
  recognise(request: FastifyRequest, userId: string): string | null;
}

export function deviceCookies({ secure, appSecret }: { secure: boolean; appSecret: string }): DeviceCookies {
  const name = secure ? HOST_PREFIXED : PLAIN;
  const key = createHmac('sha256', appSecret).update('device-cookie').digest();
  const sign = (nonce: string, userId: string) => createHmac('sha256', key).update(`${nonce}.${userId}`).digest('base64url');
  return {
    issue(reply, userId) {
      const nonce = randomBytes(16).toString('base64url');
      const attributes = [`${name}=${nonce}.${userId}.${sign(nonce, userId)}`, `Max-Age=${YEAR_S}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
      if (secure) attributes.push('Secure');
      reply.header('set-cookie', attributes.join('; '));
    },
    recognise(request, userId) {
      const header = request.headers.cookie;
      if (!header) return null;
      for (const pair of header.split(';')) {
        const separator = pair.indexOf('=');
        if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
        const match = VALUE.exec(pair.slice(separator + 1).trim());
        if (!match || match[2] !== userId) return null;
        const expected = Buffer.from(sign(match[1]!, userId));
        const given = Buffer.from(match[3]!);
        return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
      }
      return null;
    },
  };
}
