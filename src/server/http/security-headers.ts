import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { THEME_BOOT_SCRIPT } from '#src/shared/theme/theme.ts';

// The one inline script, which sets the theme before first paint, is admitted by its hash alone.
const THEME_BOOT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

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
    ['script-src', ["'self'", THEME_BOOT_HASH, ...(google ? FIREBASE.script : [])]],
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

// The same headers on every answer, computed once: a per-request middleware that rebuilt them cost a
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

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
