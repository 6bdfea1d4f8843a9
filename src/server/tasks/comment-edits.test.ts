import { beforeEach, describe, expect, it } from 'vitest';
import { taskError, taskNotice } from '#src/shared/tasks/messages.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, del, person } from '../../../tests/support/workspaces.ts';
import { portalSetup } from '../../../tests/support/clients.ts';
import { createTask, readEvents, team } from '../../../tests/support/tasks.ts';

// A comment is its author's: they edit it (marked edited) and delete it; an owner may delete any.
describe.each(engines)('editing and deleting comments on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('lets the author edit and delete their own comment, live to the team, found by search as it now reads', async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Pricing page' });
    const path = `/workspaces/${id}/tasks/${task.id}/comments`;
    const added = (await member.c.post(path, { body: 'First thoughts: **blue**' })).body.comment;
    expect(added.editedAt).toBeNull();
    const stream = await readEvents(t.url, owner.c, id);
    try {
      const edited = await member.c.put(`${path}/${added.id}`, { body: '  Second thoughts: teal  ' });
      expect(edited.status).toBe(200);
      expect(edited.body.comment).toMatchObject({ id: added.id, body: 'Second thoughts: teal', createdAt: added.createdAt });
      expect(Date.parse(edited.body.comment.editedAt)).toBeGreaterThanOrEqual(Date.parse(added.createdAt));
      const live = await stream.waitFor((event) => event.type === 'comment.updated');
      expect(live).toMatchObject({ comment: { id: added.id, body: 'Second thoughts: teal' } });
      expect((await owner.c.get(`/search?q=teal`)).body.hits.map((hit: { taskId: string }) => hit.taskId)).toEqual([task.id]);
      expect((await owner.c.get(`/search?q=blue`)).body.hits).toEqual([]);

      const removed = await del(member.c, `${path}/${added.id}`);
      expect(removed).toMatchObject({ status: 200, body: { ok: true, message: taskNotice.commentDeleted } });
      await stream.waitFor((event) => event.type === 'comment.deleted');
      expect((await owner.c.get(path)).body.comments).toEqual([]);
      expect((await owner.c.get(`/search?q=teal`)).body.hits).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('refuses another member’s edit and delete, lets an owner delete, and refuses bad input without a change', async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Roadmap' });
    const path = `/workspaces/${id}/tasks/${task.id}/comments`;
    const mine = (await member.c.post(path, { body: 'Mine' })).body.comment;
    const theirs = (await owner.c.post(path, { body: 'The owner’s' })).body.comment;

    expect(await owner.c.put(`${path}/${mine.id}`, { body: 'Rewritten by the owner' })).toMatchObject({
      status: 403,
      body: { error: taskError.notYourComment },
    });
    expect(await del(member.c, `${path}/${theirs.id}`)).toMatchObject({ status: 403, body: { error: taskError.notYourComment } });
    for (const body of [
      {},
      { body: '' },
      { body: '   ' },
      { body: 7 },
      { body: 'x'.repeat(20_001) },
      { body: 'ok', forClient: true },
      'nope',
    ]) {
      const answer = await member.c.put(`${path}/${mine.id}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    expect((await owner.c.get(path)).body.comments.map((comment: { body: string }) => comment.body)).toEqual(['Mine', 'The owner’s']);
    expect((await del(owner.c, `${path}/${mine.id}`)).status).toBe(200);
    expect((await owner.c.get(path)).body.comments.map((comment: { body: string }) => comment.body)).toEqual(['The owner’s']);
    expect(await member.c.put(`${path}/${mine.id}`, { body: 'Gone' })).toMatchObject({
      status: 404,
      body: { error: taskError.commentNotFound },
    });
  });

  it('answers 404 for another workspace’s comment, and a portal guest cannot edit or delete through these routes', async () => {
    const { owner, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Ours' });
    const ours = (await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Ours' })).body.comment;
    const stranger = await person(t, 'Sam Stranger');
    const theirs = await createWorkspace(stranger, 'Theirs');
    const theirTask = await createTask(stranger.c, theirs, { title: 'Theirs' });
    // Their workspace with our comment's id, and our workspace by them: both not found.
    expect((await stranger.c.put(`/workspaces/${theirs}/tasks/${theirTask.id}/comments/${ours.id}`, { body: 'Mine now' })).status).toBe(
      404,
    );
    expect((await stranger.c.put(`/workspaces/${id}/tasks/${task.id}/comments/${ours.id}`, { body: 'Mine now' })).status).toBe(404);
    expect((await del(stranger.c, `/workspaces/${id}/tasks/${task.id}/comments/${ours.id}`)).status).toBe(404);

    const portal = await portalSetup(t);
    const shared = await createTask(portal.owner.c, portal.id, { title: 'Shared', projectId: portal.project.id, sharedWithClient: true });
    const note = (await portal.owner.c.post(`/workspaces/${portal.id}/tasks/${shared.id}/comments`, { body: 'For you', forClient: true }))
      .body.comment;
    const path = `/workspaces/${portal.id}/tasks/${shared.id}/comments/${note.id}`;
    expect((await portal.guest.c.put(path, { body: 'Changed by the client' })).status).toBe(404);
    expect((await del(portal.guest.c, path)).status).toBe(404);
    expect((await portal.owner.c.get(`/workspaces/${portal.id}/tasks/${shared.id}/comments`)).body.comments[0].body).toBe('For you');
  });
});
