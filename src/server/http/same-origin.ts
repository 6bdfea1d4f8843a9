import type { FastifyRequest } from 'fastify';
import { serverError } from '#src/shared/messages.ts';
import { HttpError } from './errors.ts';

function expectedOrigin(request: FastifyRequest, appOrigin: string | null): string {
  return appOrigin ?? `${request.protocol}://${request.host}`;
}

// product rules S7 (CSRF): a browser tells where a request comes from; a cross-site one never reaches a handler.
// Requests with neither header come from non-browser clients, which carry no victim's cookies.
export function assertSameOrigin(request: FastifyRequest, appOrigin: string | null): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== expectedOrigin(request, appOrigin)) throw new HttpError(403, serverError.crossSite);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new HttpError(403, serverError.crossSite);
}

// State-changing requests must be JSON: an HTML form cannot send it cross-site without a preflight.
export function assertJson(request: FastifyRequest): void {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, serverError.notJson);
}
