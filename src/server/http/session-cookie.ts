import type { FastifyReply, FastifyRequest } from 'fastify';

const PLAIN = 'tessera_session';
// Over https the cookie gets the __Host- prefix: Secure, Path=/, no Domain, so no sibling host can set it.
const HOST_PREFIXED = '__Host-tessera_session';

// A real token is 43 base64url characters; anything else is not worth a database look-up.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const isSecure = (request: FastifyRequest) => request.protocol === 'https';
const cookieName = (request: FastifyRequest) => (isSecure(request) ? HOST_PREFIXED : PLAIN);

// The server reads and writes exactly one cookie, so it looks for that one rather than parsing every
// cookie of every request (a general parser cost a fifth of a signed-in request; see README).
export function readSessionToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const name = cookieName(request);
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const token = pair.slice(separator + 1).trim();
    return TOKEN.test(token) ? token : null;
  }
  return null;
}

function writeSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number) {
  const attributes = [`${cookieName(request)}=${value}`, `Max-Age=${maxAgeSeconds}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (isSecure(request)) attributes.push('Secure');
  reply.header('set-cookie', attributes.join('; '));
}

// The token is base64url, which needs no cookie encoding.
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: number, now: number) {
  writeSessionCookie(request, reply, token, Math.max(0, Math.round((expiresAt - now) / 1000)));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  writeSessionCookie(request, reply, '', 0);
}
