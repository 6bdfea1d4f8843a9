import { describe, expect, it } from 'vitest';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { aiPaths, type CreatedBatchResponse } from '#src/shared/ai/paths.ts';
import { analyticsPaths } from '#src/shared/analytics/paths.ts';
import { apiKeyPaths, type CreatedApiKeyResponse } from '#src/shared/api-keys/paths.ts';
import { calendarPaths } from '#src/shared/calendar/paths.ts';
import { clientPaths, portalPaths, type MyPortalsResponse, type PortalHomeResponse } from '#src/shared/clients/paths.ts';
import { notificationPaths } from '#src/shared/notifications/paths.ts';
import { taskPaths } from '#src/shared/tasks/paths.ts';
import { webhookPaths, type WebhookDeliveriesResponse, type WebhookSecretResponse } from '#src/shared/webhooks/paths.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import { workspacePaths } from '#src/shared/workspaces/paths.ts';
import { registeredRoutes } from '../../../tests/support/route-table.ts';
import { uniqueEmail, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask, readEvents } from '../../../tests/support/tasks.ts';
import { createWorkspace, del, invite, person } from '../../../tests/support/workspaces.ts';
import { addClient, addProject, portalSetup } from '../../../tests/support/clients.ts';
import { slackExportZip } from '../../../tests/support/slack-export.ts';
import { ONE_PIXEL_PNG } from '../../../tests/support/png.ts';

describe.each(engines)('the client portal on %s', (engine) => {
  // Each test signs up three people from one address: more than the per-address sign-up limit allows.
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it('makes an invited contact a guest who sees only the shared tasks of their own client', async () => {
    const t = app();
    const { owner, id, project, guest } = await portalSetup(t);
    const other = await addClient(owner, id, { name: 'Other Co' });
    const otherProject = await addProject(owner, id, other.id, { name: 'Their project' });
    const shared = await createTask(owner.c, id, {
      title: 'Homepage mock-ups',
      projectId: project.id,
      sharedWithClient: true,
      dueDate: '2026-12-01',
    });
    await createTask(owner.c, id, { title: 'Internal estimate', projectId: project.id });
    await createTask(owner.c, id, { title: 'Other client work', projectId: otherProject.id, sharedWithClient: true });
    await createTask(owner.c, id, { title: 'No project', sharedWithClient: true });

    const mine = await guest.c.get<MyPortalsResponse>('/portal');
    expect(mine.body.portals).toEqual([{ workspaceId: id, workspaceName: 'Team', clientName: 'Acme' }]);
    expect(mine.body.preferPortal).toBe(true);
    const home = await guest.c.get<PortalHomeResponse>(`/workspaces/${id}/portal`);
    expect(home.status).toBe(200);
    expect(home.body.client).toEqual({ id: expect.any(String), name: 'Acme', company: 'Acme Ltd' });
    expect(home.body.projects.map((each) => each.name)).toEqual(['Website']);
    expect(home.body.tasks).toEqual([
      { id: shared.id, title: 'Homepage mock-ups', status: 'To do', projectName: 'Website', dueDate: '2026-12-01', approval: null },
    ]);
    // Nothing of members reaches the portal: no emails anywhere in the answer.
    expect(JSON.stringify(home.body)).not.toMatch(/@/);
  });

  it('shows the guest only comments marked for the client; the team sees the guest comment live', async () => {
    const t = app();
    const { owner, member, id, project, guest } = await portalSetup(t);
    const task = await createTask(owner.c, id, { title: 'Logo', projectId: project.id, sharedWithClient: true });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Internal: client is slow to reply' });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Here is the first draft.', forClient: true });
    const before = await guest.c.get(`/workspaces/${id}/portal/tasks/${task.id}/comments`);
    expect(before.body.comments.map((each: { body: string; author: string }) => [each.author, each.body])).toEqual([
      ['Olive Owner', 'Here is the first draft.'],
    ]);

    const live = await readEvents(t.url, member.c, id);
    try {
      const added = await guest.c.post(`/workspaces/${id}/portal/tasks/${task.id}/comments`, { body: 'Looks great, one change please.' });
      expect(added.status).toBe(201);
      const event = await live.waitFor((each) => each.type === 'comment.added' && each.comment.author?.name === 'Cora Contact');
      expect(event.type === 'comment.added' && event.comment).toMatchObject({
        body: 'Looks great, one change please.',
        forClient: true,
        taskId: task.id,
      });
    } finally {
      live.close();
    }
    const team = await member.c.get(`/workspaces/${id}/tasks/${task.id}/comments`);
    expect(team.body.comments).toHaveLength(3);
  });

  it('records an approval once, shows it to the team and in Recent Activity', async () => {
    const t = app();
    const { owner, id, client, project, guest } = await portalSetup(t);
    const task = await createTask(owner.c, id, { title: 'Final copy', projectId: project.id, sharedWithClient: true });
    const approved = await guest.c.post(`/workspaces/${id}/portal/tasks/${task.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.task.approval).toEqual({ by: 'Cora Contact', at: expect.any(String) });
    const again = await guest.c.post(`/workspaces/${id}/portal/tasks/${task.id}/approve`, {});
    expect(again.body.task.approval.at).toBe(approved.body.task.approval.at);
    const dashboard = await owner.c.get(`/workspaces/${id}/dashboard`);
    expect(
      dashboard.body.recentActivity.filter((each: { text: string }) => each.text === 'Cora Contact approved “Final copy”'),
    ).toHaveLength(1);
    // Approved work is no longer open on the client's page.
    const page = await owner.c.get(`/workspaces/${id}/clients/${client.id}`);
    expect(page.body.openTasks).toEqual([]);
  });

  it('answers 404 to a guest for a task not shared, and for another workspace', async () => {
    const t = app();
    const { owner, id, project, guest } = await portalSetup(t);
    const hidden = await createTask(owner.c, id, { title: 'Not shared', projectId: project.id });
    const elsewhere = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(elsewhere, 'Theirs');
    const answers = [
      await guest.c.get(`/workspaces/${id}/portal/tasks/${hidden.id}/comments`),
      await guest.c.post(`/workspaces/${id}/portal/tasks/${hidden.id}/comments`, { body: 'hi' }),
      await guest.c.post(`/workspaces/${id}/portal/tasks/${hidden.id}/approve`, {}),
      await guest.c.get(`/workspaces/${theirs}/portal`),
      // Members are not guests: the portal is not theirs.
      await owner.c.get(`/workspaces/${id}/portal`),
      await elsewhere.c.get(`/workspaces/${id}/portal`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
  });

  // Every workspace route the app registered, read from its own route table: a route added later is
  // walked without anyone listing it here.
  const WORKSPACE = `${API_BASE}/workspaces/:id`;
  const PORTAL = new Set([portalPaths.home, portalPaths.comments, portalPaths.approve].map((path) => `${API_BASE}${path}`));
  const workspaceRoutes = (t: TestApp) => registeredRoutes(t.app).filter(({ url }) => url === WORKSPACE || url.startsWith(`${WORKSPACE}/`));

  it('gives a guest a 404 on every registered workspace route outside the portal, with real ids of their own workspace', async () => {
    const t = app();
    const { owner, id, client, project, guest } = await portalSetup(t);
    // Something of every kind a path can name, in the guest's own workspace, so a route that forgot the
    // door would answer 200 or 400 here rather than a 404 for an id it does not know.
    const hook = await owner.c.post<WebhookSecretResponse>(`/workspaces/${id}/webhooks`, {
      url: 'https://example.com/hook',
      events: ['task.created'],
    });
    const task = await createTask(owner.c, id, { title: 'Shared', projectId: project.id, sharedWithClient: true });
    const comment = await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'For the client', forClient: true });
    const key = await owner.c.post<CreatedApiKeyResponse>(`/workspaces/${id}/api-keys`, { name: 'Integration' });
    const batch = await owner.c.post<CreatedBatchResponse>(`/workspaces/${id}/ai/batches`, { tasks: [{ title: 'Drafted' }] });
    const campaign = await owner.c.post(`/workspaces/${id}/campaigns`, { subject: 'Update', body: 'Hello', clientIds: [client.id] });
    const general = (await owner.c.get(`/workspaces/${id}/chat/channels`)).body.channels?.[0]?.id as string | undefined;
    const message = await owner.c.post(`/workspaces/${id}/chat/channels/${general}/messages`, { body: 'Hello team' });
    const repo = await owner.c.post(`/workspaces/${id}/github/repos`, { fullName: 'acme/site' });
    const page = await owner.c.post(`/workspaces/${id}/pages`, { title: 'Notes' });
    const version = await owner.c.post(`/workspaces/${id}/pages/${page.body.page?.id}/versions`, {});
    const image = await owner.c.post(`/workspaces/${id}/pages/${page.body.page?.id}/images`, ONE_PIXEL_PNG, {
      'content-type': 'image/png',
    });
    const slackExport = slackExportZip({
      users: [{ id: 'U1', name: 'Ada' }],
      channels: [
        { id: 'C1', name: 'random', members: ['U1'], days: { '2026-01-05': [{ ts: '1767571200.000100', user: 'U1', text: 'Hi' }] } },
      ],
    });
    const slackImport = await owner.c.post(`/workspaces/${id}/chat/slack-imports`, slackExport, {
      'content-type': 'application/zip',
      'x-file-name': 'export.zip',
    });
    const invitation = await invite(t, owner, id, uniqueEmail('invited'));
    const deliveries = await owner.c.get<WebhookDeliveriesResponse>(`/workspaces/${id}/webhooks/${hook.body.endpoint.id}/deliveries`);
    const ids: Record<string, string | undefined> = {
      id,
      taskId: task.id,
      columnId: task.columnId,
      commentId: comment.body.comment?.id,
      clientId: client.id,
      contactId: client.contacts[0]!.id,
      projectId: project.id,
      userId: owner.id,
      invitationId: invitation.id,
      keyId: key.body.apiKey?.id,
      endpointId: hook.body.endpoint?.id,
      deliveryId: deliveries.body.deliveries?.[0]?.id,
      batchId: batch.body.batchId,
      campaignId: campaign.body.campaign?.id,
      channelId: general,
      messageId: message.body.message?.id,
      repoId: repo.body.repo?.id,
      pageId: page.body.page?.id,
      versionId: version.body.version?.id,
      imageId: image.body.image?.id,
      importId: slackImport.body.import?.id,
    };
    const fill = (url: string) =>
      url.slice(API_BASE.length).replace(/:(\w+)/g, (_, name: string) => {
        const value = ids[name];
        if (value === undefined) throw new Error(`No id of the guest's workspace for :${name} in ${url}`);
        return value;
      });

    const routes = workspaceRoutes(t).filter(({ url }) => !PORTAL.has(url));
    const walked = new Set(routes.map(({ url }) => url.slice(API_BASE.length)));
    // The walk reaches every kind of workspace route, those a hand-written list once missed among them.
    for (const path of [
      workspacePaths.one,
      workspacePaths.invitation,
      taskPaths.comment,
      taskPaths.events,
      notificationPaths.follow,
      aiPaths.restoreBatch,
      analyticsPaths.analytics,
      calendarPaths.calendar,
      apiKeyPaths.one,
      webhookPaths.resend,
      clientPaths.dashboard,
    ]) {
      expect(walked).toContain(path);
    }
    const answered: string[] = [];
    for (const { method, url } of routes) {
      const answer = await guest.c.call(method, fill(url), method === 'GET' || method === 'HEAD' ? undefined : {});
      if (answer.status !== 404) answered.push(`${method} ${url} → ${answer.status}`);
    }
    expect(answered).toEqual([]);

    // The portal's own routes are the guest's: the walk above skipped nothing else.
    expect(workspaceRoutes(t).filter(({ url }) => PORTAL.has(url)).length).toBeGreaterThan(0);
    expect((await guest.c.get(`/workspaces/${id}/portal`)).status).toBe(200);
    // The workspace is not among theirs, and the Home panel lists hold nothing of it.
    const listed = await guest.c.get('/workspaces');
    expect(listed.body.workspaces.map((each: { id: string }) => each.id)).not.toContain(id);
    for (const path of ['/me/tasks', '/me/comments', '/me/inbox']) {
      expect(JSON.stringify((await guest.c.get(path)).body)).not.toContain(task.id);
    }
    // Nothing changed: the task, the workspace, the client and the key are as they were.
    expect((await owner.c.get(`/workspaces/${id}/tasks/${task.id}`)).body.task.title).toBe('Shared');
    expect((await owner.c.get(`/workspaces/${id}`)).body.workspace.name).toBe('Team');
    expect((await owner.c.get(`/workspaces/${id}/clients/${client.id}`)).body.client.name).toBe('Acme');
    expect((await owner.c.get(`/workspaces/${id}/api-keys`)).body.apiKeys.map((each: { id: string }) => each.id)).toEqual([ids.keyId]);
  });

  it("gives a guest of one workspace a 404 on another workspace's portal, guest routes and all", async () => {
    const t = app();
    const a = await portalSetup(t);
    const b = await portalSetup(t);
    const theirs = await createTask(b.owner.c, b.id, { title: 'B work', projectId: b.project.id, sharedWithClient: true });
    const w = `/workspaces/${b.id}/portal`;
    const answers = [
      await a.guest.c.get(w),
      await a.guest.c.get(`${w}/tasks/${theirs.id}/comments`),
      await a.guest.c.post(`${w}/tasks/${theirs.id}/comments`, { body: 'Not mine' }),
      await a.guest.c.post(`${w}/tasks/${theirs.id}/approve`, {}),
    ];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(Array(4).fill([404, { error: workspaceError.notFound }]));
    // B's own guest sees the task, unapproved and without a comment from A's guest.
    const home = await b.guest.c.get<PortalHomeResponse>(w);
    expect(home.body.tasks.map((each) => [each.title, each.approval])).toEqual([['B work', null]]);
    expect((await b.guest.c.get(`${w}/tasks/${theirs.id}/comments`)).body.comments).toEqual([]);
  });

  it('ends portal access when the contact is removed', async () => {
    const t = app();
    const { owner, id, client, guest } = await portalSetup(t);
    expect((await guest.c.get(`/workspaces/${id}/portal`)).status).toBe(200);
    await del(owner.c, `/workspaces/${id}/clients/${client.id}/contacts/${client.contacts[0]!.id}`);
    expect((await guest.c.get(`/workspaces/${id}/portal`)).status).toBe(404);
  });

  it('lets only the owner invite a contact, and counts the invitation as an email sent to that client', async () => {
    const t = app();
    const { member, id, client } = await portalSetup(t);
    const refused = await member.c.post(`/workspaces/${id}/clients/${client.id}/contacts/${client.contacts[0]!.id}/invite`, {});
    expect(refused.status).toBe(403);
    const dashboard = await member.c.get(`/workspaces/${id}/dashboard`);
    // The member's invitation and the contact's.
    expect(dashboard.body.emailsSent).toBe(2);
    expect(dashboard.body.recentClients[0]).toMatchObject({ name: 'Acme', lastContactAt: expect.any(String) });
  });
});
