import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'tessera-static-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'features'));
  writeFileSync(join(root, 'index.html'), '<h1>landing</h1>');
  writeFileSync(join(root, 'app.html'), '<div id="root"></div>');
  writeFileSync(join(root, 'app-routes.json'), JSON.stringify(['/dashboard', '/register', '/invitations/:token', '/login']));
  writeFileSync(join(root, 'features', 'index.html'), '<h1>features</h1>');
  writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(root, '.env'), 'SECRET=1');
  return root;
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe.each(engines)('the built web app on %s', (engine) => {
  const app = useTestApp(engine, { env: { STATIC_DIR: fakeBuild() } });
  const get = (path: string, headers: Record<string, string> = html) => fetch(`${app().url}${path}`, { headers, redirect: 'manual' });

  it('serves prerendered pages as HTML, revalidated each time', async () => {
    for (const [path, text] of [
      ['/', 'landing'],
      ['/features', 'features'],
    ]) {
      const answer = await get(path!);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(text);
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
  });

  // A client that takes no compression (curl, a crawler, a proxy) got 403 for '/', a directory to the
  // static files, while every other page answered.
  it('serves the landing page to a client that accepts no compression', async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await fetch(`${app().url}/`, { method, headers: { 'accept-encoding': 'identity' }, redirect: 'manual' });
      expect(answer.status, method).toBe(200);
      expect(answer.headers.get('content-type'), method).toMatch(/text\/html/);
      if (method === 'GET') expect(await answer.text()).toContain('landing');
    }
  });

  it('serves the app shell for the app routes of the route table, parameters included', async () => {
    for (const path of ['/dashboard', '/register', '/login', '/invitations/xyz', '/dashboard?tab=1']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('<div id="root"></div>');
    }
  });

  it('redirects any other page to / with a 302 (spec 2), file-like paths included', async () => {
    for (const path of ['/no/such/page', '/pricing.html', '/invitations', '/invitations/xyz/more', '/dashboard/settings', '/Dashboard']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get('location'), path).toBe('/');
    }
    const head = await fetch(`${app().url}/no-such-page`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(302);
  });

  it('redirects a trailing slash to the path without one, keeping the query and staying on this site', async () => {
    for (const [path, location] of [
      ['/features/', '/features'],
      ['/dashboard//', '/dashboard'],
      ['/no-such-page/', '/no-such-page'],
      ['/features/?ref=mail', '/features?ref=mail'],
      ['//evil.example/', '/evil.example'],
    ]) {
      const answer = await get(path!);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('location'), path).toBe(location);
    }
  });

  it('keeps the JSON 404 for the API and for missing files that are not pages', async () => {
    for (const path of ['/api/no-such-call', '/api']) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: 'Not found.' });
    }
    const post = await fetch(`${app().url}/no-such-page`, { method: 'POST', redirect: 'manual' });
    expect(post.status).toBe(404);
    // A missing image fetched by the browser is no page either.
    expect((await get('/favicon.ico', { accept: 'image/avif,image/webp,*/*' })).status).toBe(404);
  });

  it('caches hashed assets for a year and answers missing ones with 404, even for a browser', async () => {
    const asset = await get('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/main-old999.js')).status).toBe(404);
    expect((await get('/assets/main-old999.js', { accept: '*/*' })).status).toBe(404);
    const compressed = await fetch(`${app().url}/assets/main-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
  });

  it('serves nothing from outside the build, and no dotfile in it', async () => {
    for (const path of ['/.env', '/assets/../.env', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%2e%2e/%2e%2e/package.json']) {
      const answer = await get(path, { accept: '*/*' });
      expect(answer.status, path).toBeGreaterThanOrEqual(300);
      expect(await answer.text(), path).not.toMatch(/SECRET|root:|"name"/);
    }
  });
});
