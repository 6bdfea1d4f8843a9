import { beforeEach, describe, expect, it, vi } from 'vitest';
import { taskError } from '#src/shared/tasks/messages.ts';
import { accountSecurityPaths, type SessionInfo } from '#src/shared/account-security/paths.ts';
import { REPLAY_MAX, type BoardResponse, type LiveEvent, type StreamEndReason } from '#src/shared/tasks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { client, signedInClient, startTestApp, useTestApp, useTwoTestApps, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask, readEvents, team, type EventReader } from '../../../tests/support/tasks.ts';
import { EVENT_RETENTION_MS, latestEventId, sweepEvents } from './log.ts';
import { del } from '../../../tests/support/workspaces.ts';

// The access check is announced, never waited for. The stream opens with its own timers (the heartbeat,
// the look every 10 s) standing still, so only an announced change can end it: awaiting its end proves
// the announcement, and nothing is timed.
async function readEventsUntimed(...args: Parameters<typeof readEvents>): Promise<EventReader> {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    return await readEvents(...args);
  } finally {
    vi.useRealTimers();
  }
}
const endedBecause = (reason: StreamEndReason) => `event: ended\ndata: {"reason":"${reason}"}\n\n`;
const sessionPath = (id: string) => workspacePath(accountSecurityPaths.session, { id });

// Product rules T6: every change of a workspace reaches the browsers watching it, in order, and a
// browser that was away catches up from its last event id.
describe.each(engines)('live board events on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('streams create, edit, move, comment and delete to a teammate, in order, with the security headers', async () => {
    const { owner, member, id, columns } = await team(t);
    const stream = await readEvents(t.url, member.c, id);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.headers.get('content-encoding')).toBeNull();
      const task = await createTask(owner.c, id, { title: 'Live' });
      await owner.c.put(`/workspaces/${id}/tasks/${task.id}`, { version: 1, title: 'Live, edited' });
      await owner.c.post(`/workspaces/${id}/tasks/${task.id}/move`, { columnId: columns[2]!.id, afterId: null });
      await owner.c.post(`/workspaces/${id}/tasks/${task.id}/comments`, { body: 'Done!' });
      await del(owner.c, `/workspaces/${id}/tasks/${task.id}`);
      await stream.waitFor((event) => event.type === 'task.deleted');
      const events = stream.events;
      expect(events.map((event) => event.type)).toEqual(['task.created', 'task.updated', 'task.updated', 'comment.added', 'task.deleted']);
      expect(events.every((event) => event.workspaceId === id && event.actorId === owner.id)).toBe(true);
      const ids = events.map((event) => Number(event.id));
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(events[1]).toMatchObject({ task: { title: 'Live, edited', version: 2 }, moved: false });
      expect(events[2]).toMatchObject({ task: { columnId: columns[2]!.id }, moved: true });
      expect(events[3]).toMatchObject({ comment: { body: 'Done!', author: { id: owner.id } } });
      expect(stream.raw()).toMatch(/^retry: 3000\n: connected\n\n/);
    } finally {
      stream.close();
    }
  });

  it('replays what a reconnecting browser missed, from Last-Event-ID or ?after=', async () => {
    const { owner, member, id } = await team(t);
    const first = await readEvents(t.url, member.c, id);
    await createTask(owner.c, id, { title: 'Seen' });
    const seen = await first.waitFor((event) => event.type === 'task.created');
    first.close();
    await createTask(owner.c, id, { title: 'Missed one' });
    await createTask(owner.c, id, { title: 'Missed two' });
    const titles = (events: LiveEvent[]) => events.map((event) => ('task' in event ? event.task.title : event.type));
    // Each reconnection starts after the same seen event, so the second one also replays the first's live one.
    const expected = ['Missed one', 'Missed two'];
    for (const options of [{ lastEventId: seen.id }, { query: `?after=${seen.id}` }]) {
      const again = await readEvents(t.url, member.c, id, options);
      await again.waitFor((event) => 'task' in event && event.task.title === 'Missed two');
      const live = `Live after ${JSON.stringify(options)}`;
      expected.push(live);
      await createTask(owner.c, id, { title: live });
      await again.waitFor((event) => 'task' in event && event.task.title === live);
      expect(titles(again.events)).toEqual(expected);
      // Replayed from an id it knows: the browser already has where it starts.
      expect(again.raw()).not.toContain('event: start');
      again.close();
    }
    const fresh = await readEvents(t.url, member.c, id);
    await createTask(owner.c, id, { title: 'Only this' });
    await fresh.waitFor(() => true);
    expect(titles(fresh.events)).toEqual(['Only this']);
    fresh.close();
  });

  it('tells a stream opened without an id the event it starts after, the last one a board answer read then includes', async () => {
    const { owner, member, id, columns } = await team(t);
    const board = async () => (await member.c.get<BoardResponse>(`/workspaces/${id}/board`)).body.eventId;
    const watching = await readEvents(t.url, member.c, id);
    const task = await createTask(owner.c, id, { title: 'Made before' });
    const made = await watching.waitFor((event) => event.type === 'task.created');
    watching.close();
    expect(await board()).toBe(made.id);
    // Committed after that board was read and before the next stream starts: the stream will not send it,
    // and its start says so.
    await owner.c.post(`/workspaces/${id}/tasks/${task.id}/move`, { columnId: columns[1]!.id, afterId: null });
    const moved = await latestEventId(t.db.kysely, id);
    expect(moved).toBeGreaterThan(Number(made.id));
    const fresh = await readEvents(t.url, member.c, id);
    await vi.waitFor(() => expect(fresh.raw()).toContain(`event: start\nid: ${moved}\ndata: {}\n\n`));
    await createTask(owner.c, id, { title: 'Made after' });
    const after = await fresh.waitFor((event) => event.type === 'task.created');
    expect(fresh.events.map((event) => event.id)).toEqual([after.id]);
    fresh.close();
    expect(await board()).toBe(after.id);
  });

  it(`asks the browser to refetch when it missed more than ${REPLAY_MAX} events`, async () => {
    const { owner, member, id } = await team(t);
    const task = await createTask(owner.c, id, { title: 'Busy' });
    const before = (
      await t.db.kysely
        .selectFrom('workspace_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id;
    const rows = Array.from({ length: REPLAY_MAX + 1 }, () => ({
      workspace_id: id,
      type: 'task.updated',
      actor_id: owner.id,
      data: JSON.stringify({ type: 'task.updated', task: { id: task.id }, moved: false }),
      created_at: Date.now(),
    }));
    await t.db.kysely.insertInto('workspace_events').values(rows).execute();
    const flooded = await latestEventId(t.db.kysely, id);
    const behind = await readEvents(t.url, member.c, id, { lastEventId: String(before) });
    await createTask(owner.c, id, { title: 'After the flood' });
    await behind.waitFor((event) => event.type === 'task.created');
    // The refetch reads everything up to the start at least; the stream goes on from there.
    expect(behind.raw()).toContain(`event: resync\ndata: {}\n\nevent: start\nid: ${flooded}\ndata: {}\n\n`);
    expect(behind.events.map((event) => event.type)).toEqual(['task.created']);
    behind.close();
  });

  it("asks for a refetch when the last id is no longer in the log: swept after a week, or never this workspace's", async () => {
    const { owner, member, id } = await team(t);
    const listening = await readEvents(t.url, member.c, id);
    await createTask(owner.c, id, { title: 'Old news' });
    const old = await listening.waitFor((event) => event.type === 'task.created');
    listening.close();
    t.clock.advance(EVENT_RETENTION_MS + 60_000);
    await createTask(owner.c, id, { title: 'Fresh' });
    await sweepEvents(t.db.kysely, t.clock.now());
    const swept = await t.db.kysely.selectFrom('workspace_events').select('id').where('id', '=', Number(old.id)).executeTakeFirst();
    expect(swept).toBeUndefined();
    for (const lastEventId of [old.id, '999999999']) {
      const behind = await readEvents(t.url, member.c, id, { lastEventId });
      await createTask(owner.c, id, { title: `After ${lastEventId}` });
      await behind.waitFor((event) => 'task' in event && event.task.title === `After ${lastEventId}`);
      expect(behind.raw()).toContain('event: resync\ndata: {}\n\n');
      expect(behind.events).toHaveLength(1);
      behind.close();
    }
  });

  it('answers 404 outside the workspace, 401 signed out, and 400 for a malformed last id', async () => {
    const { member, id } = await team(t);
    const { person } = await import('../../../tests/support/workspaces.ts');
    const stranger = await person(t, 'Sam Stranger');
    const outside = await readEvents(t.url, stranger.c, id);
    expect(outside.status).toBe(404);
    const guest = await readEvents(t.url, client(t.url), id);
    expect(guest.status).toBe(401);
    const bad = await readEvents(t.url, member.c, id, { lastEventId: '12abc' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.raw())).toEqual({ error: taskError.badLastEventId });
    expect((await readEvents(t.url, member.c, id, { query: '?after=-1' })).status).toBe(400);
  });

  it('ends the stream as soon as a removal, a suspension or a sign-out elsewhere is announced, telling the browser why, with nothing sent after', async () => {
    const { owner, member, id } = await team(t);
    // Each stream ends without any further event on the board: only the announced change can end it.
    const removed = await readEventsUntimed(t.url, member.c, id);
    await createTask(owner.c, id, { title: 'Before' });
    await removed.waitFor((event) => event.type === 'task.created');
    expect((await del(owner.c, `/workspaces/${id}/members/${member.id}`)).status).toBe(200);
    await removed.ended;
    expect(removed.raw()).toContain(endedBecause('no-access'));
    await createTask(owner.c, id, { title: 'After removal' });
    expect(removed.events.map((event) => ('task' in event ? event.task.title : event.type))).toEqual(['Before']);

    // Suspended by an admin: their sessions end with it.
    const { adminPerson, userPath } = await import('../../../tests/support/admin.ts');
    const { adminPaths } = await import('#src/shared/admin/paths.ts');
    const admin = await adminPerson(t);
    const suspendedTeam = await team(t, 'Suspended team');
    const suspended = await readEventsUntimed(t.url, suspendedTeam.member.c, suspendedTeam.id);
    expect((await admin.c.post(userPath(adminPaths.suspend, suspendedTeam.member.id), {})).status).toBe(200);
    await suspended.ended;
    expect(suspended.raw()).toContain(endedBecause('signed-out'));

    // Signed out from the Security tab of another device, and by signing out of this one.
    const quietTeam = await team(t, 'Quiet team');
    const elsewhere = await signedInClient(t, { email: quietTeam.member.email, password: 'tessera-pass-1' });
    const quiet = await readEventsUntimed(t.url, quietTeam.member.c, quietTeam.id);
    const listed = await elsewhere.get(accountSecurityPaths.overview);
    const other = (listed.body.sessions as SessionInfo[]).find((session) => !session.current)!;
    expect((await del(elsewhere, sessionPath(other.id))).status).toBe(200);
    await quiet.ended;
    expect(quiet.raw()).toContain(endedBecause('signed-out'));
    const own = await readEventsUntimed(t.url, elsewhere, quietTeam.id);
    expect((await elsewhere.get('/logout')).status).toBe(200);
    await own.ended;
  });

  it('looks at every stream of the workspace together and answers each for its own person: the suspended and the removed end, the rest hear on', async () => {
    const { owner, member, id } = await team(t);
    const { person, invite } = await import('../../../tests/support/workspaces.ts');
    const joined = async (name: string) => {
      const someone = await person(t, name);
      const { token } = await invite(t, owner, id, someone.email);
      expect((await someone.c.post('/invitations/accept', { token })).status).toBe(200);
      return someone;
    };
    const [suspendedOne, removedOne] = [await joined('Sid Suspended'), await joined('Rae Removed')];
    // One after the other: each opens with its own timers standing still.
    const staying = await readEventsUntimed(t.url, member.c, id);
    const suspended = await readEventsUntimed(t.url, suspendedOne.c, id);
    const removed = await readEventsUntimed(t.url, removedOne.c, id);
    try {
      await createTask(owner.c, id, { title: 'Heard by all three' });
      await Promise.all([staying, suspended, removed].map((stream) => stream.waitFor((event) => event.type === 'task.created')));
      const { adminPerson, userPath } = await import('../../../tests/support/admin.ts');
      const { adminPaths } = await import('#src/shared/admin/paths.ts');
      const admin = await adminPerson(t);
      expect((await admin.c.post(userPath(adminPaths.suspend, suspendedOne.id), {})).status).toBe(200);
      expect((await del(owner.c, `/workspaces/${id}/members/${removedOne.id}`)).status).toBe(200);
      await Promise.all([suspended.ended, removed.ended]);
      await createTask(owner.c, id, { title: 'After they went' });
      await staying.waitFor((event) => 'task' in event && event.task.title === 'After they went');
      expect(suspended.raw()).toContain(endedBecause('signed-out'));
      expect(removed.raw()).toContain(endedBecause('no-access'));
      for (const gone of [suspended, removed]) expect(gone.raw()).not.toContain('After they went');
      expect(staying.raw()).not.toContain('event: ended');
    } finally {
      staying.close();
    }
  });

  it('never replays what happened before a member joined: a reconnect from an older id gets a resync', async () => {
    const { owner, id } = await team(t);
    const listening = await readEvents(t.url, owner.c, id);
    await createTask(owner.c, id, { title: 'Secret plan', description: 'Before the newcomer' });
    const early = await listening.waitFor((event) => event.type === 'task.created');
    listening.close();
    t.clock.advance(1000);
    const { person, invite } = await import('../../../tests/support/workspaces.ts');
    const newcomer = await person(t, 'Nia Newcomer');
    const { token } = await invite(t, owner, id, newcomer.email);
    expect((await newcomer.c.post('/invitations/accept', { token })).status).toBe(200);
    const replay = await readEvents(t.url, newcomer.c, id, { lastEventId: String(Number(early.id) - 1) });
    await createTask(owner.c, id, { title: 'Welcome' });
    await replay.waitFor((event) => 'task' in event && event.task.title === 'Welcome');
    expect(replay.raw()).toContain('event: resync\ndata: {}\n\n');
    expect(replay.raw()).not.toContain('Secret plan');
    replay.close();
  });

  // Closing used to wait on the browsers; a hang now outlasts the test's time limit.
  it('closes the app with streams open, ending them rather than waiting on them', async () => {
    const own = await startTestApp(engine);
    const { member, id } = await team(own);
    const streams = await Promise.all([readEventsUntimed(own.url, member.c, id), readEventsUntimed(own.url, member.c, id)]);
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    await own.close();
    await Promise.all(streams.map((stream) => stream.ended));
  });
});

// Product rules T6 and W7: a change made through one instance reaches a browser connected to another
// (PostgreSQL: LISTEN/NOTIFY; SQLite: the other process sees the file change).
describe.each(engines)('live events across two instances on one %s database', (engine) => {
  const apps = useTwoTestApps(engine);

  it('delivers a move made through A to an event stream on B', async () => {
    const { a, b } = apps();
    const { owner, member, id, columns } = await team(a);
    const onB = client(b.url);
    member.c.jar.forEach((value, name) => onB.jar.set(name, value));
    const task = await createTask(owner.c, id, { title: 'Across' });
    const stream = await readEvents(b.url, onB, id);
    try {
      const moved = await owner.c.post(`/workspaces/${id}/tasks/${task.id}/move`, { columnId: columns[1]!.id, afterId: null });
      expect(moved.status).toBe(200);
      const event = await stream.waitFor((e) => e.type === 'task.updated');
      expect(event).toMatchObject({ moved: true, task: { id: task.id, columnId: columns[1]!.id } });
    } finally {
      stream.close();
    }
  });

  it('ends a stream on B as soon as the person is signed out through A', async () => {
    const { a, b } = apps();
    const { member, id } = await team(a);
    const onB = client(b.url);
    member.c.jar.forEach((value, name) => onB.jar.set(name, value));
    const stream = await readEventsUntimed(b.url, onB, id);
    expect(stream.status).toBe(200);
    expect((await member.c.get('/logout')).status).toBe(200);
    await stream.ended;
    expect(stream.raw()).toContain(endedBecause('signed-out'));
  });
});
