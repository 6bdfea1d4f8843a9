import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { taskPaths } from '#src/shared/tasks/paths.ts';
import { startTestApp, useTestApp } from '../../../tests/support/test-app.ts';
import { createTestDatabase, engines } from '../../../tests/support/test-db.ts';
import { buildApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/config.ts';
import { consoleMailer } from '#src/server/mail/mailer.ts';
import { person } from '../../../tests/support/workspaces.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(engines)('health, readiness and metrics on %s', (engine) => {
  const app = useTestApp(engine, { env: { METRICS_TOKEN: TOKEN } });

  it('answers /healthz and /readyz without a session, ready once migrations ran', async () => {
    const t = app();
    const health = await fetch(`${t.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: true, migrations: true, draining: false } });
  });

  it('serves Prometheus text that counts a request by route and status, to the bearer token only', async () => {
    const t = app();
    const scrape = async () => {
      const answer = await fetch(`${t.url}/metrics`, { headers: bearer(TOKEN) });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      return answer.text();
    };
    const count = (text: string) =>
      Number(/^tessera_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    const before = count(await scrape());
    await fetch(`${t.url}/healthz`);
    const text = await scrape();
    expect(count(text)).toBe(before + 1);
    // Every sample line is `name{labels} number`, which Prometheus parses.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#')))
      expect(line).toMatch(/^[a-z_:][a-z0-9_:]*(\{.*\})? [-+0-9.eEInfNa]+$/);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^tessera_live_connections 0$/m);
    expect(text).toMatch(/^tessera_notifications \d+$/m);
    if (engine === 'postgres') expect(text).toMatch(/^tessera_db_pool_connections\{state="total"\} [1-9]\d*$/m);
    // The route's pattern, never an id from the URL.
    await fetch(`${t.url}/api${taskPaths.task.replace(':id', 'w-123').replace(':taskId', 't-456')}`);
    expect(await scrape()).not.toContain('w-123');

    const plain = await person(t, 'Pat Plain');
    const session = { cookie: [...plain.c.jar].map(([name, value]) => `${name}=${value}`).join('; ') };
    // A bell's live stream counts while it is open.
    const stop = new AbortController();
    const stream = await fetch(`${t.url}/api/me/notifications/events`, {
      headers: { ...session, accept: 'text/event-stream' },
      signal: stop.signal,
    });
    await stream.body!.getReader().read();
    expect(await scrape()).toMatch(/^tessera_live_connections 1$/m);
    stop.abort();
    for (const headers of [{}, bearer('wrong-token'), { authorization: TOKEN }, session]) {
      const refused = await fetch(`${t.url}/metrics`, { headers });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: 'Not found.' });
    }
  });

  it('gives every answer a request id, keeping a well-formed one from the proxy', async () => {
    const t = app();
    const first = await fetch(`${t.url}/healthz`);
    const second = await fetch(`${t.url}/api/current-user`);
    const ids = [first.headers.get(REQUEST_ID_HEADER), second.headers.get(REQUEST_ID_HEADER)];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const kept = await fetch(`${t.url}/healthz`, { headers: { [REQUEST_ID_HEADER]: 'lb-request-42abc' } });
    expect(kept.headers.get(REQUEST_ID_HEADER)).toBe('lb-request-42abc');
    const replaced = await fetch(`${t.url}/healthz`, { headers: { [REQUEST_ID_HEADER]: 'bad id\twith tabs' } });
    expect(replaced.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('has no /metrics at all without METRICS_TOKEN', async () => {
    const t = await startTestApp(engine);
    try {
      const answer = await fetch(`${t.url}/metrics`, { headers: bearer('') });
      expect(answer.status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('is not ready once the database is cut, while still alive', async () => {
    const database = await createTestDatabase(engine);
    const db = await database.open();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', APP_SECRET: 'x'.repeat(32) });
    const server = await buildApp({ config, db, mailer: consoleMailer(() => undefined), clock: Date.now });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      await db.close();
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not ready', checks: { database: false } });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
      await database.drop();
    }
  });

  it('drains on shutdown: refuses new connections and lets a request in flight finish', async () => {
    const t = await startTestApp(engine);
    try {
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
      const socket = connect(Number(new URL(t.url).port), '127.0.0.1');
      const answer = new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
      });
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/login HTTP/1.1\r\nHost: ${new URL(t.url).host}\r\nOrigin: ${t.url}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      // The server has read the headers once it answers anything else on another connection.
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
      const drained = t.app.drain(10_000);
      await expect(fetch(`${t.url}/healthz`)).rejects.toThrow();
      socket.write(body.slice(5));
      expect(await answer).toMatch(/^HTTP\/1\.1 401 /);
      await drained;
    } finally {
      await t.close();
    }
  });
});
