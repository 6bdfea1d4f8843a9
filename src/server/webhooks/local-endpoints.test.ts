import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookError } from '#src/shared/webhooks/messages.ts';
import type { WebhookSecretResponse } from '#src/shared/webhooks/paths.ts';
import { configWarnings, loadConfig } from '#src/server/config.ts';
import { createWorkspace, person } from '../../../tests/support/workspaces.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { startWebhookReceiver, verifyReceived, type WebhookReceiver } from '../../../tests/support/webhook-receiver.ts';

// A developer receives webhooks on their own machine: a server run for development takes http and
// loopback endpoints (marked as local); a production server keeps the SSRF guard (product rules H6).
describe('when webhooks may reach this machine', () => {
  const allowed = (env: Record<string, string>) => loadConfig({ APP_SECRET: 'x'.repeat(32), ...env }).webhooks.allowLoopback;

  it('in development, or with APP_ORIGIN on a loopback host', () => {
    expect(allowed({ NODE_ENV: 'development' })).toBe(true);
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:5173', 'http://[::1]:3000', 'http://app.localhost'])
      expect(allowed({ APP_ORIGIN: origin }), origin).toBe(true);
  });

  it('never in production, and a public APP_ORIGIN does not open it', () => {
    expect(allowed({})).toBe(false);
    expect(allowed({ NODE_ENV: 'production', APP_ORIGIN: 'https://app.example.com' })).toBe(false);
    expect(allowed({ APP_ORIGIN: 'http://localhost.example.com' })).toBe(false);
    expect(allowed({ APP_ORIGIN: 'http://127.0.0.1.example.com' })).toBe(false);
  });

  it('warns in production only about the test switch, not about a loopback APP_ORIGIN', () => {
    const env = { APP_SECRET: 'x'.repeat(32), APP_ORIGIN: 'http://localhost:3000' };
    expect(configWarnings(loadConfig(env), env).join(' ')).not.toMatch(/WEBHOOK_ALLOW_LOOPBACK/);
    const flagged = { ...env, WEBHOOK_ALLOW_LOOPBACK: '1' };
    expect(configWarnings(loadConfig(flagged), flagged).join(' ')).toMatch(/WEBHOOK_ALLOW_LOOPBACK/);
  });
});

describe.each(engines)('local webhook endpoints on %s', (engine) => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  describe('on a development server', () => {
    const app = useTestApp(engine, { env: { NODE_ENV: 'development', WEBHOOK_POLL_MS: '0' } });

    it('takes http://localhost and loopback endpoints, marks them local, and delivers to them', async () => {
      const t = app();
      const owner = await person(t, 'Dev Owner');
      const id = await createWorkspace(owner, 'Local');
      const localhostUrl = receiver.url.replace('127.0.0.1', 'localhost');
      const created = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, {
        url: receiver.url,
        events: ['task.created'],
      });
      expect(created.status).toBe(201);
      expect(created.body.endpoint.local).toBe(true);
      const named = await owner.c.post(`/workspaces/${id}/webhooks`, { url: localhostUrl, events: ['task.created'] });
      expect(named.status).toBe(201);
      const listed = await owner.c.get(`/workspaces/${id}/webhooks`);
      expect(listed.body).toMatchObject({ localAllowed: true, endpoints: [{ local: true }, { local: true }] });

      receiver.received.length = 0;
      await owner.c.post(`/workspaces/${id}/webhooks/${created.body.endpoint.id}/test`, {});
      expect(await t.app.webhookWorker.runDue()).toBe(1);
      expect(verifyReceived(created.body.secret, receiver.received[0]!)).toMatchObject({ type: 'webhook.test' });
    });
  });

  describe('on a production server', () => {
    const app = useTestApp(engine, { env: { NODE_ENV: 'production', WEBHOOK_POLL_MS: '0' } });

    it('refuses http and this machine, and says local endpoints are not allowed', async () => {
      const t = app();
      const owner = await person(t, 'Prod Owner');
      const id = await createWorkspace(owner, 'Guarded');
      for (const [url, error] of [
        [receiver.url, webhookError.urlNotHttps],
        [receiver.url.replace('127.0.0.1', 'localhost'), webhookError.urlNotHttps],
        ['https://localhost/hook', webhookError.urlNotPublic],
        ['https://127.0.0.1/hook', webhookError.urlNotPublic],
      ]) {
        expect(await owner.c.post(`/workspaces/${id}/webhooks`, { url, events: ['task.created'] }), url).toMatchObject({
          status: 400,
          body: { error },
        });
      }
      const created = await owner.c.post(`/workspaces/${id}/webhooks`, { url: 'https://hooks.example.com/in', events: ['task.created'] });
      expect(created.body.endpoint.local).toBe(false);
      expect((await owner.c.get(`/workspaces/${id}/webhooks`)).body.localAllowed).toBe(false);
    });
  });
});
