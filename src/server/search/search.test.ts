import { beforeEach, describe, expect, it } from 'vitest';
import { searchError } from '#src/shared/search/messages.ts';
import { find, marked, q } from '../../../tests/support/search.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';
import { addClient, addProject, portalSetup } from '../../../tests/support/clients.ts';

// One index over task titles, descriptions and comments, on both engines.
describe.each(engines)('search on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('ranks a title match above a description match, and highlights the words it found', async () => {
    const { owner, id } = await team(t);
    await createTask(owner.c, id, { title: 'Quarterly report', description: 'Gather the invoices for the budget.' });
    await createTask(owner.c, id, { title: 'Budget review', description: 'Check the numbers.' });
    await createTask(owner.c, id, { title: 'Unrelated', description: 'Nothing to see.' });
    const hits = await find(owner.c, q('budget'));
    expect(hits.map((hit) => marked(hit.title))).toEqual(['[Budget] review', 'Quarterly report']);
    expect(marked(hits[1]!.snippet)).toBe('Gather the invoices for the [budget].');
    expect(hits[0]).toMatchObject({ kind: 'task', workspaceId: id, workspaceName: 'Team' });
  });

  it('ignores accents and case both ways, and matches the start of a word while it is typed', async () => {
    const { owner, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Crème brûlée for the CAFÉ' });
    await createTask(owner.c, id, { title: 'cafe plans' });
    expect((await find(owner.c, q('creme BRULEE'))).map((hit) => hit.id)).toEqual([task.id]);
    expect((await find(owner.c, q('Café'))).map((hit) => marked(hit.title)).sort()).toEqual([
      'Crème brûlée for the [CAFÉ]',
      '[cafe] plans',
    ]);
    expect((await find(owner.c, q('brû'))).map((hit) => hit.id)).toEqual([task.id]);
  });

  it('finds a task by a word of its comments, and a comment opens its task', async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Launch' });
    const comment = (await member.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'The *pelican* logo is ready.' })).body
      .comment;
    const hits = await find(owner.c, q('pelican'));
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ kind: 'comment', id: comment.id, taskId: task.id, taskKey: task.key });
    expect(marked(hits[0]!.title)).toBe('Launch');
    expect(marked(hits[0]!.snippet)).toBe('The *[pelican]* logo is ready.');
  });

  it('keeps the index in step with edits, deletes and restores', async () => {
    const { owner, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Old words', description: 'alpha' });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'zebra crossing' });
    expect(await find(owner.c, q('alpha'))).toHaveLength(1);

    await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { title: 'New words', description: 'omega', version: 1 });
    expect(await find(owner.c, q('alpha'))).toEqual([]);
    expect(await find(owner.c, q('old'))).toEqual([]);
    expect((await find(owner.c, q('omega'))).map((hit) => marked(hit.title))).toEqual(['New words']);

    expect((await del(owner.c, `/workspaces/${id}/tasks/${task.id}`)).status).toBe(200);
    expect(await find(owner.c, q('omega'))).toEqual([]);
    expect(await find(owner.c, q('zebra'))).toEqual([]);

    expect((await owner.c.post(`/workspaces/${id}/tasks/${task.id}/restore`, {})).status).toBe(200);
    expect((await find(owner.c, q('omega'))).map((hit) => hit.id)).toEqual([task.id]);
    expect((await find(owner.c, q('zebra'))).map((hit) => hit.kind)).toEqual(['comment']);
  });

  it('filters by kind and by workspace', async () => {
    const { owner, id } = await team(t);
    const other = await createWorkspace(owner, 'Side project');
    const task = await createTask(owner.c, id, { title: 'Harbour plan' });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'harbour permits' });
    const elsewhere = await createTask(owner.c, other, { title: 'Harbour cleanup' });
    expect(await find(owner.c, q('harbour'))).toHaveLength(3);
    expect((await find(owner.c, `${q('harbour')}&kind=comment`)).map((hit) => hit.kind)).toEqual(['comment']);
    expect((await find(owner.c, `${q('harbour')}&workspace=${other}`)).map((hit) => hit.id)).toEqual([elsewhere.id]);
  });

  it('shows only the workspaces the person is a member of; another workspace is as if it did not exist', async () => {
    const { owner, member, id } = await team(t);
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    await createTask(owner.c, id, { title: 'Secret merger' });
    await createTask(stranger.c, theirs, { title: 'Merger gossip' });
    expect((await find(member.c, q('merger'))).map((hit) => hit.workspaceId)).toEqual([id]);
    expect((await find(stranger.c, q('merger'))).map((hit) => hit.workspaceId)).toEqual([theirs]);
    expect(await find(stranger.c, `${q('merger')}&workspace=${id}`)).toEqual([]);

    // A member who leaves stops finding it at once.
    expect((await member.c.post(`/workspaces/${id}/leave`, {})).status).toBe(200);
    expect(await find(member.c, q('merger'))).toEqual([]);
  });

  it('refuses what is not a search with a clear 400, and a signed-out caller with 401', async () => {
    const { owner } = await team(t);
    expect((await owner.c.get('/search?q=%20%20')).body).toEqual({ error: searchError.emptyQuery });
    expect(await owner.c.get(`/search?${q('"*" - () :*')}`)).toMatchObject({ status: 400, body: { error: searchError.noWords } });
    expect((await owner.c.get(`/search?${q('x')}&kind=doc`)).status).toBe(400);
    expect((await owner.c.get(`/search?${q('x')}&workspace=nope`)).status).toBe(400);
    expect((await owner.c.get(`/search?${q('x')}&limit=1000`)).status).toBe(400);
    expect((await owner.c.get(`/search?${q('x')}&extra=1`)).status).toBe(400);
    expect((await owner.c.get(`/search?q=${'a'.repeat(201)}`)).status).toBe(400);
    const anonymous = await fetch(`${t.url}/api/search?q=x`);
    expect(anonymous.status).toBe(401);
  });

  it('takes query syntax as plain words: quotes, operators and column names reach neither engine', async () => {
    const { owner, id } = await team(t);
    await createTask(owner.c, id, { title: 'title: NEAR the body' });
    for (const words of ['title:near', 'NEAR(body title)', 'near & !body', "body' OR 1=1 --", 'near | body:*']) {
      expect((await owner.c.get(`/search?${q(words)}`)).status).toBe(200);
    }
    expect(await find(owner.c, q('title:near'))).toHaveLength(1);
  });

  it('finds a task by its key first, in any case, alone or among words, and only in my workspaces', async () => {
    const { owner, member, id } = await team(t);
    const first = await createTask(owner.c, id, { title: 'Login page' });
    const second = await createTask(owner.c, id, { title: 'Checkout flow' });
    await owner.c.post(`/workspaces/${id}/tasks/${second.id}/comments`, { body: `Blocked by ${first.key}` });
    // The key's task first, then where its key is written.
    const hits = await find(member.c, q(first.key));
    expect(hits.map((hit) => [hit.kind, hit.taskKey])).toEqual([
      ['task', first.key],
      ['comment', second.key],
    ]);
    expect(marked(hits[0]!.title)).toBe('Login page');
    expect((await find(member.c, q(`${first.key.toLowerCase()} checkout`)))[0]).toMatchObject({ id: first.id, taskKey: first.key });
    expect(await find(member.c, `${q(first.key)}&kind=comment`)).toHaveLength(1);
    // A key of a deleted task, or of another workspace, finds no task.
    expect((await del(owner.c, `/workspaces/${id}/tasks/${second.id}`)).status).toBe(200);
    expect(await find(owner.c, q(second.key))).toEqual([]);
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    expect(await find(stranger.c, q(first.key))).toEqual([]);
    expect(await find(stranger.c, `${q(first.key)}&workspace=${id}`)).toEqual([]);
    expect((await find(stranger.c, q((await createTask(stranger.c, theirs, { title: 'Mine' })).key))).map((hit) => hit.title)).toEqual([
      [{ text: 'Mine', match: false }],
    ]);
  });

  it('finds clients by name, company, notes and contacts, and projects by their name and their client', async () => {
    const { owner, id } = await team(t);
    const acme = await addClient(owner, id, {
      name: 'Acmé',
      company: 'Acme Holdings',
      notes: 'Prefers calls on Tuesdays',
      contacts: [{ name: 'Zora Quill', email: 'zora@example.com' }],
    });
    const project = await addProject(owner, id, acme.id, { name: 'Harbour relaunch' });
    expect((await find(owner.c, q('acme'))).map((hit) => [hit.kind, hit.id])).toEqual([
      ['client', acme.id],
      ['project', project.id],
    ]);
    const [byNotes] = await find(owner.c, q('tuesdays'));
    expect(byNotes).toMatchObject({ kind: 'client', clientId: acme.id, taskId: null, taskKey: null, workspaceId: id });
    expect(marked(byNotes!.title)).toBe('Acmé');
    expect((await find(owner.c, q('quill'))).map((hit) => hit.id)).toEqual([acme.id]);
    expect(await find(owner.c, q('example'))).toEqual([]);
    expect(await find(owner.c, `${q('harbour')}&kind=project`)).toMatchObject([{ id: project.id, clientId: acme.id }]);

    // Kept in step: a rename, a new contact, a removed one, a renamed project.
    expect((await owner.c.put(`/workspaces/${id}/clients/${acme.id}`, { name: 'Birchwood' })).status).toBe(200);
    expect((await find(owner.c, q('birchwood'))).map((hit) => hit.kind)).toEqual(['client', 'project']);
    const added = await owner.c.post(`/workspaces/${id}/clients/${acme.id}/contacts`, { name: 'Yannick Vole', email: 'y@example.com' });
    expect(added.status).toBe(201);
    expect((await find(owner.c, q('vole'))).map((hit) => hit.id)).toEqual([acme.id]);
    expect((await del(owner.c, `/workspaces/${id}/clients/${acme.id}/contacts/${added.body.contact.id}`)).status).toBe(200);
    expect(await find(owner.c, q('vole'))).toEqual([]);
    expect((await owner.c.put(`/workspaces/${id}/projects/${project.id}`, { name: 'Lighthouse' })).status).toBe(200);
    expect((await find(owner.c, q('lighthouse'))).map((hit) => hit.id)).toEqual([project.id]);
    expect(await find(owner.c, q('harbour'))).toEqual([]);
  });

  it('shows clients only to members of their workspace: never to a stranger, nor to the portal guest', async () => {
    const { owner, member, id, client, guest } = await portalSetup(t);
    expect((await find(member.c, q('acme'))).map((hit) => hit.kind).sort()).toEqual(['client', 'project']);
    const stranger = await person(t, 'Sam Stranger');
    await createWorkspace(stranger, 'Elsewhere');
    expect(await find(stranger.c, q('acme'))).toEqual([]);
    expect(await find(stranger.c, `${q('acme')}&workspace=${id}`)).toEqual([]);
    // The guest is no member: search is not theirs to use, in this workspace or by naming it.
    expect(await find(guest.c, q('acme'))).toEqual([]);
    expect(await find(guest.c, q('website'))).toEqual([]);
    expect(await find(guest.c, `${q('acme')}&workspace=${id}`)).toEqual([]);
    expect(await find(owner.c, q(client.name))).toHaveLength(2);
  });
});
