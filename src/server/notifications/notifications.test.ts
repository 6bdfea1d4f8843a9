import { beforeAll, describe, expect, it } from 'vitest';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import type { NotificationItem } from '#src/shared/notifications/paths.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask, team, type Team } from '../../../tests/support/tasks.ts';
import { createWorkspace, del, invite, person, type Person } from '../../../tests/support/workspaces.ts';

const MANUAL = { JOBS_POLL_MS: '0' };

async function inbox(p: Person, query = ''): Promise<NotificationItem[]> {
  const answer = await p.c.get(`/me/notifications${query}`);
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.notifications;
}

const unread = async (p: Person) => (await p.c.get('/me/notifications/unread-count')).body.unread as number;

async function join(t: TestApp, owner: Person, workspaceId: string, name: string): Promise<Person> {
  const someone = await person(t, name);
  const { token } = await invite(t, owner, workspaceId, someone.email);
  expect((await someone.c.post('/invitations/accept', { token })).status).toBe(200);
  return someone;
}

describe.each(engines)('notifications on %s', (engine) => {
  const app = useTestApp(engine, { env: MANUAL });
  let squad: Team;
  let fay: Person;

  beforeAll(async () => {
    squad = await team(app(), 'Notified team');
    fay = await join(app(), squad.owner, squad.id, 'Fay Follower');
  });

  it('tells the inviter their invitation was accepted, and tells nobody of their own doing', async () => {
    const items = await inbox(squad.owner);
    const accepted = items.filter((item) => item.kind === 'invitation_accepted');
    expect(accepted.map((item) => item.actor?.name).sort()).toEqual(['Fay Follower', 'Mina Member']);
    expect(accepted[0]!.workspaceName).toBe('Notified team');
    expect(await inbox(squad.member)).toEqual([]);
  });

  it('tells the assignee, not the person who assigned themselves', async () => {
    const { owner, member, id } = squad;
    const task = await createTask(owner.c, id, { title: 'Ship the bell', assigneeId: member.id });
    const assigned = (await inbox(member, '?filter=assigned')).filter((item) => item.task?.id === task.id);
    expect(assigned).toMatchObject([{ kind: 'assigned', actor: { name: 'Olive Owner' }, task: { title: 'Ship the bell' }, read: false }]);
    await createTask(owner.c, id, { title: 'My own', assigneeId: owner.id });
    expect((await inbox(owner)).some((item) => item.task?.title === 'My own')).toBe(false);
    // Reassigning tells the new assignee.
    await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { assigneeId: fay.id, version: task.version });
    expect((await inbox(fay, '?filter=assigned')).map((item) => item.task?.title)).toContain('Ship the bell');
  });

  it('tells a mentioned member once, shows their current name, and treats a non-member as plain text', async () => {
    const { owner, member, id } = squad;
    const stranger = await person(app(), 'Stan Stranger');
    const task = await createTask(owner.c, id, { title: 'Mention me' });
    const body = `${mentionToken(member.id)} and ${mentionToken(stranger.id)}, have a look`;
    expect((await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body })).status).toBe(201);
    const [mention] = await inbox(member, '?filter=mentions');
    expect(mention).toMatchObject({
      kind: 'mentioned',
      task: { title: 'Mention me' },
      excerpt: '@Mina Member and @unknown member, have a look',
    });
    expect(await inbox(stranger)).toEqual([]);
    // Mentions name the member, so a rename shows at once.
    expect((await member.c.put('/update-profile', { name: 'Mina Renamed' })).status).toBe(200);
    expect((await inbox(member, '?filter=mentions'))[0]!.excerpt).toBe('@Mina Renamed and @unknown member, have a look');
    expect((await member.c.put('/update-profile', { name: 'Mina Member' })).status).toBe(200);
  });

  it('tells a member newly mentioned in a description, and not again when the description is edited', async () => {
    const { owner, member, id } = squad;
    const task = await createTask(owner.c, id, { title: 'Described', description: 'Plain' });
    const first = await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { description: `Ask ${mentionToken(member.id)}`, version: 1 });
    await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, {
      description: `Ask ${mentionToken(member.id)} today`,
      version: first.body.task.version,
    });
    const mentions = (await inbox(member, '?filter=mentions')).filter((item) => item.task?.id === task.id);
    expect(mentions).toHaveLength(1);
  });

  it('tells creator, assignee and followers of a comment; an unfollow stops it', async () => {
    const { owner, member, id } = squad;
    const task = await createTask(owner.c, id, { title: 'Discussed', assigneeId: member.id });
    expect((await fay.c.put(`/workspaces/${id}/tasks/${task.id}/follow`, { following: true })).body).toEqual({ following: true });
    await member.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'First thoughts' });
    const commented = async (p: Person) => (await inbox(p)).filter((item) => item.kind === 'commented' && item.task?.id === task.id);
    expect(await commented(owner)).toMatchObject([{ actor: { name: 'Mina Member' }, excerpt: 'First thoughts' }]);
    expect(await commented(fay)).toHaveLength(1);
    expect(await commented(member)).toHaveLength(0);
    // The creator unfollows; only the follower hears of the next one.
    expect((await owner.c.put(`/workspaces/${id}/tasks/${task.id}/follow`, { following: false })).body).toEqual({ following: false });
    expect((await owner.c.get(`/workspaces/${id}/tasks/${task.id}/follow`)).body).toEqual({ following: false });
    await member.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Second thoughts' });
    expect(await commented(owner)).toHaveLength(1);
    expect(await commented(fay)).toHaveLength(2);
  });

  it('tells followers when a task changes column, with the column it went to', async () => {
    const { owner, member, id, columns } = squad;
    const task = await createTask(member.c, id, { title: 'Moving on' });
    await fay.c.put(`/workspaces/${id}/tasks/${task.id}/follow`, { following: true });
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/move`, { columnId: columns[1]!.id, afterId: null });
    for (const p of [member, fay]) {
      const [moved] = (await inbox(p)).filter((item) => item.kind === 'status_changed' && item.task?.id === task.id);
      expect(moved).toMatchObject({ detail: columns[1]!.name, actor: { name: 'Olive Owner' } });
    }
    expect((await inbox(owner)).some((item) => item.kind === 'status_changed' && item.task?.id === task.id)).toBe(false);
  });

  it('reminds the assignee of a task due tomorrow once, and of an overdue one', async () => {
    const t = app();
    const { owner, member, id } = squad;
    // Start at 06:00 UTC, so the hourly looks below fall on the same calendar day whenever the test runs.
    const sinceSix = (t.clock.now() - 6 * 3_600_000) % 86_400_000;
    t.clock.advance(86_400_000 - sinceSix);
    const day = (offset: number) => new Date(t.clock.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await createTask(owner.c, id, { title: 'Due soon', assigneeId: member.id, dueDate: day(1) });
    await createTask(owner.c, id, { title: 'Late', assigneeId: member.id, dueDate: day(-2) });
    t.clock.advance(60 * 60_000 + 1);
    await t.app.jobs.runDue();
    t.clock.advance(60 * 60_000 + 1);
    await t.app.jobs.runDue();
    const due = (await inbox(member)).filter((item) => item.kind === 'due');
    expect(due.map((item) => `${item.task?.title} ${item.detail}`).sort()).toEqual(['Due soon tomorrow', 'Late overdue']);
  });

  it('tells a member their role changed', async () => {
    const { owner, id } = squad;
    expect((await owner.c.put(`/workspaces/${id}/members/${fay.id}`, { role: 'owner' })).status).toBe(200);
    expect((await inbox(fay)).find((item) => item.kind === 'role_changed')).toMatchObject({
      detail: 'owner',
      actor: { name: 'Olive Owner' },
    });
    await owner.c.put(`/workspaces/${id}/members/${fay.id}`, { role: 'member' });
  });

  it('pages newest first, marks one and all read, and counts unread across workspaces', async () => {
    const { owner, member } = squad;
    const other = await createWorkspace(owner, 'Second team');
    const { token } = await invite(app(), owner, other, member.email);
    await member.c.post('/invitations/accept', { token });
    await createTask(owner.c, other, { title: 'Elsewhere', assigneeId: member.id });
    const all: NotificationItem[] = [];
    let cursor: string | null = null;
    do {
      const answer: { body: { notifications: NotificationItem[]; nextCursor: string | null } } = await member.c.get(
        `/me/notifications${cursor ? `?cursor=${cursor}` : ''}`,
      );
      all.push(...answer.body.notifications);
      cursor = answer.body.nextCursor;
    } while (cursor);
    expect(all[0]!.task?.title).toBe('Elsewhere');
    expect(all.map((item) => item.createdAt)).toEqual([...all.map((item) => item.createdAt)].sort().reverse());
    const before = await unread(member);
    expect(before).toBe(all.length);
    expect((await member.c.post(`/me/notifications/${all[0]!.id}/read`, {})).body).toEqual({ unread: before - 1 });
    expect((await inbox(member, '?filter=unread')).some((item) => item.id === all[0]!.id)).toBe(false);
    // Someone else's notification is not there for me.
    expect((await owner.c.post(`/me/notifications/${all[1]!.id}/read`, {})).status).toBe(404);
    expect((await member.c.post('/me/notifications/read-all', {})).body).toEqual({ unread: 0 });
  });

  it('hides what a person may no longer see: a deleted task, a workspace they left', async () => {
    const { owner, id } = squad;
    const leaver = await join(app(), owner, id, 'Lee Leaver');
    const task = await createTask(owner.c, id, { title: 'Gone soon', assigneeId: leaver.id });
    await createTask(owner.c, id, { title: 'Still here', assigneeId: leaver.id });
    expect(await unread(leaver)).toBe(2);
    await del(owner.c, `/workspaces/${id}/tasks/${task.id}`);
    expect((await inbox(leaver)).map((item) => item.task?.title)).toEqual(['Still here']);
    expect((await leaver.c.post(`/workspaces/${id}/leave`, {})).status).toBeLessThan(300);
    expect(await inbox(leaver)).toEqual([]);
    expect(await unread(leaver)).toBe(0);
  });

  it('sends nothing to a suspended account', async () => {
    const t = app();
    const { owner, id } = squad;
    const suspended = await join(t, owner, id, 'Sue Suspended');
    await t.db.kysely.updateTable('users').set({ status: 'suspended' }).where('id', '=', suspended.id).execute();
    await createTask(owner.c, id, { title: 'Not for Sue', assigneeId: suspended.id });
    const rows = await t.db.kysely.selectFrom('notifications').select('id').where('user_id', '=', suspended.id).execute();
    expect(rows).toEqual([]);
  });

  it("keeps another workspace's task behind a 404 for following", async () => {
    const { owner, id } = squad;
    const stranger = await person(app(), 'Other Owner');
    const theirs = await createWorkspace(stranger, 'Theirs');
    const task = await createTask(stranger.c, theirs, { title: 'Private' });
    expect((await owner.c.put(`/workspaces/${theirs}/tasks/${task.id}/follow`, { following: true })).status).toBe(404);
    expect((await owner.c.get(`/workspaces/${theirs}/tasks/${task.id}/follow`)).status).toBe(404);
    // The right task under the wrong workspace is no way in either.
    expect((await owner.c.put(`/workspaces/${id}/tasks/${task.id}/follow`, { following: true })).status).toBe(404);
  });
});
