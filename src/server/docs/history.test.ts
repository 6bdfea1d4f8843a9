import { describe, expect, it, vi } from 'vitest';
import { docsError } from '#src/shared/docs/messages.ts';
import { VERSIONS_PER_PAGE, type PageVersion } from '#src/shared/docs/paths.ts';
import { writeLimits } from '#src/server/http/rate-limit.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { team, type Team, useTeam } from '../../../tests/support/tasks.ts';
import { createWorkspace, person, type Person } from '../../../tests/support/workspaces.ts';
import { paragraphs, writeParagraph } from '../../../tests/support/doc-socket.ts';
import { createPage, pagesPath, useOpenPages } from './test-helpers.ts';

const versionsPath = (workspaceId: string, pageId: string) => `${pagesPath(workspaceId)}/${pageId}/versions`;
const versionsOf = async (p: Person, workspaceId: string, pageId: string): Promise<PageVersion[]> =>
  (await p.c.get(versionsPath(workspaceId, pageId))).body.versions;

describe.each(engines)('page history on %s', (engine) => {
  let t: TestApp;
  let tm: Team;
  useTeam(engine, (made) => ({ t, tm } = made));
  const open = useOpenPages();

  it('keeps a version by itself as people type, saves one on demand, and restores it for everyone connected, undoably', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Plan' });
    const mine = open(t, tm.owner, tm.id, page.id);
    const theirs = open(t, tm.member, tm.id, page.id);
    expect(await mine.outcome).toBe('synced');
    expect(await theirs.outcome).toBe('synced');
    writeParagraph(mine.doc, 'First draft');
    // The first write of a page keeps a version of it, credited to whoever typed.
    await vi.waitFor(async () => expect(await versionsOf(tm.member, tm.id, page.id)).toHaveLength(1), { timeout: 5000 });
    const [auto] = await versionsOf(tm.member, tm.id, page.id);
    expect(auto).toMatchObject({ kind: 'auto', author: { id: tm.owner.id, name: 'Olive Owner' } });

    const saved = await tm.owner.c.post(versionsPath(tm.id, page.id), {});
    expect(saved.status).toBe(201);
    expect(saved.body.version).toMatchObject({ kind: 'saved', author: { id: tm.owner.id } });
    const read = await tm.member.c.get(`${versionsPath(tm.id, page.id)}/${saved.body.version.id}`);
    expect(read.status).toBe(200);
    expect(read.body.content).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'First draft' }] }] });

    writeParagraph(theirs.doc, 'Second thoughts');
    await vi.waitFor(() => expect(paragraphs(mine.doc)).toEqual(['First draft', 'Second thoughts']), { timeout: 5000 });

    // The member restores the saved version: both open copies change at once.
    const restored = await tm.member.c.post(`${versionsPath(tm.id, page.id)}/${saved.body.version.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ ok: true, message: 'Version restored. What the page said before is kept in its history.' });
    await vi.waitFor(() => expect(paragraphs(mine.doc)).toEqual(['First draft']), { timeout: 5000 });
    await vi.waitFor(() => expect(paragraphs(theirs.doc)).toEqual(['First draft']), { timeout: 5000 });
    const stored = await t.db.kysely.selectFrom('doc_pages').select('text').where('id', '=', page.id).executeTakeFirstOrThrow();
    expect(stored.text).toBe('First draft');

    // What it said just before is the newest version; restoring that undoes the restore.
    const versions = await versionsOf(tm.owner, tm.id, page.id);
    expect(versions.map((version) => version.kind)).toEqual(['before-restore', 'saved', 'auto']);
    expect(versions[0]!.author?.id).toBe(tm.member.id);
    expect((await tm.owner.c.post(`${versionsPath(tm.id, page.id)}/${versions[0]!.id}/restore`, {})).status).toBe(200);
    await vi.waitFor(() => expect(paragraphs(theirs.doc)).toEqual(['First draft', 'Second thoughts']), { timeout: 5000 });
    // After all that, typing still reaches everyone.
    writeParagraph(theirs.doc, 'Back on track');
    await vi.waitFor(() => expect(paragraphs(mine.doc)).toEqual(['First draft', 'Second thoughts', 'Back on track']), { timeout: 5000 });
  });

  it('restores a page nobody has open, and keeps at most the newest versions of a page', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Quiet' });
    const empty = (await tm.owner.c.post(versionsPath(tm.id, page.id), {})).body.version as PageVersion;
    const mine = open(t, tm.owner, tm.id, page.id);
    expect(await mine.outcome).toBe('synced');
    writeParagraph(mine.doc, 'Some words');
    await vi.waitFor(async () => expect((await tm.owner.c.get(`${pagesPath(tm.id)}/${page.id}/markdown`)).body).toBe('Some words'));
    mine.destroy();
    expect((await tm.owner.c.post(`${versionsPath(tm.id, page.id)}/${empty.id}/restore`, {})).status).toBe(200);
    const later = open(t, tm.member, tm.id, page.id);
    expect(await later.outcome).toBe('synced');
    expect(paragraphs(later.doc)).toEqual([]);

    for (let n = (await versionsOf(tm.owner, tm.id, page.id)).length; n < VERSIONS_PER_PAGE + 2; n += 1) {
      expect((await tm.owner.c.post(versionsPath(tm.id, page.id), {})).status).toBe(201);
    }
    const kept = await tm.owner.c.get(versionsPath(tm.id, page.id));
    expect(kept.body.kept).toBe(VERSIONS_PER_PAGE);
    expect(kept.body.versions).toHaveLength(VERSIONS_PER_PAGE);
    // The oldest went first.
    expect(kept.body.versions.map((version: PageVersion) => version.id)).not.toContain(empty.id);
  });

  it("answers 404 for another workspace's page or version, and to a guest", async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Secret' });
    const version = (await tm.owner.c.post(versionsPath(tm.id, page.id), {})).body.version as PageVersion;
    const stranger = await person(t, 'Stan Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    const own = await createPage(stranger, theirs, { title: 'Mine' });
    for (const answer of [
      await stranger.c.get(versionsPath(tm.id, page.id)),
      await stranger.c.post(versionsPath(tm.id, page.id), {}),
      await stranger.c.get(`${versionsPath(tm.id, page.id)}/${version.id}`),
      await stranger.c.post(`${versionsPath(tm.id, page.id)}/${version.id}/restore`, {}),
      await stranger.c.get(versionsPath(theirs, page.id)),
      // Our version named under their own page: not found either.
      await stranger.c.get(`${versionsPath(theirs, own.id)}/${version.id}`),
      await stranger.c.post(`${versionsPath(theirs, own.id)}/${version.id}/restore`, {}),
    ]) {
      expect(answer.status).toBe(404);
    }
    const mixed = await stranger.c.get(`${versionsPath(theirs, own.id)}/${version.id}`);
    expect(mixed.body.error).toBe(docsError.versionNotFound);
    const portal = await portalSetup(t);
    const internal = await createPage(portal.owner, portal.id, { title: 'Internal' });
    const internalVersion = (await portal.owner.c.post(versionsPath(portal.id, internal.id), {})).body.version as PageVersion;
    expect((await portal.guest.c.get(versionsPath(portal.id, internal.id))).status).toBe(404);
    expect((await portal.guest.c.post(versionsPath(portal.id, internal.id), {})).status).toBe(404);
    expect((await portal.guest.c.get(`${versionsPath(portal.id, internal.id)}/${internalVersion.id}`)).status).toBe(404);
    expect((await portal.guest.c.post(`${versionsPath(portal.id, internal.id)}/${internalVersion.id}/restore`, {})).status).toBe(404);
    expect(await versionsOf(tm.owner, tm.id, page.id)).toHaveLength(1);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Steady' });
    const version = (await tm.owner.c.post(versionsPath(tm.id, page.id), {})).body.version as PageVersion;
    for (const answer of [
      await tm.owner.c.post(versionsPath(tm.id, page.id), { name: 'extra' }),
      await tm.owner.c.post(`${versionsPath(tm.id, page.id)}/${version.id}/restore`, { force: true }),
    ]) {
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    for (const answer of [
      await tm.owner.c.get(`${versionsPath(tm.id, page.id)}/not-a-version`),
      await tm.owner.c.post(`${versionsPath(tm.id, page.id)}/00000000-0000-4000-8000-000000000000/restore`, {}),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe(docsError.versionNotFound);
    }
    expect(await versionsOf(tm.owner, tm.id, page.id)).toHaveLength(1);
  });
});

describe.each(engines)('docs write limits on history and import on %s', (engine) => {
  const app = useTestApp(engine);

  it('refuses saving, restoring and importing past the person’s and the workspace’s allowance', async () => {
    const t = app();
    const { owner, member, id } = await team(t);
    const page = await createPage(owner, id, { title: 'Counted' });
    const version = (await owner.c.post(versionsPath(id, page.id), {})).body.version as PageVersion;
    const spend = (key: string, count: number) =>
      t.db.counters.kysely.updateTable('rate_limits').set({ count }).where('key', '=', key).execute();
    // The rest of the owner's allowance spent, as if by many more changes.
    await spend(`docs:person:${owner.id}`, writeLimits.person.max);
    for (const answer of [
      await owner.c.post(versionsPath(id, page.id), {}),
      await owner.c.post(`${versionsPath(id, page.id)}/${version.id}/restore`, {}),
      await owner.c.post(`${pagesPath(id)}/import`, { markdown: '# One too many' }),
    ]) {
      expect(answer.status).toBe(429);
      expect(typeof answer.body.error).toBe('string');
    }
    expect(await versionsOf(owner, id, page.id)).toHaveLength(1);
    expect((await member.c.post(versionsPath(id, page.id), {})).status).toBe(201);
    // Then the workspace's: nobody in it may write docs until it resets.
    await spend(`docs:workspace:${id}`, writeLimits.workspace.max);
    expect((await member.c.post(`${pagesPath(id)}/import`, { markdown: '# Still one too many' })).status).toBe(429);
    expect((await owner.c.get(pagesPath(id))).body.pages).toHaveLength(1);
  });
});
