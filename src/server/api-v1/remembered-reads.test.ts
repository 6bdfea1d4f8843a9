import { describe, expect, it } from 'vitest';
import { currentWorkspaceId, del, person } from '../../../tests/support/workspaces.ts';
import { useTwoTestApps } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createKey, keyClient } from '../../../tests/support/api-keys.ts';

// /api/v1 remembers the key's row and a page of tasks until anything is committed, and counting a
// request (the per-key limit) is not such a commit. Whatever is committed, on either instance, is
// seen on the next request: a revoked key stops at once, a new task is in the next page.
describe.each(engines)('remembered /api/v1 reads across two instances on %s', (engine) => {
  const apps = useTwoTestApps(engine);

  it('answers the next request with what the other instance committed', async () => {
    const { a, b } = apps();
    const owner = await person(a);
    const workspaceId = await currentWorkspaceId(owner);
    const key = await createKey(owner, workspaceId);
    const onB = keyClient(b.url, key);
    // Twice on B: the second answer may come from what B remembers.
    for (let i = 0; i < 2; i++) expect((await onB.get('/tasks')).body.tasks).toEqual([]);
    expect((await keyClient(a.url, key).post('/tasks', { title: 'Made on A' })).status).toBe(201);
    expect((await onB.get('/tasks')).body.tasks.map((task: { title: string }) => task.title)).toEqual(['Made on A']);

    const { id } = (await owner.c.get(`/workspaces/${workspaceId}/api-keys`)).body.apiKeys[0] as { id: string };
    expect((await del(owner.c, `/workspaces/${workspaceId}/api-keys/${id}`)).status).toBe(200);
    expect((await onB.get('/tasks')).status).toBe(401);
  });
});
