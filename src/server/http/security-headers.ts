import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { REQUEST_ID_HEADER } from '#src/server/ops/request-id.ts';
import { ENTRY_AFTER_PAINT_SCRIPT } from '#src/shared/site/entry-after-paint.ts';
import { THEME_BOOT_SCRIPT } from '#src/shared/theme/theme.ts';

// The two inline scripts (the theme before the first paint, the app's script after it) are admitted by
// their hashes alone.
const INLINE_HASHES = [THEME_BOOT_SCRIPT, ENTRY_AFTER_PAINT_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

const API_PREFIX = `${API_BASE}/`;

// Firebase's hosts are admitted only when Google sign-in is configured (product rules S9).
const FIREBASE = {
  script: ['https://apis.google.com', 'https://www.gstatic.com'],
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'],
};

export interface SecurityHeaderOptions {
  googleAuthDomain: string | null;
  https: boolean;
}

function contentSecurityPolicy({ googleAuthDomain, https }: SecurityHeaderOptions): string {
  const google = googleAuthDomain !== null;
  // The popup flow frames only the configured auth domain's helper page (no wildcard).
  const frameHosts = google ? [`https://${googleAuthDomain}`] : ["'none'"];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...INLINE_HASHES, ...(google ? FIREBASE.script : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Avatars are loaded from the user's picture URL (product rules D6).
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(google ? FIREBASE.connect : [])]],
    ['frame-src', frameHosts],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ...(https ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

// The same headers on every page and file, computed once: a per-request middleware that rebuilt them cost a
// third of the API's throughput (measured in the bench, see docs/decisions/006-security-headers-not-helmet.md).
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    // The Firebase popup talks to its opener window.
    'cross-origin-opener-policy': options.googleAuthDomain !== null ? 'same-origin-allow-popups' : 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    // For browsers that predate frame-ancestors.
    'x-frame-options': 'DENY',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

// /api answers are data, never a page: nothing in them may load, run or be framed (OWASP's REST
// Security Cheat Sheet), none is cached, and the headers that only a document obeys (its opener, its
// agent cluster, the referrer of what it loads) are left off: a third of the bytes of a small answer
// (docs/decisions/043-api-answers-carry-the-api-headers.md).
export function apiSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  // One hook sets what every answer carries, the request's id included (ops/request-id.ts).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? api : page);
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
