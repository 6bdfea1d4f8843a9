import { beforeEach, describe, expect, it } from 'vitest';
import { writeLimits } from '#src/server/http/rate-limit.ts';
import { taskError } from '#src/shared/tasks/messages.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { createKey, keyClient } from '../../../tests/support/api-keys.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';

// One member cannot take the server from everyone: every board write is counted per person and per
// workspace (the browser and the public API alike), and what a workspace stores has a ceiling.
describe.each(engines)('board write limits on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  // Hundreds of requests by design: on a loaded machine this takes longer than the default 30 s.
  it('stops one person past the limit with 429 and its headers, on the board and through their key, and nobody else', async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Hammered' });
    const key = keyClient(t.url, await createKey(owner, id));
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Theirs');

    // Moving a card to where it is already is the cheapest write there is; it still counts.
    const stay = () => owner.c.post(`/workspaces/${id}/tasks/${task.id}/move`, { columnId: task.columnId, afterId: null });
    // One write made the task; the rest of the allowance goes in parallel bursts.
    const left = writeLimits.person.max - 1;
    for (let sent = 0; sent < left; sent += 25) {
      const answers = await Promise.all(Array.from({ length: Math.min(25, left - sent) }, stay));
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
    }

    const refused = await owner.c.post(`/workspaces/${id}/tasks`, { title: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(writeLimits.person.max));
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Their key acts as them, so it is stopped too; nothing was made either way.
    const byKey = await key.post('/tasks', { title: 'Through the key' });
    expect(byKey.status).toBe(429);
    expect(byKey.body).toEqual({ error: expect.stringMatching(/^Too many attempts/) });
    expect((await owner.c.get(`/workspaces/${id}/tasks`)).body.tasks.map((one: { title: string }) => one.title)).toEqual(['Hammered']);

    // A teammate and another workspace write as before.
    expect((await member.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Still here' })).status).toBe(201);
    expect((await stranger.c.post(`/workspaces/${theirs}/tasks`, { title: 'Unaffected' })).status).toBe(201);
  }, 120_000);
});

describe.each(engines)('workspace storage quotas on %s', (engine) => {
  const app = useTestApp(engine, { env: { WORKSPACE_MAX_TASKS: '3', WORKSPACE_MAX_COMMENTS: '2', WORKSPACE_MAX_TEXT_MB: '0.0002' } });
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('refuses the task past the quota with 413, deleted tasks counted, and changes nothing; another workspace still writes', async () => {
    const { owner, id } = await team(t);
    const first = await createTask(owner.c, id, { title: 'One' });
    await createTask(owner.c, id, { title: 'Two' });
    expect((await del(owner.c, `/workspaces/${id}/tasks/${first.id}`)).status).toBe(200);
    await createTask(owner.c, id, { title: 'Three' });
    const refused = await owner.c.post(`/workspaces/${id}/tasks`, { title: 'Four' });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ error: taskError.taskQuota(3) });
    expect([refused.headers.get('x-quota-limit'), refused.headers.get('x-quota-remaining')]).toEqual(['3', '0']);
    const key = keyClient(t.url, await createKey(owner, id));
    expect((await key.post('/tasks', { title: 'Four by key' })).status).toBe(413);
    expect((await owner.c.get(`/workspaces/${id}/tasks`)).body.tasks).toHaveLength(2);

    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Theirs');
    expect((await stranger.c.post(`/workspaces/${theirs}/tasks`, { title: 'Theirs' })).status).toBe(201);
  });

  it('counts comments and text: a longer description past the ceiling is refused, a shorter one is not', async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Notes', description: 'x'.repeat(100) });
    const comment = (body: string) => member.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body });
    expect((await comment('First')).status).toBe(201);
    expect((await comment('Second')).status).toBe(201);
    const third = await comment('Third');
    expect(third.status).toBe(413);
    expect(third.body).toEqual({ error: taskError.commentQuota(2) });
    expect((await owner.c.get(`/workspaces/${id}/tasks/${task.id}/comments`)).body.comments).toHaveLength(2);

    // 200 characters of text in all: title 5 + description 100 + comments 11 so far.
    const longer = await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: 1, description: 'y'.repeat(190) });
    expect(longer.status).toBe(413);
    expect(longer.body).toEqual({ error: taskError.textQuota(200) });
    expect((await owner.c.get(`/workspaces/${id}/tasks/${task.id}`)).body.task).toMatchObject({ version: 1, description: 'x'.repeat(100) });
    const shorter = await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: 1, description: 'Short now' });
    expect(shorter.status).toBe(200);
    // The room freed by shortening is room again.
    expect((await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: 2, description: 'z'.repeat(150) })).status).toBe(200);
  });
});
