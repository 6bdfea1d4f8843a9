import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { COLLAB_CLOSE } from '#src/shared/docs/paths.ts';
import { startTestApp, useTwoTestApps, type TestApp } from '../../../tests/support/test-app.ts';
import { startSmtpSink } from '../../../tests/support/smtp-sink.ts';
import { createTestDatabase, engines } from '../../../tests/support/test-db.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { team, type Team, useTeam } from '../../../tests/support/tasks.ts';
import { createWorkspace, del, person, type Person } from '../../../tests/support/workspaces.ts';
import { paragraphs, writeMention, writeParagraph } from '../../../tests/support/doc-socket.ts';
import { createPage, markdownPath, openPage, pagesPath, useOpenPages } from './test-helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const journalOf = async (t: TestApp, pageId: string) =>
  (await t.db.kysely.selectFrom('doc_updates').select('id').where('page_id', '=', pageId).execute()).map((row) => Number(row.id));

const stored = async (t: TestApp, pageId: string) =>
  (await t.db.kysely.selectFrom('doc_pages').select(['state', 'text']).where('id', '=', pageId).executeTakeFirstOrThrow()).text;

describe.each(engines)('the collaboration socket on %s', (engine) => {
  let t: TestApp;
  let tm: Team;
  useTeam(engine, (made) => ({ t, tm } = made));
  const open = useOpenPages();

  it('lets two members type into one page live, and keeps its words for search', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Launch notes' });
    const mine = open(t, tm.owner, tm.id, page.id);
    const theirs = open(t, tm.member, tm.id, page.id);
    expect(await mine.outcome).toBe('synced');
    expect(await theirs.outcome).toBe('synced');
    writeParagraph(mine.doc, 'Ship on Tuesday');
    writeParagraph(theirs.doc, 'Tell the support team');
    await vi.waitFor(() => expect(paragraphs(theirs.doc)).toHaveLength(2), { timeout: 5000 });
    expect(paragraphs(mine.doc).sort()).toEqual(paragraphs(theirs.doc).sort());
    await vi.waitFor(
      async () => expect((await stored(t, page.id)).split('\n').sort()).toEqual(['Ship on Tuesday', 'Tell the support team']),
      {
        timeout: 5000,
      },
    );
    const hits = (await tm.member.c.get('/search?q=tuesday')).body.hits;
    expect(hits).toMatchObject([{ kind: 'page', id: page.id }]);
  });

  it('keeps an acknowledged edit the page has not written yet, and folds what a crash left in when the page opens', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Crash notes' });
    const mine = open(t, tm.owner, tm.id, page.id);
    expect(await mine.outcome).toBe('synced');
    writeParagraph(mine.doc, 'Acknowledged at once');
    await vi.waitFor(() => expect(mine.provider.hasUnsyncedChanges).toBe(false));
    // Acknowledged means kept: in the journal until the page is written (a moment later), then in the page.
    const kept = (await journalOf(t, page.id)).length > 0 || (await stored(t, page.id)) === 'Acknowledged at once';
    expect(kept).toBe(true);
    await vi.waitFor(async () => expect(await stored(t, page.id)).toBe('Acknowledged at once'));
    expect(await journalOf(t, page.id)).toEqual([]);
    mine.destroy();

    // What a server killed between the acknowledgement and the write leaves behind: an edit in the journal only.
    const lost = new Y.Doc();
    Y.applyUpdate(
      lost,
      (await t.db.kysely.selectFrom('doc_pages').select('state').where('id', '=', page.id).executeTakeFirstOrThrow()).state!,
    );
    writeParagraph(lost, 'Typed just before the crash');
    await t.db.kysely
      .insertInto('doc_updates')
      .values({ workspace_id: tm.id, page_id: page.id, update: Y.encodeStateAsUpdate(lost), created_at: Date.now() })
      .execute();
    // Read before anyone opens it, the page already has it.
    expect((await tm.member.c.get(markdownPath(tm.id, page.id))).body).toBe('Acknowledged at once\n\nTyped just before the crash');
    const again = open(t, tm.member, tm.id, page.id);
    expect(await again.outcome).toBe('synced');
    expect(paragraphs(again.doc)).toEqual(['Acknowledged at once', 'Typed just before the crash']);
    // Opening folded it into the page, its text and the search index.
    expect(await journalOf(t, page.id)).toEqual([]);
    expect(await stored(t, page.id)).toBe('Acknowledged at once\nTyped just before the crash');
    expect((await tm.member.c.get('/search?q=crash')).body.hits).toMatchObject([{ kind: 'page', id: page.id }]);
  });

  it('tells a member mentioned in a page once, with a link to the page, and nobody outside the workspace', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Launch plan' });
    const stranger = (await team(t)).owner;
    const mine = open(t, tm.owner, tm.id, page.id);
    expect(await mine.outcome).toBe('synced');
    writeMention(mine.doc, 'Over to ', { id: tm.member.id, name: 'Grace' });
    writeMention(mine.doc, 'And ', { id: stranger.id, name: 'Someone else' });
    const mentions = async (p: Person) =>
      (
        (await p.c.get('/me/notifications')).body.notifications as {
          kind: string;
          detail: string;
          link: string | null;
          actor: { id: string } | null;
        }[]
      ).filter((item) => item.kind === 'mentioned');
    await vi.waitFor(async () => expect(await mentions(tm.member)).toHaveLength(1), { timeout: 5000 });
    expect(await mentions(tm.member)).toMatchObject([{ detail: 'Launch plan', link: `/pages/${page.id}`, actor: { id: tm.owner.id } }]);
    // Written again (more typing), the same mention tells nobody twice; the stranger never hears of it.
    writeParagraph(mine.doc, 'More words');
    await vi.waitFor(async () => expect(await stored(t, page.id)).toContain('More words'), { timeout: 5000 });
    expect(await mentions(tm.member)).toHaveLength(1);
    expect(await mentions(stranger)).toEqual([]);
    expect(await mentions(tm.owner)).toEqual([]);
  });

  it('refuses a stranger, a guest, a page named under the wrong workspace, no session and another origin', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Internal' });
    const stranger = await person(t, 'Stan Stranger');
    const theirs = await createWorkspace(stranger, 'Elsewhere');
    expect(await open(t, stranger, tm.id, page.id).outcome).toBe(COLLAB_CLOSE.noAccess);
    // Their own workspace with our page's id: the page is not theirs.
    expect(await open(t, stranger, theirs, page.id).outcome).toBe(COLLAB_CLOSE.noAccess);
    const portal = await portalSetup(t);
    const portalPage = await createPage(portal.owner, portal.id, { title: 'Portal team notes' });
    expect(await open(t, portal.guest, portal.id, portalPage.id).outcome).toBe(COLLAB_CLOSE.noAccess);
    // Without a session the upgrade itself is refused, as it is from a page of another site.
    const signedOut = { ...tm.member, c: { ...tm.member.c, jar: new Map() } };
    expect(await open(t, signedOut, tm.id, page.id).closed).not.toBe(1000);
    const crossSite = open(t, tm.member, tm.id, page.id, 'https://evil.example');
    expect(await crossSite.closed).not.toBe(1000);
    expect(crossSite.provider.isSynced).toBe(false);
    // Nothing they sent reached the page.
    expect(await stored(t, page.id)).toBe('');
  });

  it('cuts off a member removed while connected, and refuses them from then on', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Team only' });
    const theirs = open(t, tm.member, tm.id, page.id);
    expect(await theirs.outcome).toBe('synced');
    expect((await del(tm.owner.c, `/workspaces/${tm.id}/members/${tm.member.id}`)).status).toBe(200);
    expect(await theirs.closed).toBe(4403);
    expect(await open(t, tm.member, tm.id, page.id).outcome).toBe(COLLAB_CLOSE.noAccess);
  });

  it('closes the socket of a page deleted while open', async () => {
    const page = await createPage(tm.owner, tm.id, { title: 'Short-lived' });
    const theirs = open(t, tm.member, tm.id, page.id);
    expect(await theirs.outcome).toBe('synced');
    await del(tm.owner.c, `${pagesPath(tm.id)}/${page.id}`);
    expect(await theirs.closed).toBe(4403);
  });
});

describe.each(engines)('a page across a restart on %s', (engine) => {
  it('opens with what was written before the server stopped', async () => {
    const database = await createTestDatabase(engine);
    const mail = await startSmtpSink();
    try {
      const first = await startTestApp(engine, { database, mail });
      const tm = await team(first);
      const page = await createPage(tm.owner, tm.id, { title: 'Survives' });
      const before = openPage(first, tm.owner, tm.id, page.id);
      expect(await before.outcome).toBe('synced');
      writeParagraph(before.doc, 'Written before the restart');
      // Closing the server writes every open page, however recent the edit.
      await vi.waitFor(() => expect(before.provider.hasUnsyncedChanges).toBe(false));
      await first.close();
      before.destroy();

      const second = await startTestApp(engine, { database, mail });
      try {
        const after = openPage(second, tm.owner, tm.id, page.id);
        expect(await after.outcome).toBe('synced');
        expect(paragraphs(after.doc)).toEqual(['Written before the restart']);
        after.destroy();
      } finally {
        await second.close();
      }
    } finally {
      await mail.close();
      await database.drop();
    }
  });
});

describe.each(engines)('two instances with Redis on %s', (engine) => {
  const apps = useTwoTestApps(engine, { REDIS_URL, RATE_LIMIT_MULTIPLIER: '1000' });

  it('passes each instance’s edits to the people on the other', async () => {
    const { a, b } = apps();
    const tm = await team(a);
    const page = await createPage(tm.owner, tm.id, { title: 'Shared' });
    const onA = openPage(a, tm.owner, tm.id, page.id);
    const onB = openPage(b, tm.member, tm.id, page.id);
    try {
      expect(await onA.outcome).toBe('synced');
      expect(await onB.outcome).toBe('synced');
      writeParagraph(onA.doc, 'From instance A');
      await vi.waitFor(() => expect(paragraphs(onB.doc)).toEqual(['From instance A']), { timeout: 5000 });
      writeParagraph(onB.doc, 'From instance B');
      await vi.waitFor(() => expect(paragraphs(onA.doc)).toEqual(['From instance A', 'From instance B']), { timeout: 5000 });
    } finally {
      onA.destroy();
      onB.destroy();
    }
  });
});
