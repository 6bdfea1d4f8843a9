import type { FastifyRequest } from 'fastify';
import { serverError } from '#src/shared/server-messages.ts';
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

declare module 'fastify' {
  interface FastifyContextConfig {
    // Set through `zipUploadRoute` only: a route whose body is a zip file's bytes.
    zipUpload?: true;
  }
}

// The options of a route that takes a zip upload (a Slack export). `application/zip` is no type an HTML
// form can send, so, like JSON, it cannot come cross-site without a preflight.
export const zipUploadRoute = { config: { zipUpload: true } } as const;

// State-changing requests must be JSON: an HTML form cannot send it cross-site without a preflight.
export function assertJson(request: FastifyRequest): void {
  const type = request.headers['content-type'] ?? '';
  if (request.routeOptions.config.zipUpload && /^application\/zip\s*(;|$)/i.test(type)) return;
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, serverError.notJson);
}
