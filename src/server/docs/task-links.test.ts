import { describe, expect, it, vi } from 'vitest';
import { taskError } from '#src/shared/tasks/messages.ts';
import { DOC_FRAGMENT } from '#src/shared/docs/paths.ts';
import { engines } from '../../../tests/support/test-db.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { createTask, team, type Team, useTeam } from '../../../tests/support/tasks.ts';
import { del, type Person } from '../../../tests/support/workspaces.ts';
import { writeParagraph, writeTaskMention } from '../../../tests/support/doc-socket.ts';
import { createPage, markdownPath, pagesPath, useOpenPages } from './test-helpers.ts';

const pagesOf = (p: Person, workspaceId: string, task: string) => p.c.get(`/workspaces/${workspaceId}/tasks/${task}/pages`);

const titlesOf = async (p: Person, workspaceId: string, task: string) => {
  const answer = await pagesOf(p, workspaceId, task);
  expect(answer.status).toBe(200);
  return (answer.body.pages as { title: string }[]).map((page) => page.title);
};

const storedText = async (t: TestApp, pageId: string) =>
  (await t.db.kysely.selectFrom('doc_pages').select('text').where('id', '=', pageId).executeTakeFirstOrThrow()).text;

describe.each(engines)('pages that mention a task on %s', (engine) => {
  let t: TestApp;
  let tm: Team;
  useTeam(engine, (made) => ({ t, tm } = made));
  const open = useOpenPages();

  it('links a page to the tasks its chips name, unlinks a chip removed, and exports each chip as a link to its task', async () => {
    const task = await createTask(tm.owner.c, tm.id, { title: 'Write the launch post' });
    const other = await createTask(tm.owner.c, tm.id, { title: 'Book the venue' });
    const plan = await createPage(tm.owner, tm.id, { title: 'Launch plan' });
    const notes = await createPage(tm.member, tm.id, { title: 'Meeting notes' });
    const planDoc = open(t, tm.owner, tm.id, plan.id);
    const notesDoc = open(t, tm.member, tm.id, notes.id);
    expect(await planDoc.outcome).toBe('synced');
    expect(await notesDoc.outcome).toBe('synced');
    writeTaskMention(planDoc.doc, 'Blog: ', task);
    writeTaskMention(planDoc.doc, 'Venue: ', other);
    writeTaskMention(notesDoc.doc, 'Owner writes ', task);
    await vi.waitFor(async () => expect(await titlesOf(tm.member, tm.id, task.id)).toEqual(['Launch plan', 'Meeting notes']), {
      timeout: 5000,
    });
    // By key too, as the board names a task.
    expect(await titlesOf(tm.owner, tm.id, task.key)).toEqual(['Launch plan', 'Meeting notes']);
    expect(await titlesOf(tm.owner, tm.id, other.id)).toEqual(['Launch plan']);
    // Search finds the page by the chip's key, never by the task's title (the page does not hold it).
    expect(await storedText(t, plan.id)).toContain(`Blog: ${task.key}`);
    expect(await storedText(t, plan.id)).not.toContain('launch post');
    const markdown = await tm.owner.c.get(markdownPath(tm.id, plan.id));
    expect(markdown.body as string).toContain(`Blog: [${task.key}](/board?task=${task.key})`);

    // The chip removed (its paragraph deleted, as the editor would), the page no longer lists under the task.
    planDoc.doc.getXmlFragment(DOC_FRAGMENT).delete(0, 1);
    writeParagraph(planDoc.doc, 'Blog post dropped');
    await vi.waitFor(async () => expect(await titlesOf(tm.member, tm.id, task.id)).toEqual(['Meeting notes']), { timeout: 5000 });
    expect(await titlesOf(tm.member, tm.id, other.id)).toEqual(['Launch plan']);

    // A deleted page leaves the list with it.
    expect((await del(tm.member.c, `${pagesPath(tm.id)}/${notes.id}`)).status).toBe(200);
    expect(await titlesOf(tm.member, tm.id, task.id)).toEqual([]);
  });

  it('hides a deleted task and shows its pages again once it is restored', async () => {
    const task = await createTask(tm.owner.c, tm.id, { title: 'Short-lived' });
    const page = await createPage(tm.owner, tm.id, { title: 'Plan' });
    const doc = open(t, tm.owner, tm.id, page.id);
    expect(await doc.outcome).toBe('synced');
    writeTaskMention(doc.doc, 'See ', task);
    await vi.waitFor(async () => expect(await titlesOf(tm.owner, tm.id, task.id)).toEqual(['Plan']), { timeout: 5000 });
    expect((await del(tm.owner.c, `/workspaces/${tm.id}/tasks/${task.id}`)).status).toBe(200);
    const gone = await pagesOf(tm.owner, tm.id, task.id);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: taskError.taskNotFound });
    expect((await tm.owner.c.post(`/workspaces/${tm.id}/tasks/${task.id}/restore`, {})).status).toBe(200);
    expect(await titlesOf(tm.owner, tm.id, task.id)).toEqual(['Plan']);
  });

  it('keeps each workspace to its own tasks: 404 across workspaces, no link to another workspace’s task, guests refused', async () => {
    const ours = await createTask(tm.owner.c, tm.id, { title: 'Our secret task' });
    const elsewhere = await team(t, 'Elsewhere');
    const theirs = await createTask(elsewhere.owner.c, elsewhere.id, { title: 'Their secret task' });
    // Our task asked for through their workspace, and our workspace's path by someone outside it.
    expect((await pagesOf(elsewhere.owner, elsewhere.id, ours.id)).status).toBe(404);
    expect((await pagesOf(elsewhere.owner, tm.id, ours.id)).status).toBe(404);
    expect((await pagesOf(tm.owner, tm.id, theirs.id)).status).toBe(404);
    expect((await pagesOf(tm.owner, tm.id, 'no-such-task')).status).toBe(404);
    // A chip naming their task in our page links nothing: no row a later task list could reveal.
    const page = await createPage(tm.owner, tm.id, { title: 'Copied notes' });
    const doc = open(t, tm.owner, tm.id, page.id);
    expect(await doc.outcome).toBe('synced');
    writeTaskMention(doc.doc, 'Theirs: ', theirs);
    writeTaskMention(doc.doc, 'Ours: ', ours);
    await vi.waitFor(async () => expect(await titlesOf(tm.owner, tm.id, ours.id)).toEqual(['Copied notes']), { timeout: 5000 });
    const links = await t.db.kysely
      .selectFrom('doc_task_links')
      .select(['task_id', 'workspace_id'])
      .where('page_id', '=', page.id)
      .execute();
    expect(links).toEqual([{ task_id: ours.id, workspace_id: tm.id }]);
    expect(await titlesOf(elsewhere.owner, elsewhere.id, theirs.id)).toEqual([]);

    // A client guest of the workspace, even for a task shared with their project, is refused like every docs route.
    const portal = await portalSetup(t);
    const shared = await createTask(portal.owner.c, portal.id, { title: 'Shared', projectId: portal.project.id, sharedWithClient: true });
    expect((await pagesOf(portal.guest, portal.id, shared.id)).status).toBe(404);
    expect((await pagesOf(portal.owner, portal.id, shared.id)).status).toBe(200);
  });
});
