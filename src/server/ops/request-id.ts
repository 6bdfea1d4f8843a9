import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
// A proxy's id is kept so one request can be followed through both logs; anything else (too long,
// characters a log reader could trip on) is replaced by our own.
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

// Fastify puts the id on every log line of the request (reqId); the answer carries it too
// (http/security-headers.ts), so a person reporting a problem can quote it.
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && FORWARDED_ID.test(given) ? given : randomUUID();
}
