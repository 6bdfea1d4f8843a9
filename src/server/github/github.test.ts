import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConnectedRepoResponse, TaskLink } from '#src/shared/github/paths.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask, readEvents, team, type Team } from '../../../tests/support/tasks.ts';

// What GitHub sends: the JSON bytes, signed with the repository's secret, and its headers.
async function deliver(
  connected: ConnectedRepoResponse,
  event: string,
  payload: unknown,
  { secret = connected.secret, id = randomUUID(), body = JSON.stringify(payload), type = 'application/json' } = {},
) {
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const response = await fetch(connected.repo.hookUrl, {
    method: 'POST',
    headers: { 'content-type': type, 'x-github-event': event, 'x-github-delivery': id, 'x-hub-signature-256': signature },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, id };
}

const repository = { id: 1, full_name: 'acme/website', html_url: 'https://github.com/acme/website' };

// Shaped like GitHub's documented pull_request event (trimmed to a few of its fields).
function pullRequest(
  action: string,
  pr: { number: number; title: string; body?: string; branch?: string; merged?: boolean; draft?: boolean },
) {
  const closed = action === 'closed';
  return {
    action,
    number: pr.number,
    repository,
    sender: { login: 'octocat' },
    pull_request: {
      number: pr.number,
      html_url: `https://github.com/acme/website/pull/${pr.number}`,
      title: pr.title,
      body: pr.body ?? null,
      state: closed ? 'closed' : 'open',
      draft: pr.draft ?? false,
      merged: pr.merged ?? false,
      head: { ref: pr.branch ?? 'main', sha: 'a'.repeat(40) },
      base: { ref: 'main' },
    },
  };
}

const commit = (message: string) => {
  const id = randomUUID().replaceAll('-', '').padEnd(40, '0');
  return { id, message, url: `https://github.com/acme/website/commit/${id}`, author: { name: 'Octo Cat' } };
};

async function connect(t: TestApp, owner: Team['owner'], workspaceId: string, fullName = 'Acme/Website') {
  const answer = await owner.c.post(`/workspaces/${workspaceId}/github/repos`, { fullName });
  expect(answer.status).toBe(201);
  expect(answer.body.repo.hookUrl).toBe(`${t.url}/api/github/hooks/${answer.body.repo.id}`);
  return answer.body as ConnectedRepoResponse;
}

const linksOf = async (c: Team['owner']['c'], workspaceId: string, task: Task) =>
  (await c.get(`/workspaces/${workspaceId}/tasks/${task.key}/github`)).body.links as TaskLink[];

const columnOf = async (c: Team['owner']['c'], workspaceId: string, task: Task) =>
  ((await c.get(`/workspaces/${workspaceId}/tasks/${task.id}`)).body.task as Task).columnId;

describe.each(engines)('GitHub deliveries on %s', (engine) => {
  const app = useTestApp(engine);

  it('links every commit of a push to each task it names, and only those', async () => {
    const t = app();
    const { owner, member, id } = await team(t, 'Tessera');
    const [one, two, three] = [
      await createTask(owner.c, id, { title: 'One' }),
      await createTask(owner.c, id, { title: 'Two' }),
      await createTask(owner.c, id, { title: 'Three' }),
    ];
    const connected = await connect(t, owner, id);
    expect((await deliver(connected, 'ping', { zen: 'Keep it logically awesome.', hook_id: 1, repository })).status).toBe(200);
    const stream = await readEvents(t.url, member.c, id);

    const push = {
      ref: 'refs/heads/main',
      repository,
      commits: [commit('TES-1: sign-in form\n\nAlso touches tes-2.'), commit('Refactor only'), commit('Fix TES-2 and TES-99')],
    };
    const answer = await deliver(connected, 'push', push);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, linked: 3, moved: 0 } });

    expect((await linksOf(member.c, id, one!)).map((link) => [link.kind, link.title, link.state])).toEqual([
      ['commit', 'TES-1: sign-in form', 'pushed'],
    ]);
    expect((await linksOf(member.c, id, two!)).map((link) => link.title).sort()).toEqual(['Fix TES-2 and TES-99', 'TES-1: sign-in form']);
    expect(await linksOf(member.c, id, three!)).toEqual([]);

    // Each link is in the workspace's activity and on the live stream (the open task's links refresh).
    const heard = await stream.waitFor((event) => event.type === 'github.linked' && event.task.id === two!.id);
    expect(heard).toMatchObject({ actorId: null, task: { key: 'TES-2', title: 'Two' }, link: { kind: 'commit', repo: 'acme/website' } });
    stream.close();
    const activity = (await member.c.get(`/workspaces/${id}/dashboard`)).body.recentActivity.map((item: { text: string }) => item.text);
    const sha = push.commits[0]!.id.slice(0, 7);
    expect(activity.filter((text: string) => text.startsWith('GitHub:'))).toHaveLength(3);
    expect(activity).toContain(`GitHub: commit ${sha} of acme/website names “One”`);

    const repos = (await member.c.get(`/workspaces/${id}/github/repos`)).body.repos;
    expect(repos).toMatchObject([{ fullName: 'acme/website', lastEvent: 'push', lastError: null }]);
  });

  it('moves a task to In progress when a pull request naming it opens, and to Done when one that fixes it merges', async () => {
    const t = app();
    const { owner, id, columns } = await team(t, 'Tessera');
    const [todo, doing, done] = columns;
    const task = await createTask(owner.c, id, { title: 'Login' });
    const other = await createTask(owner.c, id, { title: 'Only mentioned' });
    const connected = await connect(t, owner, id);
    const stream = await readEvents(t.url, owner.c, id);

    const opened = await deliver(
      connected,
      'pull_request',
      pullRequest('opened', { number: 7, title: 'Login page', branch: 'feature/TES-1-login' }),
    );
    expect(opened.body).toMatchObject({ linked: 1, moved: 1 });
    expect(await columnOf(owner.c, id, task)).toBe(doing!.id);
    expect((await linksOf(owner.c, id, task)).map((link) => [link.kind, link.ref, link.state])).toEqual([['pull_request', '7', 'open']]);

    const merged = pullRequest('closed', { number: 7, title: 'Login page', body: 'Fixes TES-1. See also TES-2.', merged: true });
    expect((await deliver(connected, 'pull_request', merged)).body).toMatchObject({ linked: 2, moved: 1 });
    expect(await columnOf(owner.c, id, task)).toBe(done!.id);
    expect(await columnOf(owner.c, id, other)).toBe(todo!.id);
    // An open board hears the move as it hears any other.
    const heard = await stream.waitFor((event) => event.type === 'task.updated' && event.task.columnId === done!.id);
    expect(heard).toMatchObject({ type: 'task.updated', moved: true, task: { id: task.id } });
    stream.close();
    expect((await linksOf(owner.c, id, task))[0]!.state).toBe('merged');
    const latest = (await owner.c.get(`/workspaces/${id}/dashboard`)).body.recentActivity.map((item: { text: string }) => item.text);
    expect(latest).toContain('GitHub: pull request #7 of acme/website (merged) names “Login”');
    expect((await linksOf(owner.c, id, other))[0]!.state).toBe('merged');

    // A pull request closed without merging is shown closed and moves nothing.
    await deliver(connected, 'pull_request', pullRequest('opened', { number: 8, title: 'Try TES-2', draft: true }));
    expect((await linksOf(owner.c, id, other)).find((link) => link.ref === '8')!.state).toBe('draft');
    const closed = await deliver(connected, 'pull_request', pullRequest('closed', { number: 8, title: 'Try TES-2', body: 'Closes TES-2' }));
    expect(closed.body).toMatchObject({ moved: 0 });
    expect((await linksOf(owner.c, id, other)).find((link) => link.ref === '8')!.state).toBe('closed');
    expect(await columnOf(owner.c, id, other)).toBe(doing!.id);
  });

  it('follows the owner’s choice of columns, and a rule switched off moves nothing', async () => {
    const t = app();
    const { owner, member, id, columns } = await team(t, 'Tessera');
    const task = await createTask(owner.c, id, { title: 'Login' });
    const connected = await connect(t, owner, id);
    const rules = { moveOnOpen: false, openColumnId: null, moveOnMerge: true, mergedColumnId: columns[1]!.id };
    expect((await member.c.put(`/workspaces/${id}/github/settings`, rules)).status).toBe(403);
    expect((await owner.c.put(`/workspaces/${id}/github/settings`, { ...rules, mergedColumnId: randomUUID() })).status).toBe(400);
    expect((await owner.c.put(`/workspaces/${id}/github/settings`, rules)).body.settings).toEqual(rules);

    await deliver(connected, 'pull_request', pullRequest('opened', { number: 1, title: 'TES-1' }));
    expect(await columnOf(owner.c, id, task)).toBe(columns[0]!.id);
    await deliver(connected, 'pull_request', pullRequest('closed', { number: 1, title: 'Resolves TES-1', merged: true }));
    expect(await columnOf(owner.c, id, task)).toBe(columns[1]!.id);
  });

  it('refuses a replay, a wrong secret, an unknown event, another repository and a malformed or huge body, changing nothing', async () => {
    const t = app();
    const { owner, id, columns } = await team(t, 'Tessera');
    const task = await createTask(owner.c, id, { title: 'Login' });
    const connected = await connect(t, owner, id);
    const open = pullRequest('opened', { number: 3, title: 'TES-1 work' });

    const first = await deliver(connected, 'pull_request', pullRequest('edited', { number: 3, title: 'TES-1 work' }));
    expect(first.status).toBe(200);
    const replay = await deliver(connected, 'pull_request', open, { id: first.id });
    expect(replay).toMatchObject({ status: 409, body: { error: 'This delivery was received already.' } });

    const refusals = [
      await deliver(connected, 'pull_request', open, { secret: 'not the secret' }),
      await deliver(connected, 'issues', { action: 'opened', repository }),
      await deliver(connected, 'pull_request', { ...open, repository: { full_name: 'evil/fork' } }),
      await deliver(connected, 'pull_request', open, { body: '{"action":' }),
      await deliver(connected, 'pull_request', { action: 'opened', repository, pull_request: { title: 42 } }),
      await deliver(connected, 'pull_request', open, { type: 'application/x-www-form-urlencoded' }),
      await deliver(connected, 'push', open, { body: JSON.stringify({ repository, commits: [commit('TES-1'.padEnd(1_100_000, 'x'))] }) }),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([401, 400, 400, 400, 400, 415, 413]);
    for (const answer of refusals) expect(typeof answer.body.error).toBe('string');

    expect(await columnOf(owner.c, id, task)).toBe(columns[0]!.id);
    expect((await linksOf(owner.c, id, task)).map((link) => link.state)).toEqual(['open']);
    const [repo] = (await owner.c.get(`/workspaces/${id}/github/repos`)).body.repos;
    expect(repo.lastError).toMatch(/content type/);
  });

  it('refuses deliveries to a disconnected repository at once, and names nothing of another workspace', async () => {
    const t = app();
    const { owner, member, id } = await team(t, 'Tessera');
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Other Place');
    const theirTask = await createTask(stranger.c, theirs, { title: 'Theirs' });
    expect(theirTask.key).toBe('OP-1');
    const mine = await createTask(owner.c, id, { title: 'Mine' });
    const connected = await connect(t, owner, id);

    // Their key means nothing here, even with their task's number.
    const answer = await deliver(connected, 'pull_request', pullRequest('opened', { number: 1, title: 'Fixes OP-1' }));
    expect(answer.body).toMatchObject({ linked: 0, moved: 0 });
    expect((await stranger.c.get(`/workspaces/${theirs}/tasks/${theirTask.id}/github`)).body.links).toEqual([]);
    expect((await stranger.c.get(`/workspaces/${id}/github/repos`)).status).toBe(404);
    expect((await stranger.c.get(`/workspaces/${id}/tasks/${mine.id}/github`)).status).toBe(404);
    expect((await stranger.c.post(`/workspaces/${id}/github/repos`, { fullName: 'evil/repo' })).status).toBe(404);
    expect((await member.c.post(`/workspaces/${id}/github/repos`, { fullName: 'acme/other' })).status).toBe(403);
    expect((await owner.c.post(`/workspaces/${id}/github/repos`, { fullName: 'acme/website' })).status).toBe(409);
    expect((await owner.c.post(`/workspaces/${id}/github/repos`, { fullName: 'not a repo' })).status).toBe(400);
    expect((await del(stranger.c, `/workspaces/${id}/github/repos/${connected.repo.id}`)).status).toBe(404);

    expect((await del(owner.c, `/workspaces/${id}/github/repos/${connected.repo.id}`)).status).toBe(200);
    const after = await deliver(connected, 'pull_request', pullRequest('opened', { number: 2, title: 'TES-1' }));
    expect(after.status).toBe(404);
    expect(await (await owner.c.get(`/workspaces/${id}/tasks/${mine.id}/github`)).body.links).toEqual([]);
  });
});
