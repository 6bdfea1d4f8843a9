import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskFieldDocs } from '#src/shared/public-api/reference.ts';
import { CommentEventSchema, TaskEventSchema } from '#src/shared/public-api/schemas.ts';
import type { WebhookSecretResponse } from '#src/shared/webhooks/paths.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { startWebhookReceiver, verifyReceived, type WebhookReceiver } from '../../../tests/support/webhook-receiver.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';
import { del } from '../../../tests/support/workspaces.ts';
import { createKey, keyClient } from '../../../tests/support/api-keys.ts';

// Product rules H1 with the board (T): every change to a task or comment, through the board's own routes,
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
    const { owner, member, id } = await team(t);
    const all = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, {
      url: receiver.url,
      events: ['task.created', 'task.updated', 'task.deleted', 'comment.added'],
    });
    const onlyDeletes = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, {
      url: `${receiver.url}?only=deletes`,
      events: ['task.deleted'],
    });
    const task = await createTask(owner.c, id, { title: 'Write the launch post', assigneeId: member.id, dueDate: '2026-03-02' });
    const edited = await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: task.version, title: 'Write the launch post, v2' });
    expect(edited.status).toBe(200);
    // The public API's own answer for the task as the edit left it.
    const api = keyClient(t.url, await createKey(owner, id));
    const publicTask = (await api.get(`/tasks/${task.id}`)).body.task;
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
      workspace_id: id,
      data: {
        task: { id: task.id, title: 'Write the launch post', assignee: member.email, due_date: '2026-03-02', status: 'To do', version: 1 },
        actor: owner.email,
      },
    });
    // Each body is what the OpenAPI document's `webhooks` section describes.
    for (const [type, received] of byType) {
      const schema = type === 'comment.added' ? CommentEventSchema : TaskEventSchema;
      expect(schema.safeParse(JSON.parse(received.body)).error, type).toBeUndefined();
    }
    // One public task: the webhook's task is the API's task, field for field, nothing internal.
    const updated = JSON.parse(byType.get('task.updated')!.body) as { data: { task: Record<string, unknown> } };
    expect(updated.data.task).toEqual(publicTask);
    expect(Object.keys(updated.data.task).sort()).toEqual(Object.keys(taskFieldDocs).sort());
    expect(JSON.parse(byType.get('comment.added')!.body).data).toEqual({
      comment: {
        id: expect.any(String),
        task_id: task.id,
        body: 'Draft is in the doc.',
        author: owner.email,
        created_at: expect.any(String),
      },
      actor: owner.email,
    });
    expect(created.headers['webhook-id']).toMatch(/^evt_\d+$/);
    // One event, one webhook-id, whichever endpoint it reaches.
    expect(toDeletes[0]!.headers['webhook-id']).toBe(byType.get('task.deleted')!.headers['webhook-id']);
  });
});
