import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookSecretResponse } from '#src/shared/webhooks.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { startWebhookReceiver, verifyReceived, type WebhookReceiver } from '../../../tests/support/webhook-receiver.ts';
import { createTask, team } from '#src/server/tasks/test-helpers.ts';
import { del } from '#src/server/workspaces/test-helpers.ts';

// Product rules H1 with issue 16: every change to a task or comment, through the board's own routes,
// reaches the endpoints that chose its event, signed, with the event log's id as webhook-id.
describe.each(engines)('task events as webhooks on %s', (engine) => {
  const app = useTestApp(engine, { env: { WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_POLL_MS: '0' } });
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('delivers task.created, task.updated, comment.added and task.deleted, and nothing unchosen', async () => {
    const t = app();
    const { owner, id } = await team(t);
    const all = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, {
      url: receiver.url,
      events: ['task.created', 'task.updated', 'task.deleted', 'comment.added'],
    });
    const onlyDeletes = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, {
      url: `${receiver.url}?only=deletes`,
      events: ['task.deleted'],
    });
    const task = await createTask(owner.c, id, { title: 'Write the launch post' });
    const edited = await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: task.version, title: 'Write the launch post, v2' });
    expect(edited.status).toBe(200);
    expect((await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Draft is in the doc.' })).status).toBe(201);
    expect((await del(owner.c, `/workspaces/${id}/tasks/${task.id}`)).status).toBe(200);
    await t.app.webhookWorker.runDue();

    const toAll = receiver.received.filter((r) => r.path === '/hook');
    const toDeletes = receiver.received.filter((r) => r.path === '/hook?only=deletes');
    // Sent side by side, so they may arrive in any order.
    const byType = new Map(toAll.map((r) => [(verifyReceived(all.body.secret, r) as { type: string }).type, r]));
    expect([...byType.keys()].sort()).toEqual(['comment.added', 'task.created', 'task.deleted', 'task.updated']);
    expect(toAll).toHaveLength(4);
    expect(toDeletes.map((r) => (verifyReceived(onlyDeletes.body.secret, r) as { type: string }).type)).toEqual(['task.deleted']);
    expect(() => verifyReceived(all.body.secret, toDeletes[0]!)).toThrow();
    const created = byType.get('task.created')!;
    expect(JSON.parse(created.body)).toMatchObject({
      type: 'task.created',
      workspaceId: id,
      data: { task: { id: task.id, title: 'Write the launch post' }, actorId: owner.id },
    });
    expect(created.headers['webhook-id']).toMatch(/^evt_\d+$/);
    // One event, one webhook-id, whichever endpoint it reaches.
    expect(toDeletes[0]!.headers['webhook-id']).toBe(byType.get('task.deleted')!.headers['webhook-id']);
  });
});
