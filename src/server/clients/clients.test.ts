import { describe, expect, it } from 'vitest';
import type { ClientListResponse, DashboardResponse } from '#src/shared/clients/paths.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { writeLimits } from '#src/server/http/rate-limit.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';
import { createWorkspace, del, invite, person } from '../../../tests/support/workspaces.ts';
import { addClient, addProject } from '../../../tests/support/clients.ts';

describe.each(engines)('clients and the dashboard on %s', (engine) => {
  // Each test signs up two or three people from one address: more than the per-address sign-up limit allows.
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000', JOBS_POLL_MS: '0' } });

  it('shows an empty workspace as empty: no invented figures', async () => {
    const t = app();
    const owner = await person(t, 'Olive Owner');
    const id = await createWorkspace(owner, 'Fresh');
    const { body, status } = await owner.c.get<DashboardResponse>(`/workspaces/${id}/dashboard`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalClients: 0, clientsThisMonth: 0, emailsSent: 0, activeProjects: 0, dueThisWeek: 0, revenue: 0 });
    expect(body.recentClients).toEqual([]);
  });

  it('counts a new client, its active projects and their value on the dashboard, and lists it in Recent Clients', async () => {
    const t = app();
    const { owner, id } = await team(t);
    const client = await addClient(owner, id, {
      name: 'Bright Lane',
      company: 'Brightlane Studio',
      status: 'Pending',
      contacts: [{ name: 'Maya Okafor', email: 'Maya@Brightlane.Example' }],
    });
    expect(client.contacts).toEqual([expect.objectContaining({ name: 'Maya Okafor', email: 'maya@brightlane.example' })]);
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    await addProject(owner, id, client.id, { name: 'Brand refresh', value: 250_000, endDate: today });
    await addProject(owner, id, client.id, { name: 'Old site', status: 'Completed', value: 999_999 });
    await addProject(owner, id, client.id, { name: 'Retainer' });

    const { body } = await owner.c.get<DashboardResponse>(`/workspaces/${id}/dashboard`);
    expect(body.totalClients).toBe(1);
    expect(body.clientsThisMonth).toBe(1);
    expect(body.activeProjects).toBe(2);
    expect(body.dueThisWeek).toBe(1);
    // Only active projects count towards Revenue.
    expect(body.revenue).toBe(250_000);
    expect(body.currency).toBe('USD');
    // team() invited the member: one email sent for this workspace.
    expect(body.emailsSent).toBe(1);
    expect(body.recentClients.map((each) => [each.name, each.company, each.status])).toEqual([
      ['Bright Lane', 'Brightlane Studio', 'Pending'],
    ]);
    expect(body.recentActivity[0]!.text).toBe('Olive Owner added project “Retainer”');
  });

  it('moves Last Contact when a task of the client changes, and lists that client first', async () => {
    const t = app();
    const { owner, id } = await team(t);
    const first = await addClient(owner, id, { name: 'First' });
    const project = await addProject(owner, id, first.id, { name: 'Launch' });
    await addClient(owner, id, { name: 'Second' });
    t.clock.advance(1000);
    await createTask(owner.c, id, { title: 'Draft copy', projectId: project.id });
    const { body } = await owner.c.get<DashboardResponse>(`/workspaces/${id}/dashboard`);
    expect(body.recentClients.map((each) => each.name)).toEqual(['First', 'Second']);
    expect(body.recentClients[0]!.lastContactAt).not.toBeNull();
    expect(body.recentClients[1]!.lastContactAt).toBeNull();
  });

  it('counts emails of the last 30 days only', async () => {
    const t = app();
    const { owner, id } = await team(t);
    // The outbox (driven here, its poller off) sends what the team's start raised.
    const drained = async () => {
      while ((await t.app.jobs.runDue()) > 0);
    };
    const emailsSent = async () => (await owner.c.get<DashboardResponse>(`/workspaces/${id}/dashboard`)).body.emailsSent;
    await drained();
    const atStart = await emailsSent();
    expect(atStart).toBeGreaterThanOrEqual(1);
    // 29 days on, the daily digests that fell due go out too.
    t.clock.advance(29 * 86_400_000);
    await drained();
    const digests = (await emailsSent()) - atStart;
    await invite(t, owner, id, 'late@example.com');
    expect(await emailsSent()).toBe(atStart + digests + 1);
    // Two days on, everything of the team's start is 31 days old and no longer counts.
    t.clock.advance(2 * 86_400_000);
    expect(await emailsSent()).toBe(digests + 1);
  });

  it('finds clients by name or company, a page at a time', async () => {
    const t = app();
    const { owner, id } = await team(t);
    for (let i = 0; i < 23; i++)
      await addClient(owner, id, { name: `Client ${String(i).padStart(2, '0')}`, company: i === 7 ? 'Fjordworks' : '' });
    const first = await owner.c.get<ClientListResponse>(`/workspaces/${id}/clients`);
    expect(first.body.total).toBe(23);
    expect(first.body.clients).toHaveLength(20);
    const second = await owner.c.get<ClientListResponse>(`/workspaces/${id}/clients?page=2`);
    expect(second.body.clients.map((each) => each.name)).toEqual(['Client 20', 'Client 21', 'Client 22']);
    const found = await owner.c.get<ClientListResponse>(`/workspaces/${id}/clients?q=fjord`);
    expect(found.body.clients.map((each) => each.name)).toEqual(['Client 07']);
    const literal = await owner.c.get<ClientListResponse>(`/workspaces/${id}/clients?q=%25`);
    expect(literal.body.total).toBe(0);
  });

  it("shows a client's projects, contacts, open tasks and the activity with them", async () => {
    const t = app();
    const { owner, member, id } = await team(t);
    const client = await addClient(owner, id, { name: 'Atelier Nord' });
    const other = await addClient(owner, id, { name: 'Elsewhere' });
    const project = await addProject(member, id, client.id, { name: 'Catalogue', startDate: '2026-01-01', endDate: '2026-03-31' });
    const elsewhere = await addProject(owner, id, other.id, { name: 'Not theirs' });
    await createTask(owner.c, id, { title: 'Proofs', projectId: project.id, sharedWithClient: true });
    await createTask(owner.c, id, { title: 'Other work', projectId: elsewhere.id });
    const added = await owner.c.post(`/workspaces/${id}/clients/${client.id}/contacts`, {
      name: 'Chloé Martin',
      email: 'chloe@example.com',
    });
    expect(added.status).toBe(201);
    const { body, status } = await member.c.get(`/workspaces/${id}/clients/${client.id}`);
    expect(status).toBe(200);
    expect(body.projects.map((each: { name: string }) => each.name)).toEqual(['Catalogue']);
    expect(body.client.contacts.map((each: { name: string }) => each.name)).toEqual(['Chloé Martin']);
    expect(body.openTasks).toEqual([expect.objectContaining({ title: 'Proofs', projectName: 'Catalogue', sharedWithClient: true })]);
    const texts = body.activity.map((each: { text: string }) => each.text);
    expect(texts).toContain('Olive Owner created “Proofs”');
    expect(texts).toContain('Mina Member added project “Catalogue”');
    expect(texts.join(' ')).not.toContain('Other work');
  });

  it('filters the board by project and by client', async () => {
    const t = app();
    const { owner, id } = await team(t);
    const a = await addClient(owner, id, { name: 'A' });
    const b = await addClient(owner, id, { name: 'B' });
    const pa = await addProject(owner, id, a.id, { name: 'PA' });
    const pb = await addProject(owner, id, b.id, { name: 'PB' });
    await createTask(owner.c, id, { title: 'for A', projectId: pa.id });
    await createTask(owner.c, id, { title: 'for B', projectId: pb.id });
    await createTask(owner.c, id, { title: 'internal' });
    const titles = async (query: string) =>
      ((await owner.c.get(`/workspaces/${id}/tasks?${query}`)).body.tasks as Task[]).map((task) => task.title);
    expect(await titles(`project=${pa.id}`)).toEqual(['for A']);
    expect(await titles(`client=${b.id}`)).toEqual(['for B']);
    const projects = await owner.c.get(`/workspaces/${id}/projects`);
    expect(projects.body.projects.map((each: { name: string; clientName: string }) => `${each.clientName}/${each.name}`)).toEqual([
      'A/PA',
      'B/PB',
    ]);
    // The pickers' list carries what a picker shows and quick-add matches, not whole projects.
    expect(projects.body.projects[0]).toEqual({ id: pa.id, clientId: a.id, clientName: 'A', name: 'PA', status: 'Active' });
  });

  it('edits a client and a project, and refuses an end before the start', async () => {
    const t = app();
    const { owner, id } = await team(t);
    const client = await addClient(owner, id, { name: 'Copperleaf' });
    const edited = await owner.c.put(`/workspaces/${id}/clients/${client.id}`, { status: 'Inactive', notes: 'Paused until spring.' });
    expect(edited.body.client).toMatchObject({ status: 'Inactive', notes: 'Paused until spring.', name: 'Copperleaf' });
    const project = await addProject(owner, id, client.id, { name: 'Audit', startDate: '2026-05-01' });
    const refused = await owner.c.put(`/workspaces/${id}/projects/${project.id}`, { endDate: '2026-04-01' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('End date cannot be before the start date.');
    const done = await owner.c.put(`/workspaces/${id}/projects/${project.id}`, { status: 'Completed', value: 5000 });
    expect(done.body.project).toMatchObject({ status: 'Completed', value: 5000, startDate: '2026-05-01' });
  });

  it('lets the owner set the currency, not a member', async () => {
    const t = app();
    const { owner, member, id } = await team(t);
    expect((await member.c.put(`/workspaces/${id}/client-settings`, { currency: 'EUR' })).status).toBe(403);
    expect((await owner.c.put(`/workspaces/${id}/client-settings`, { currency: 'EUR' })).body).toEqual({ currency: 'EUR' });
    expect((await owner.c.get<DashboardResponse>(`/workspaces/${id}/dashboard`)).body.currency).toBe('EUR');
    expect((await owner.c.put(`/workspaces/${id}/client-settings`, { currency: 'XXX' })).status).toBe(400);
  });

  it("hides another workspace's clients and projects behind a 404, and changes nothing there", async () => {
    const t = app();
    const { owner, id } = await team(t);
    const client = await addClient(owner, id, { name: 'Private' });
    const project = await addProject(owner, id, client.id, { name: 'Secret' });
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Theirs');
    const attempts = [
      await stranger.c.get(`/workspaces/${id}/dashboard`),
      await stranger.c.get(`/workspaces/${id}/clients`),
      await stranger.c.get(`/workspaces/${id}/clients/${client.id}`),
      await stranger.c.put(`/workspaces/${id}/clients/${client.id}`, { name: 'Taken' }),
      await stranger.c.post(`/workspaces/${id}/clients/${client.id}/projects`, { name: 'Mine now' }),
      await stranger.c.put(`/workspaces/${id}/projects/${project.id}`, { name: 'Taken' }),
      // Through their own workspace, naming our rows.
      await stranger.c.get(`/workspaces/${theirs}/clients/${client.id}`),
      await stranger.c.put(`/workspaces/${theirs}/projects/${project.id}`, { name: 'Taken' }),
      await stranger.c.post(`/workspaces/${theirs}/clients/${client.id}/contacts`, { name: 'X', email: 'x@example.com' }),
    ];
    expect(attempts.map((answer) => answer.status)).toEqual(Array(attempts.length).fill(404));
    // A task of theirs cannot join our project.
    const task = await stranger.c.post(`/workspaces/${theirs}/tasks`, { title: 'Sneaky', projectId: project.id });
    expect(task.status).toBe(400);
    const page = await owner.c.get(`/workspaces/${id}/clients/${client.id}`);
    expect(page.body.client.name).toBe('Private');
    expect(page.body.projects.map((each: { name: string }) => each.name)).toEqual(['Secret']);
  });

  it('refuses a second contact with the same email, and removes a contact', async () => {
    const t = app();
    const { owner, id } = await team(t);
    const client = await addClient(owner, id, { name: 'Dup', contacts: [{ name: 'One', email: 'one@example.com' }] });
    const again = await owner.c.post(`/workspaces/${id}/clients/${client.id}/contacts`, { name: 'Again', email: 'ONE@example.com' });
    expect(again.status).toBe(409);
    expect((await del(owner.c, `/workspaces/${id}/clients/${client.id}/contacts/${client.contacts[0]!.id}`)).status).toBe(200);
    expect((await owner.c.get(`/workspaces/${id}/clients/${client.id}`)).body.client.contacts).toEqual([]);
  });
});

describe.each(engines)('client write limits on %s', (engine) => {
  const app = useTestApp(engine);

  it('stops one person after their hourly allowance of changes, with Retry-After', async () => {
    const t = app();
    const { owner, id } = await team(t);
    for (let i = 0; i < 3; i++) await addClient(owner, id, { name: `C${i}` });
    // The rest of the hour's allowance spent, as if by many more changes.
    await t.db.counters.kysely
      .updateTable('rate_limits')
      .set({ count: writeLimits.person.max })
      .where('key', '=', `clients:person:${owner.id}`)
      .execute();
    const refused = await owner.c.post(`/workspaces/${id}/clients`, { name: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await owner.c.get<ClientListResponse>(`/workspaces/${id}/clients`)).body.total).toBe(3);
  });
});

describe.each(engines)('workspace write limit on %s', (engine) => {
  const app = useTestApp(engine);

  it('stops a workspace after its hourly allowance, whoever writes', async () => {
    const t = app();
    const { owner, member, id } = await team(t);
    await addClient(owner, id, { name: 'First' });
    await t.db.counters.kysely
      .updateTable('rate_limits')
      .set({ count: writeLimits.workspace.max })
      .where('key', '=', `clients:workspace:${id}`)
      .execute();
    expect((await member.c.post(`/workspaces/${id}/clients`, { name: 'Second' })).status).toBe(429);
    // Another workspace of the same person is not held back.
    const own = await createWorkspace(member, 'Own');
    expect((await member.c.post(`/workspaces/${own}/clients`, { name: 'Elsewhere' })).status).toBe(201);
  });
});
