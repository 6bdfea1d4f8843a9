import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from '#src/server/config.ts';
import { limits } from '#src/server/http/rate-limit.ts';
import { client, uniqueEmail, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// TRUST_PROXY=true believed the left-most X-Forwarded-For, which the client writes, so every
// spoofed value got a fresh per-IP allowance; IPv6 clients got one per address of their /64.
describe.each(engines)('proxy trust on %s', (engine) => {
  for (const trust of ['1', '127.0.0.1']) {
    describe(`TRUST_PROXY=${trust}`, () => {
      const app = useTestApp(engine, { env: { TRUST_PROXY: trust } });

      it('counts a client by the address the proxy saw, whatever it wrote into X-Forwarded-For', async () => {
        const t = app();
        const max = limits.forgot.ip.max;
        const statuses = [];
        for (let i = 0; i < max + 2; i++) {
          const spoofed = { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` };
          statuses.push((await client(t.url).post('/forgot-password', { email: uniqueEmail('spoof') }, spoofed)).status);
        }
        expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
        expect(statuses.slice(max)).toEqual([429, 429]);
      });

      it('counts every address of one IPv6 /64 as one client', async () => {
        const t = app();
        const max = limits.forgot.ip.max;
        const statuses = [];
        for (let i = 0; i < max + 2; i++) {
          const from = { 'x-forwarded-for': `2001:db8:7:7::${(i + 1).toString(16)}` };
          statuses.push((await client(t.url).post('/forgot-password', { email: uniqueEmail('v6') }, from)).status);
        }
        expect(statuses.slice(max)).toEqual([429, 429]);
        const neighbour = { 'x-forwarded-for': '2001:db8:7:8::1' };
        expect((await client(t.url).post('/forgot-password', { email: uniqueEmail('v6') }, neighbour)).status).toBe(200);
      });
    });
  }
});

describe('proxy trust warnings', () => {
  it('warns at start-up when TRUST_PROXY=true, and not for a hop count or addresses', () => {
    const secret = { APP_SECRET: 'x'.repeat(32), APP_ORIGIN: 'https://tessera.example' };
    expect(configWarnings(loadConfig({ ...secret, TRUST_PROXY: 'true' }), secret).join(' ')).toMatch(/TRUST_PROXY=true trusts every/);
    for (const value of ['1', '10.0.0.1', 'loopback']) {
      expect(configWarnings(loadConfig({ ...secret, TRUST_PROXY: value }), secret)).toEqual([]);
    }
  });
});

describe('public origin', () => {
  it('warns in production when APP_ORIGIN is unset, and points links at the server’s own address', () => {
    const env = { APP_SECRET: 'x'.repeat(32), HOST: '0.0.0.0', PORT: '8080' };
    const config = loadConfig(env);
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(configWarnings(config, env).join(' ')).toMatch(/APP_ORIGIN is not set: links in emails .* point at http:\/\/localhost:8080/);
    const configured = loadConfig({ ...env, APP_ORIGIN: 'https://tessera.example/ignored/path' });
    expect(configured.publicOrigin).toBe('https://tessera.example');
    expect(configWarnings(configured, env).join(' ')).not.toMatch(/APP_ORIGIN is not set/);
  });
});
