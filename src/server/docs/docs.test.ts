import { describe, expect, it } from 'vitest';
import { docsError } from '#src/shared/docs/messages.ts';
import { PAGE_DEPTH_MAX, type Page } from '#src/shared/docs/paths.ts';
import { writeLimits } from '#src/server/http/rate-limit.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { readEvents, team, type Team, useTeam } from '../../../tests/support/tasks.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { createPage, pagesPath } from './test-helpers.ts';

// The tree as titles: each page with its sub-pages, in order.
function outline(pages: Page[], parentId: string | null = null): unknown[] {
  return pages
    .filter((page) => page.parentId === parentId)
    .sort((a, b) => a.position - b.position)
    .map((page) => {
      const children = outline(pages, page.id);
      return children.length > 0 ? { [page.title]: children } : page.title;
    });
}

describe.each(engines)('docs pages on %s', (engine) => {
  let t: TestApp;
  let tm: Team;
  useTeam(engine, (made) => ({ t, tm } = made));
  const tree = async (id = tm.id) => {
    const answer = await tm.member.c.get(pagesPath(id));
    expect(answer.status).toBe(200);
    return outline(answer.body.pages);
  };

  it('makes, names, nests, reorders, moves and deletes pages, and tells the live stream', async () => {
    expect(await tree()).toEqual([]);
    const events = await readEvents(t.url, tm.member.c, tm.id);
    const specs = await createPage(tm.owner, tm.id, { title: 'Specs', icon: '📘' });
    expect(specs).toMatchObject({ title: 'Specs', icon: '📘', parentId: null, position: 0, createdBy: tm.owner.id });
    const untitled = await createPage(tm.member, tm.id);
    expect(untitled.title).toBe('Untitled');
    const api = await createPage(tm.member, tm.id, { title: 'API', parentId: specs.id });
    const web = await createPage(tm.member, tm.id, { title: 'Web', parentId: specs.id });
    expect(await tree()).toEqual([{ Specs: ['API', 'Web'] }, 'Untitled']);

    const renamed = await tm.member.c.put(`${pagesPath(tm.id)}/${untitled.id}`, { title: '  Notes  ', icon: '🗒️' });
    expect(renamed.body.page).toMatchObject({ title: 'Notes', icon: '🗒️' });
    expect((await tm.member.c.put(`${pagesPath(tm.id)}/${untitled.id}`, { icon: '' })).body.page.icon).toBeNull();
    expect((await tm.member.c.get(`${pagesPath(tm.id)}/${untitled.id}`)).body.page.title).toBe('Notes');

    // Reorder among siblings, then move between parents and to the top.
    expect((await tm.member.c.post(`${pagesPath(tm.id)}/${web.id}/move`, { parentId: specs.id, index: 0 })).status).toBe(200);
    expect(await tree()).toEqual([{ Specs: ['Web', 'API'] }, 'Notes']);
    await tm.member.c.post(`${pagesPath(tm.id)}/${api.id}/move`, { parentId: untitled.id, index: 0 });
    expect(await tree()).toEqual([{ Specs: ['Web'] }, { Notes: ['API'] }]);
    await tm.member.c.post(`${pagesPath(tm.id)}/${web.id}/move`, { parentId: null, index: 99 });
    expect(await tree()).toEqual(['Specs', { Notes: ['API'] }, 'Web']);
    const positions = (await tm.member.c.get(pagesPath(tm.id))).body.pages.map((page: Page) => [page.title, page.position]);
    expect(new Map(positions)).toEqual(
      new Map([
        ['Specs', 0],
        ['Notes', 1],
        ['Web', 2],
        ['API', 0],
      ]),
    );

    // Deleting a page takes its sub-pages; the rest close the gap.
    const deleted = await del(tm.member.c, `${pagesPath(tm.id)}/${untitled.id}`);
    expect(deleted.body).toEqual({ ok: true, message: 'Page deleted.' });
    expect(await tree()).toEqual(['Specs', 'Web']);
    expect((await tm.member.c.get(pagesPath(tm.id))).body.pages.map((page: Page) => page.position).sort()).toEqual([0, 1]);
    expect((await tm.member.c.get(`${pagesPath(tm.id)}/${api.id}`)).status).toBe(404);

    await events.waitFor((event) => event.type === 'docs.changed' && event.pageId === untitled.id && event.actorId === tm.member.id);
    expect(events.events.filter((event) => event.type === 'docs.changed').length).toBeGreaterThanOrEqual(9);
    events.close();
  });

  it('refuses a move into the page itself or below it, and a tree deeper than the limit', async () => {
    const top = await createPage(tm.owner, tm.id, { title: 'Top' });
    const child = await createPage(tm.owner, tm.id, { title: 'Child', parentId: top.id });
    for (const parentId of [top.id, child.id]) {
      const refused = await tm.owner.c.post(`${pagesPath(tm.id)}/${top.id}/move`, { parentId, index: 0 });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(docsError.intoItself);
    }
    let deepest = child;
    for (let depth = 3; depth <= PAGE_DEPTH_MAX; depth += 1) {
      deepest = await createPage(tm.owner, tm.id, { title: `Level ${depth}`, parentId: deepest.id });
    }
    const tooDeep = await tm.owner.c.post(pagesPath(tm.id), { title: 'One more', parentId: deepest.id });
    expect(tooDeep.status).toBe(409);
    expect(tooDeep.body.error).toBe(docsError.tooDeep(PAGE_DEPTH_MAX));
    // Moving a two-level page under the deepest but one would make it too deep as well.
    const pair = await createPage(tm.owner, tm.id, { title: 'Pair' });
    await createPage(tm.owner, tm.id, { title: 'Pair child', parentId: pair.id });
    const moved = await tm.owner.c.post(`${pagesPath(tm.id)}/${pair.id}/move`, { parentId: deepest.id, index: 0 });
    expect(moved.status).toBe(409);
    expect((await tm.owner.c.get(`${pagesPath(tm.id)}/${pair.id}`)).body.page.parentId).toBeNull();
  });

  it("answers 404 for another workspace's pages, whichever path names them", async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Secret plans' });
    const stranger = await person(t, 'Stan Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    const own = await createPage(stranger, theirs, { title: 'Mine' });
    for (const answer of [
      await stranger.c.get(pagesPath(tm.id)),
      await stranger.c.post(pagesPath(tm.id), { title: 'Sneak' }),
      await stranger.c.get(`${pagesPath(tm.id)}/${page.id}`),
      await stranger.c.put(`${pagesPath(tm.id)}/${page.id}`, { title: 'Mine now' }),
      await stranger.c.post(`${pagesPath(tm.id)}/${page.id}/move`, { parentId: null, index: 0 }),
      await del(stranger.c, `${pagesPath(tm.id)}/${page.id}`),
      // Their own workspace's path with our page's id: still not found.
      await stranger.c.get(`${pagesPath(theirs)}/${page.id}`),
      await stranger.c.put(`${pagesPath(theirs)}/${page.id}`, { title: 'Mine now' }),
      await del(stranger.c, `${pagesPath(theirs)}/${page.id}`),
      await stranger.c.post(`${pagesPath(theirs)}/${page.id}/move`, { parentId: null, index: 0 }),
    ]) {
      expect(answer.status).toBe(404);
    }
    // Nor can a page of theirs go under one of ours, or one of ours be named as a parent there.
    const under = await stranger.c.post(`${pagesPath(theirs)}/${own.id}/move`, { parentId: page.id, index: 0 });
    expect(under.status).toBe(404);
    expect(under.body.error).toBe(docsError.parentNotFound);
    expect((await stranger.c.post(pagesPath(theirs), { title: 'Child', parentId: page.id })).status).toBe(404);
    expect(await tree()).toEqual(['Secret plans']);
    expect((await tm.owner.c.get(`${pagesPath(tm.id)}/${page.id}`)).body.page.title).toBe('Secret plans');
  });

  it('keeps a portal guest out of docs', async () => {
    const portal = await portalSetup(t);
    const page = await createPage(portal.owner, portal.id, { title: 'Internal' });
    expect((await portal.guest.c.get(pagesPath(portal.id))).status).toBe(404);
    expect((await portal.guest.c.post(pagesPath(portal.id), { title: 'Guest page' })).status).toBe(404);
    expect((await portal.guest.c.get(`${pagesPath(portal.id)}/${page.id}`)).status).toBe(404);
    expect((await portal.guest.c.put(`${pagesPath(portal.id)}/${page.id}`, { title: 'Hijacked' })).status).toBe(404);
    expect((await del(portal.guest.c, `${pagesPath(portal.id)}/${page.id}`)).status).toBe(404);
    expect((await portal.owner.c.get(pagesPath(portal.id))).body.pages.map((p: Page) => p.title)).toEqual(['Internal']);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Steady' });
    const refusals = [
      await tm.owner.c.post(pagesPath(tm.id), { title: '' }),
      await tm.owner.c.post(pagesPath(tm.id), { title: 'x'.repeat(201) }),
      await tm.owner.c.post(pagesPath(tm.id), { title: 42 }),
      await tm.owner.c.post(pagesPath(tm.id), { title: 'Fine', icon: 'abc' }),
      await tm.owner.c.post(pagesPath(tm.id), { title: 'Fine', extra: true }),
      await tm.owner.c.post(pagesPath(tm.id), { title: 'Fine', parentId: 'not-an-id' }),
      await tm.owner.c.put(`${pagesPath(tm.id)}/${page.id}`, {}),
      await tm.owner.c.put(`${pagesPath(tm.id)}/${page.id}`, { title: '\u202Egnp.exe' }),
      await tm.owner.c.post(`${pagesPath(tm.id)}/${page.id}/move`, { parentId: null, index: -1 }),
      await tm.owner.c.post(`${pagesPath(tm.id)}/${page.id}/move`, { parentId: null, index: 1.5 }),
      await tm.owner.c.post(`${pagesPath(tm.id)}/${page.id}/move`, { index: 0 }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect((await tm.owner.c.get(pagesPath(tm.id))).body.pages.map((p: Page) => [p.title, p.icon])).toEqual([['Steady', null]]);
  });

  it('finds a page by its title in search, and forgets it once deleted', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Quarterly roadmap' });
    const hits = (await tm.member.c.get('/search?q=roadmap')).body.hits;
    expect(hits).toMatchObject([{ kind: 'page', id: page.id, taskId: null, taskKey: null }]);
    await del(tm.owner.c, `${pagesPath(tm.id)}/${page.id}`);
    expect((await tm.member.c.get('/search?q=roadmap')).body.hits).toEqual([]);
  });
});

describe.each(engines)('docs write limits on %s', (engine) => {
  const app = useTestApp(engine);

  it('counts page changes per person, apart from the board', async () => {
    const t = app();
    const { owner, member, id } = await team(t);
    const page = await createPage(owner, id, { title: 'Counted' });
    const rename = (n: number) => owner.c.put(`${pagesPath(id)}/${page.id}`, { title: `Counted ${n}` });
    const left = writeLimits.person.max - 1;
    for (let sent = 0; sent < left; sent += 25) {
      const answers = await Promise.all(Array.from({ length: Math.min(25, left - sent) }, (_, n) => rename(sent + n)));
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
    }
    const refused = await owner.c.post(pagesPath(id), { title: 'One too many' });
    expect(refused.status).toBe(429);
    expect((await owner.c.get(pagesPath(id))).body.pages).toHaveLength(1);
    expect((await member.c.post(pagesPath(id), { title: 'Still fine' })).status).toBe(201);
    expect((await owner.c.post(`/workspaces/${id}/tasks`, { title: 'Unaffected' })).status).toBe(201);
    // Six hundred changes take a while on a loaded machine; this test counts, it does not time.
  }, 180_000);
});
