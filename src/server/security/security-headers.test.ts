import { describe, expect, it } from 'vitest';
import { serverError } from '#src/shared/server-messages.ts';
import { client, useTestApp } from '../../../tests/support/test-app.ts';

// product rules S9: CSP (self; Firebase hosts only when configured), nosniff, Referrer-Policy,
// frame-ancestors none, HSTS over https; /api answers the strict policy of data that is never a page.
describe('security headers', () => {
  const app = useTestApp('sqlite');

  it('sends a page CSP, nosniff, referrer policy and no framing outside /api', async () => {
    const answer = await fetch(`${app().url}/healthz`);
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    // The theme's and the entry's inline scripts run by their hashes; no other inline script would.
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('gstatic');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });

  it('lets nothing in an API answer load, run or be framed, and never caches it', async () => {
    const answer = await client(app().url).get('/health');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // Only a document obeys these; an answer of data does not carry them.
    expect(answer.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(answer.headers.get('referrer-policy')).toBeNull();
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    expect(await client(app().url).get('/nope')).toMatchObject({ status: 404, body: { error: serverError.notFound } });
    expect(await client(app().url).post('/current-user', {})).toMatchObject({ status: 404 });
  });
});

describe('security headers with Google sign-in configured', () => {
  const app = useTestApp('sqlite', { env: { FIREBASE_PROJECT_ID: 'demo-project', FIREBASE_API_KEY: 'demo-key' } });

  const pageCsp = async () => (await fetch(`${app().url}/healthz`)).headers.get('content-security-policy') ?? '';

  it("admits Firebase's hosts in the CSP", async () => {
    const csp = await pageCsp();
    expect(csp).toContain('https://www.gstatic.com');
    expect(csp).toContain('https://identitytoolkit.googleapis.com');
    expect(csp).toContain('https://demo-project.firebaseapp.com');
  });

  // The wildcard let any Firebase project's pages be framed.
  it('frames only the configured auth domain', async () => {
    const csp = await pageCsp();
    expect(/frame-src ([^;]*)/.exec(csp)?.[1]).toBe('https://demo-project.firebaseapp.com');
  });
});
