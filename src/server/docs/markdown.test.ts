import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { DOC_FRAGMENT, MARKDOWN_MAX_BYTES, type Page } from '#src/shared/docs/paths.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { type Team, useTeam } from '../../../tests/support/tasks.ts';
import { createWorkspace, person } from '../../../tests/support/workspaces.ts';
import { writeParagraph } from '../../../tests/support/doc-socket.ts';
import { createPage, markdownPath, openPage, pagesPath } from './test-helpers.ts';

const launchPlan = readFileSync('tests/fixtures/docs/launch-plan.md', 'utf8');
const importPath = (workspaceId: string) => `${pagesPath(workspaceId)}/import`;

describe.each(engines)('Markdown import and export on %s', (engine) => {
  let t: TestApp;
  let tm: Team;
  useTeam(engine, (made) => ({ t, tm } = made));

  it('imports a file as a new page under a parent, and exports it back with its shape', async () => {
    const parent = await createPage(tm.owner, tm.id, { title: 'Specs' });
    const imported = await tm.member.c.post(importPath(tm.id), { markdown: launchPlan, title: 'Launch plan', parentId: parent.id });
    expect(imported.status).toBe(201);
    expect(imported.body.page).toMatchObject({ title: 'Launch plan', parentId: parent.id, createdBy: tm.member.id });
    const id = imported.body.page.id;
    const stored = (await t.db.kysely.selectFrom('doc_pages').select('text').where('id', '=', id).executeTakeFirstOrThrow()).text;

    // Everyone who opens it gets the words, and search finds them.
    const opened = openPage(t, tm.owner, tm.id, id);
    try {
      expect(await opened.outcome).toBe('synced');
      expect(
        opened.doc
          .getXmlFragment(DOC_FRAGMENT)
          .toArray()
          .slice(0, 3)
          .map((node) => (node as Y.XmlElement).nodeName),
      ).toEqual(['heading', 'paragraph', 'heading']);
    } finally {
      opened.destroy();
    }
    // Its plain text is kept for search from the start, before anyone opened it.
    expect((await tm.owner.c.get('/search?q=announcement')).body.hits).toMatchObject([{ kind: 'page', id }]);
    expect(stored.split('\n').slice(0, 2)).toEqual(['Launch plan', 'We ship on Tuesday. Read the release notes first.']);

    const exported = await tm.owner.c.get(markdownPath(tm.id, id));
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(exported.headers.get('content-disposition')).toContain('filename="Launch plan.md"');
    const markdown = exported.body as string;
    for (const part of [
      '# Launch plan',
      '## Steps',
      '**Tuesday**',
      '[release notes](https://example.com/notes)',
      '- Freeze the branch',
      '1. Build',
      '- [ ] Write the announcement',
      '- [x] Book the room',
      '```ts\nconst ready = true;\n```',
      '| Ada',
      '![Diagram](https://example.com/diagram.png)',
      '> Keep it small.',
    ]) {
      expect(markdown).toContain(part);
    }
    // A link that would run script is not carried in.
    expect(markdown).not.toContain('javascript:');
    expect(markdown).toContain('A bad link stays text.');
  });

  it('exports what people are typing now, not only what was last written', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Live' });
    const opened = openPage(t, tm.owner, tm.id, page.id);
    try {
      expect(await opened.outcome).toBe('synced');
      writeParagraph(opened.doc, 'Typed a moment ago');
      await expect.poll(async () => (await tm.member.c.get(markdownPath(tm.id, page.id))).body).toBe('Typed a moment ago');
    } finally {
      opened.destroy();
    }
  });

  it('imports at the top without a title as Untitled, and refuses bad input with a sentence', async () => {
    const top = await tm.owner.c.post(importPath(tm.id), { markdown: 'Just a line' });
    expect(top.status).toBe(201);
    expect(top.body.page).toMatchObject({ title: 'Untitled', parentId: null });
    const refusals = [
      await tm.owner.c.post(importPath(tm.id), { markdown: '   ' }),
      await tm.owner.c.post(importPath(tm.id), { markdown: 42 }),
      await tm.owner.c.post(importPath(tm.id), {}),
      await tm.owner.c.post(importPath(tm.id), { markdown: '# Hi', title: '' }),
      await tm.owner.c.post(importPath(tm.id), { markdown: '# Hi', parentId: 'nope' }),
      await tm.owner.c.post(importPath(tm.id), { markdown: '# Hi', extra: 1 }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    const tooLarge = await tm.owner.c.post(importPath(tm.id), { markdown: 'x'.repeat(MARKDOWN_MAX_BYTES + 8192) });
    expect(tooLarge.status).toBe(413);
    expect(typeof tooLarge.body.error).toBe('string');
    expect((await tm.owner.c.get(pagesPath(tm.id))).body.pages.map((p: Page) => p.id)).toEqual([top.body.page.id]);
  });

  it("answers 404 to another workspace and to a guest, and imports nothing under another workspace's page", async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Secret' });
    const stranger = await person(t, 'Stan Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    for (const answer of [
      await stranger.c.post(importPath(tm.id), { markdown: '# Sneak' }),
      await stranger.c.get(markdownPath(tm.id, page.id)),
      await stranger.c.get(markdownPath(theirs, page.id)),
      await stranger.c.post(importPath(theirs), { markdown: '# Under yours', parentId: page.id }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await stranger.c.get(pagesPath(theirs))).body.pages).toEqual([]);
    const portal = await portalSetup(t);
    const internal = await createPage(portal.owner, portal.id, { title: 'Internal' });
    expect((await portal.guest.c.post(importPath(portal.id), { markdown: '# Guest' })).status).toBe(404);
    expect((await portal.guest.c.get(markdownPath(portal.id, internal.id))).status).toBe(404);
    expect((await portal.owner.c.get(pagesPath(portal.id))).body.pages).toHaveLength(1);
  });
});
