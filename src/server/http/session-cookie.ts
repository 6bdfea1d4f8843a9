import type { FastifyReply } from 'fastify';

const PLAIN = 'tessera_session';
// Over https the cookie gets the __Host- prefix: Secure, Path=/, no Domain, so no sibling host can set it.
const HOST_PREFIXED = '__Host-tessera_session';

// A real token is 43 base64url characters; anything else is not worth a database look-up.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionCookie {
  // A request's headers: Fastify's, or a WebSocket upgrade's (node:http).
  read(request: { headers: { cookie?: string | undefined } }): string | null;
  set(reply: FastifyReply, token: string, expiresAt: number, now: number): void;
  clear(reply: FastifyReply): void;
}

// Whether the cookie is Secure follows the configured origin, never how a request looks: behind a proxy
// that is not trusted, every request looks like plain http, and the cookie must stay Secure.
export function sessionCookie({ secure }: { secure: boolean }): SessionCookie {
  const name = secure ? HOST_PREFIXED : PLAIN;
  const write = (reply: FastifyReply, value: string, maxAgeSeconds: number) => {
    const attributes = [`${name}=${value}`, `Max-Age=${maxAgeSeconds}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
    if (secure) attributes.push('Secure');
    reply.header('set-cookie', attributes.join('; '));
  };
  return {
    // The server reads and writes exactly one cookie, so it looks for that one rather than parsing every
    // cookie of every request (a general parser cost a fifth of a signed-in request; docs/decisions/007-one-cookie-reader.md).
    read(request) {
      const header = request.headers.cookie;
      if (!header) return null;
      for (const pair of header.split(';')) {
        const separator = pair.indexOf('=');
        if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
        const token = pair.slice(separator + 1).trim();
        return TOKEN.test(token) ? token : null;
      }
      return null;
    },
    // The token is base64url, which needs no cookie encoding.
    set: (reply, token, expiresAt, now) => write(reply, token, Math.max(0, Math.round((expiresAt - now) / 1000))),
    clear: (reply) => write(reply, '', 0),
  };
}
