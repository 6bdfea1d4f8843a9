import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';

function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'tessera-static-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'features'));
  writeFileSync(join(root, 'index.html'), '<h1>landing</h1>');
  writeFileSync(join(root, 'app.html'), '<div id="root"></div>');
  writeFileSync(join(root, 'features', 'index.html'), '<h1>features</h1>');
  writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  return root;
}

describe('the built web app', () => {
  const app = useTestApp('sqlite', { env: { STATIC_DIR: fakeBuild() } });
  const get = (path: string) => fetch(`${app().url}${path}`);

  it('serves prerendered pages as HTML, revalidated each time', async () => {
    for (const [path, text] of [
      ['/', 'landing'],
      ['/features', 'features'],
      ['/features/', 'features'],
    ]) {
      const answer = await get(path!);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(text);
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves the app shell for app routes and unknown paths (the client router decides)', async () => {
    for (const path of ['/dashboard', '/register', '/no/such/page']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('<div id="root"></div>');
    }
  });

  it('caches hashed assets for a year and answers missing files with 404', async () => {
    const asset = await get('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/main-old999.js')).status).toBe(404);
    const compressed = await fetch(`${app().url}/assets/main-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect((await get('/favicon.ico')).status).toBe(404);
  });
});
