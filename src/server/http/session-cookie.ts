import type { FastifyReply, FastifyRequest } from 'fastify';

const PLAIN = 'tessera_session';
// Over https the cookie gets the __Host- prefix: Secure, Path=/, no Domain, so no sibling host can set it.
const HOST_PREFIXED = '__Host-tessera_session';

const isSecure = (request: FastifyRequest) => request.protocol === 'https';

export function readSessionToken(request: FastifyRequest): string | null {
  const token = request.cookies[isSecure(request) ? HOST_PREFIXED : PLAIN];
  // A real token is 43 base64url characters; anything else is not worth a database look-up.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: number, now: number) {
  reply.setCookie(isSecure(request) ? HOST_PREFIXED : PLAIN, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    path: '/',
    maxAge: Math.max(0, Math.round((expiresAt - now) / 1000)),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(isSecure(request) ? HOST_PREFIXED : PLAIN, { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(request) });
}
