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
    // Set through `uploadRoute` only: the types of file a route takes as its body.
    uploadTypes?: readonly string[];
  }
}

// The options of a route whose body is a file's bytes (a Slack export's zip, a page's image). None of
// these types is one an HTML form can send, so, like JSON, they cannot come cross-site without a preflight.
export const uploadRoute = (types: readonly string[]) => ({ config: { uploadTypes: types } });

const mediaType = (header: string) => header.split(';')[0]!.trim().toLowerCase();

// State-changing requests must be JSON (or a file the route takes): an HTML form cannot send either
// cross-site without a preflight.
export function assertJson(request: FastifyRequest): void {
  const type = mediaType(request.headers['content-type'] ?? '');
  if (request.routeOptions.config.uploadTypes?.includes(type)) return;
  if (type !== 'application/json') throw new HttpError(415, serverError.notJson);
}
