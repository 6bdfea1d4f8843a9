import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookAttemptError, webhookError } from '#src/shared/webhooks/messages.ts';
import {
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookSecretResponse,
} from '#src/shared/webhooks/paths.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { startWebhookReceiver, verifyReceived, verifyReceivedAt, type WebhookReceiver } from '../../../tests/support/webhook-receiver.ts';
import { auditActions, createWorkspace, decodedMail, del, invite, person, type Person } from '../../../tests/support/workspaces.ts';
import { enqueueWebhooks } from './outbox.ts';

const LOOPBACK = { WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_POLL_MS: '0' };

describe.each(engines)('webhooks on %s', (engine) => {
  const app = useTestApp(engine, { env: LOOPBACK });
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(() => {
    t = app();
    receiver.received.length = 0;
    receiver.answer = () => 204;
  });

  async function ownerWithEndpoint(events = ['task.created', 'comment.added']) {
    const owner = await person(t, 'Wren Owner');
    const id = await createWorkspace(owner, 'Hooks');
    const created = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, {
      url: receiver.url,
      events,
      description: 'Our CI',
    });
    expect(created.status).toBe(201);
    return { owner, id, endpoint: created.body.endpoint, secret: created.body.secret };
  }

  const deliveries = async (owner: Person, id: string, endpointId: string) =>
    (await owner.c.get<{ deliveries: WebhookDelivery[] }>(`/workspaces/${id}/webhooks/${endpointId}/deliveries`)).body.deliveries;

  // A change's event, written by the hook inside the change's transaction, as the recorder's recordEvent does.
  async function change(workspaceId: string, type: string, eventId: string) {
    await t.db.kysely.transaction().execute((tx) =>
      enqueueWebhooks(tx, {
        id: eventId,
        type,
        workspaceId,
        occurredAt: t.clock.now(),
        data: { task: { id: 'task-1', title: 'Ship it' } },
      }),
    );
  }

  it('shows the secret once, stores it sealed, and records the change', async () => {
    const { owner, id, endpoint, secret } = await ownerWithEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toMatchObject({ url: receiver.url, events: ['task.created', 'comment.added'], description: 'Our CI', enabled: true });
    const listed = await owner.c.get(`/workspaces/${id}/webhooks`);
    expect(listed.body.endpoints).toEqual([endpoint]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));
    const row = await t.db.kysely
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret.slice(6));
    expect(await auditActions(t, id)).toContain('webhook.create');
  });

  // Before any test moves the clock: the receiver checks with the library's verify() at real time.
  it('delivers a test event signed with the Standard Webhooks headers, and logs the attempt', async () => {
    const { owner, id, endpoint, secret } = await ownerWithEndpoint();
    const queued = await owner.c.post(`/workspaces/${id}/webhooks/${endpoint.id}/test`, {});
    expect(queued.status).toBe(202);
    expect(queued.body.delivery).toMatchObject({ eventType: WEBHOOK_TEST_EVENT, status: 'pending', attempts: [] });
    expect(await t.app.webhookWorker.runDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const payload = verifyReceived(secret, receiver.received[0]!);
    expect(payload).toMatchObject({ type: WEBHOOK_TEST_EVENT, workspace_id: id, data: { endpoint_id: endpoint.id } });
    expect(receiver.received[0]!.headers['webhook-id']).toBe(queued.body.delivery.webhookId);
    const [delivery] = await deliveries(owner, id, endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 1, nextAttemptAt: null });
    expect(delivery!.attempts).toEqual([
      { at: expect.any(String), statusCode: 204, durationMs: expect.any(Number), response: '', error: null },
    ]);
    expect(() => verifyReceived('whsec_' + Buffer.alloc(24, 1).toString('base64'), receiver.received[0]!)).toThrow();
  });

  it('writes a change’s deliveries in its transaction: a rolled-back change leaves none', async () => {
    const { owner, id, endpoint } = await ownerWithEndpoint(['task.created']);
    await expect(
      t.db.kysely.transaction().execute(async (tx) => {
        await enqueueWebhooks(tx, { id: 'evt_rolled_back', type: 'task.created', workspaceId: id, occurredAt: t.clock.now(), data: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await change(id, 'task.updated', 'evt_not_chosen');
    await change(id, 'task.created', 'evt_chosen');
    expect((await deliveries(owner, id, endpoint.id)).map((d) => d.webhookId)).toEqual(['evt_chosen']);
    await t.app.webhookWorker.runDue();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(['evt_chosen']);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'task.created', data: { task: { title: 'Ship it' } } });
  });

  it('retries a receiver that fails twice, with the same webhook-id, as the clock moves', async () => {
    const { owner, id, endpoint, secret } = await ownerWithEndpoint();
    receiver.answer = (n) => (n <= 2 ? 503 : 200);
    // Each attempt is signed anew at its own time, which the receiver checks against the (moved) clock.
    const attemptNow = async () => {
      expect(await t.app.webhookWorker.runDue()).toBe(1);
      expect(verifyReceivedAt(secret, receiver.received.at(-1)!, t.clock.now())).toMatchObject({ type: 'task.created' });
    };
    await change(id, 'task.created', 'evt_retry');
    await attemptNow();
    // Not due until 5 s have passed.
    t.clock.advance(WEBHOOK_RETRY_DELAYS_MS[0] - 1000);
    expect(await t.app.webhookWorker.runDue()).toBe(0);
    t.clock.advance(1000);
    await attemptNow();
    t.clock.advance(WEBHOOK_RETRY_DELAYS_MS[1]);
    await attemptNow();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(['evt_retry', 'evt_retry', 'evt_retry']);
    const [delivery] = await deliveries(owner, id, endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 3 });
    expect(delivery!.attempts.map((a) => [a.statusCode, a.response])).toEqual([
      [200, 'thanks'],
      [503, 'nope 503'],
      [503, 'nope 503'],
    ]);
  });

  it('marks a delivery failed after the last retry; Resend sends it again with the same id', async () => {
    const { owner, id, endpoint } = await ownerWithEndpoint();
    receiver.answer = () => 500;
    await change(id, 'comment.added', 'evt_doomed');
    await t.app.webhookWorker.runDue();
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      t.clock.advance(delay);
      expect(await t.app.webhookWorker.runDue()).toBe(1);
    }
    t.clock.advance(24 * 3_600_000);
    expect(await t.app.webhookWorker.runDue()).toBe(0);
    const [failed] = await deliveries(owner, id, endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', attemptCount: 7, nextAttemptAt: null });
    expect(failed!.attempts).toHaveLength(7);
    // Admins see it in System Alerts (product rules A4).
    const alerts = await t.db.kysely.selectFrom('system_alerts').select('message').execute();
    expect(alerts.map((a) => a.message)).toContain('A webhook delivery (evt_doomed) failed after 7 attempts and was given up.');

    receiver.answer = () => 200;
    const resent = await owner.c.post(`/workspaces/${id}/webhooks/${endpoint.id}/deliveries/${failed!.id}/resend`, {});
    expect(resent.status).toBe(202);
    expect(resent.body.delivery.status).toBe('pending');
    await t.app.webhookWorker.runDue();
    const [done] = await deliveries(owner, id, endpoint.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: expect.any(Array) });
    expect(done!.attempts).toHaveLength(8);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set(['evt_doomed']));
    // A delivery that has succeeded is not sent again.
    const again = await owner.c.post(`/workspaces/${id}/webhooks/${endpoint.id}/deliveries/${failed!.id}/resend`, {});
    expect(again).toMatchObject({ status: 409, body: { error: webhookError.alreadySucceeded } });
    expect(await auditActions(t, id)).toContain('webhook.resend');
  });

  it('retries a pending delivery now: shows when it would have gone, then sends it at once', async () => {
    const { owner, id, endpoint } = await ownerWithEndpoint();
    receiver.answer = (n) => (n === 1 ? 503 : 200);
    await change(id, 'task.created', 'evt_waiting');
    await t.app.webhookWorker.runDue();
    t.clock.advance(1000);
    await t.app.webhookWorker.runDue();
    const [pending] = await deliveries(owner, id, endpoint.id);
    expect(pending).toMatchObject({ status: 'pending', attemptCount: 1 });
    // The log tells when the next attempt is: still ahead, 5 s after the first failed.
    expect(Date.parse(pending!.nextAttemptAt!)).toBeGreaterThan(t.clock.now());
    expect(Date.parse(pending!.nextAttemptAt!)).toBeGreaterThanOrEqual(Date.parse(pending!.attempts[0]!.at) + WEBHOOK_RETRY_DELAYS_MS[0]);
    expect(receiver.received).toHaveLength(1);

    const retried = await owner.c.post(`/workspaces/${id}/webhooks/${endpoint.id}/deliveries/${pending!.id}/resend`, {});
    expect(retried.status).toBe(202);
    expect(retried.body.delivery).toMatchObject({ status: 'pending', attemptCount: 1 });
    expect(Date.parse(retried.body.delivery.nextAttemptAt)).toBeLessThanOrEqual(t.clock.now());
    expect(await t.app.webhookWorker.runDue()).toBe(1);
    const [done] = await deliveries(owner, id, endpoint.id);
    expect(done).toMatchObject({ status: 'succeeded', attemptCount: 2, nextAttemptAt: null });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(['evt_waiting', 'evt_waiting']);
  });

  it('refuses Retry now on a disabled endpoint, and counts it against the sending limit', async () => {
    const { owner, id, endpoint } = await ownerWithEndpoint();
    receiver.answer = () => 503;
    await change(id, 'task.created', 'evt_limited');
    await t.app.webhookWorker.runDue();
    const [pending] = await deliveries(owner, id, endpoint.id);
    const retry = () => owner.c.post(`/workspaces/${id}/webhooks/${endpoint.id}/deliveries/${pending!.id}/resend`, {});

    await owner.c.put(`/workspaces/${id}/webhooks/${endpoint.id}`, { enabled: false });
    expect(await retry()).toMatchObject({ status: 409, body: { error: webhookError.disabled } });
    await owner.c.put(`/workspaces/${id}/webhooks/${endpoint.id}`, { enabled: true });
    // 30 a person in 15 minutes, the refused one above included.
    for (let n = 2; n <= 30; n++) expect((await retry()).status, `retry ${n}`).toBe(202);
    expect((await retry()).status).toBe(429);
  });

  it('disables an endpoint that failed for 5 days and emails the owners', async () => {
    const { owner, id, endpoint } = await ownerWithEndpoint();
    receiver.answer = () => 500;
    await change(id, 'task.created', 'evt_day_0');
    await t.app.webhookWorker.runDue();
    t.clock.advance(4 * 24 * 3_600_000);
    await change(id, 'task.created', 'evt_day_4');
    await t.app.webhookWorker.runDue();
    expect((await owner.c.get(`/workspaces/${id}/webhooks`)).body.endpoints[0].enabled).toBe(true);
    t.clock.advance(24 * 3_600_000);
    await change(id, 'task.created', 'evt_day_5');
    await t.app.webhookWorker.runDue();
    const [disabled] = (await owner.c.get(`/workspaces/${id}/webhooks`)).body.endpoints;
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await t.mail.waitFor(owner.email, (m) => /webhook endpoint was disabled/.test(m.subject));
    expect(decodedMail(mail)).toContain(receiver.url);
    expect(await auditActions(t, id)).toContain('webhook.disable');
    const alerts = await t.db.kysely.selectFrom('system_alerts').select(['message', 'severity']).execute();
    expect(alerts).toContainEqual({ severity: 'high', message: expect.stringMatching(/failed for 5 days and was disabled/) });
    // Disabled: nothing more goes out, even when due.
    const sent = receiver.received.length;
    t.clock.advance(24 * 3_600_000);
    await change(id, 'task.created', 'evt_after');
    await t.app.webhookWorker.runDue();
    expect(receiver.received.length).toBe(sent);
    // Enabled again, what is still pending goes out.
    receiver.answer = () => 200;
    expect((await owner.c.put(`/workspaces/${id}/webhooks/${endpoint.id}`, { enabled: true })).body.endpoint.enabled).toBe(true);
    await t.app.webhookWorker.runDue();
    expect(receiver.received.length).toBeGreaterThan(sent);
  });

  it('a success clears the failure count, so a flaky endpoint is not disabled', async () => {
    const { owner, id } = await ownerWithEndpoint();
    receiver.answer = () => 500;
    await change(id, 'task.created', 'evt_flaky_1');
    await t.app.webhookWorker.runDue();
    receiver.answer = () => 200;
    t.clock.advance(3 * 24 * 3_600_000);
    await change(id, 'task.created', 'evt_flaky_2');
    await t.app.webhookWorker.runDue();
    receiver.answer = () => 500;
    t.clock.advance(3 * 24 * 3_600_000);
    await change(id, 'task.created', 'evt_flaky_3');
    await t.app.webhookWorker.runDue();
    expect((await owner.c.get(`/workspaces/${id}/webhooks`)).body.endpoints[0].enabled).toBe(true);
  });

  it('rotates the secret: the next delivery verifies with the new one only', async () => {
    const { owner, id, endpoint, secret } = await ownerWithEndpoint();
    const rotated = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks/${endpoint.id}/rotate`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    await owner.c.post(`/workspaces/${id}/webhooks/${endpoint.id}/test`, {});
    await t.app.webhookWorker.runDue();
    expect(verifyReceivedAt(rotated.body.secret, receiver.received[0]!, t.clock.now())).toBeTruthy();
    expect(() => verifyReceivedAt(secret, receiver.received[0]!, t.clock.now())).toThrow('signature does not match');
  });

  it('updates, disables and deletes an endpoint; a disabled one takes no test event', async () => {
    const { owner, id, endpoint } = await ownerWithEndpoint();
    const updated = await owner.c.put(`/workspaces/${id}/webhooks/${endpoint.id}`, {
      description: 'Renamed',
      events: ['task.deleted'],
      enabled: false,
    });
    expect(updated.body.endpoint).toMatchObject({
      description: 'Renamed',
      events: ['task.deleted'],
      enabled: false,
      disabledReason: 'manual',
    });
    const test = await owner.c.post(`/workspaces/${id}/webhooks/${endpoint.id}/test`, {});
    expect(test).toMatchObject({ status: 409, body: { error: webhookError.disabled } });
    await change(id, 'task.deleted', 'evt_while_disabled');
    expect(await deliveries(owner, id, endpoint.id)).toEqual([]);
    expect((await del(owner.c, `/workspaces/${id}/webhooks/${endpoint.id}`)).status).toBe(200);
    expect((await owner.c.get(`/workspaces/${id}/webhooks`)).body.endpoints).toEqual([]);
    expect((await owner.c.get(`/workspaces/${id}/webhooks/${endpoint.id}/deliveries`)).status).toBe(404);
    // The refused test event left no trace.
    expect(await auditActions(t, id)).toEqual(['webhook.create', 'webhook.delete', 'webhook.update', 'workspace.create']);
  });

  it('hides another workspace’s endpoints behind a 404 and refuses members with a 403', async () => {
    const { owner, id, endpoint } = await ownerWithEndpoint();
    const stranger = await person(t, 'Sly Stranger');
    const strangerWs = await createWorkspace(stranger, 'Elsewhere');
    const member = await person(t, 'Mo Member');
    const { token } = await invite(t, owner, id, member.email);
    await member.c.post('/invitations/accept', { token });
    await owner.c.post(`/workspaces/${id}/webhooks/${endpoint.id}/test`, {});
    const [delivery] = await deliveries(owner, id, endpoint.id);
    const before = await auditActions(t, id);
    const paths = (ws: string) =>
      [
        ['GET', `/workspaces/${ws}/webhooks`, undefined],
        ['POST', `/workspaces/${ws}/webhooks`, { url: receiver.url, events: ['task.created'] }],
        ['PUT', `/workspaces/${ws}/webhooks/${endpoint.id}`, { enabled: false }],
        ['DELETE', `/workspaces/${ws}/webhooks/${endpoint.id}`, {}],
        ['POST', `/workspaces/${ws}/webhooks/${endpoint.id}/rotate`, {}],
        ['POST', `/workspaces/${ws}/webhooks/${endpoint.id}/test`, {}],
        ['GET', `/workspaces/${ws}/webhooks/${endpoint.id}/deliveries`, undefined],
        ['POST', `/workspaces/${ws}/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend`, {}],
      ] as const;
    for (const [method, path, body] of paths(id)) {
      const answer = await stranger.c.call(method, path, body);
      expect(answer, `${method} ${path}`).toMatchObject({ status: 404, body: { error: workspaceError.notFound } });
      expect((await member.c.call(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // The stranger's own workspace does not hold this endpoint either.
    for (const [method, path, body] of paths(strangerWs).slice(2)) {
      const answer = await stranger.c.call(method, path, body);
      expect(answer, `${method} ${path}`).toMatchObject({ status: 404, body: { error: webhookError.notFound } });
    }
    expect(await auditActions(t, id)).toEqual(before);
    expect((await owner.c.get(`/workspaces/${id}/webhooks`)).body.endpoints[0].enabled).toBe(true);
  });

  it('refuses bad input with a sentence, changing nothing', async () => {
    const owner = await person(t, 'Bea Owner');
    const id = await createWorkspace(owner, 'Strict');
    const cases = [
      [{ url: 'not a url', events: ['task.created'] }, webhookError.urlInvalid],
      [{ url: 'ftp://example.com/x', events: ['task.created'] }, webhookError.urlInvalid],
      [{ url: 'https://user:pw@example.com/x', events: ['task.created'] }, webhookError.urlCredentials],
      [{ url: 'https://10.0.0.8/x', events: ['task.created'] }, webhookError.urlNotPublic],
      [{ url: 'https://[fe80::1]/x', events: ['task.created'] }, webhookError.urlNotPublic],
      [{ url: 'https://example.com/x', events: [] }, webhookError.eventsRequired],
      [{ url: 'https://example.com/x', events: ['task.exploded'] }, expect.stringContaining('Events must be among')],
      [{ url: 'https://example.com/x', events: ['task.created'], secret: 'mine' }, expect.any(String)],
    ] as const;
    for (const [body, error] of cases) {
      const answer = await owner.c.post(`/workspaces/${id}/webhooks`, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { error } });
    }
    expect((await owner.c.get(`/workspaces/${id}/webhooks`)).body.endpoints).toEqual([]);
  });
});

describe.each(engines)('webhook SSRF guard in the app on %s', (engine) => {
  const app = useTestApp(engine, { env: { WEBHOOK_POLL_MS: '0' } });
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('requires https and a public address when loopback is not allowed', async () => {
    const t = app();
    const owner = await person(t, 'Pat Owner');
    const id = await createWorkspace(owner, 'Guarded');
    const refused = [
      [receiver.url, webhookError.urlNotHttps],
      ['https://127.0.0.1/hook', webhookError.urlNotPublic],
      ['https://[::1]/hook', webhookError.urlNotPublic],
      ['https://localhost/hook', webhookError.urlNotPublic],
      ['https://169.254.169.254/latest/meta-data', webhookError.urlNotPublic],
      ['https://[::ffff:127.0.0.1]/hook', webhookError.urlNotPublic],
      ['https://[0::1]/hook', webhookError.urlNotPublic],
      ['https://[fec0::1]/hook', webhookError.urlNotPublic],
      ['https://203.0.113.9/hook', webhookError.urlNotPublic],
      ['https://hooks.example.com:6379/hook', webhookError.urlPort],
      ['https://hooks.example.com:25/hook', webhookError.urlPort],
    ];
    for (const [url, error] of refused) {
      expect(await owner.c.post(`/workspaces/${id}/webhooks`, { url, events: ['task.created'] }), url).toMatchObject({
        status: 400,
        body: { error },
      });
    }
  });

  it('refuses at send time a host name that resolves to 127.0.0.1, without connecting', async () => {
    const t = app();
    const { lookup } = await import('node:dns/promises');
    const { hostname } = await import('node:os');
    // This machine's own name resolves to loopback (/etc/hosts), like an attacker's DNS answer would.
    const name = hostname();
    expect((await lookup(name)).address).toMatch(/^127\./);
    const owner = await person(t, 'Pat Owner');
    const id = await createWorkspace(owner, 'Guarded');
    const port = new URL(receiver.url).port;
    const created = await owner.c.post(`/workspaces/${id}/webhooks`, { url: `https://${name}:${port}/hook`, events: ['task.created'] });
    expect(created.status).toBe(201);
    await owner.c.post(`/workspaces/${id}/webhooks/${created.body.endpoint.id}/test`, {});
    await t.app.webhookWorker.runDue();
    const [delivery] = (await owner.c.get(`/workspaces/${id}/webhooks/${created.body.endpoint.id}/deliveries`)).body.deliveries;
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: webhookAttemptError.refusedAddress });
    expect(receiver.received).toEqual([]);
  });
});
