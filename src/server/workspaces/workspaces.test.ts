import { beforeEach, describe, expect, it } from 'vitest';
import { workspaceError, workspaceNotice } from '#src/shared/workspaces/messages.ts';
import { WORKSPACE_NAME_MAX } from '#src/shared/workspaces/paths.ts';
import { createSessions } from '#src/server/accounts/sessions.ts';
import { createUsers } from '#src/server/accounts/users.ts';
import { client, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createTask } from '../../../tests/support/tasks.ts';
import { latestEventId } from '#src/server/events/log.ts';
import { auditActions, createWorkspace, currentWorkspaceId, del, invite, person } from '../../../tests/support/workspaces.ts';

// A workspace of one's own from the first sign-in, more on demand, the last one opened
// remembered; rename and delete for owners; nobody else sees any of it.
describe.each(engines)('workspaces on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  describe('the personal workspace', () => {
    it('is waiting for a verified user at the first look, named after them and owned by them', async () => {
      const casey = await person(t, 'Casey Jones');
      const answer = await casey.c.get('/workspaces');
      expect(answer.status).toBe(200);
      expect(answer.body.workspaces).toHaveLength(1);
      const [mine] = answer.body.workspaces;
      expect(mine).toMatchObject({ name: "Casey Jones's workspace", role: 'owner', memberCount: 1 });
      expect(answer.body.currentId).toBe(mine.id);
      // Asking again finds the same one, not another.
      const again = await casey.c.get('/workspaces');
      expect(again.body.workspaces.map((w: { id: string }) => w.id)).toEqual([mine.id]);
      expect(await auditActions(t, mine.id)).toEqual(['workspace.create']);
    });

    it('is made once when the first requests arrive together', async () => {
      const casey = await person(t, 'Racing Casey');
      const answers = await Promise.all(Array.from({ length: 8 }, () => casey.c.get('/workspaces')));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const ids = new Set(answers.flatMap((answer) => answer.body.workspaces.map((w: { id: string }) => w.id)));
      expect(ids.size).toBe(1);
      const rows = await t.db.kysely.selectFrom('memberships').select('workspace_id').where('user_id', '=', casey.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('comes to an account made before workspaces existed, a Google one included', async () => {
      // Straight into the database, as the accounts of earlier releases are: no membership anywhere.
      const user = await createUsers(t.db).insert(
        { email: 'early.google@example.com', name: 'Gale Early', passwordHash: null, emailVerified: true, googleSub: 'google-sub-early' },
        t.clock.now(),
      );
      const { token } = await createSessions(t.db).start(user.id, t.clock.now());
      const c = client(t.url);
      c.jar.set('tessera_session', token);
      const answer = await c.get('/workspaces');
      expect(answer.status).toBe(200);
      expect(answer.body.workspaces).toEqual([expect.objectContaining({ name: "Gale Early's workspace", role: 'owner' })]);
    });

    it('keeps a long name within the limit', async () => {
      const long = await person(t, 'L'.repeat(100));
      const [mine] = (await long.c.get('/workspaces')).body.workspaces;
      expect(mine.name.length).toBeLessThanOrEqual(WORKSPACE_NAME_MAX);
      expect(mine.name).toBe(workspaceNotice.personalFallback);
    });

    it('needs a session', async () => {
      const answer = await client(t.url).get('/workspaces');
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('You are not signed in.');
    });
  });

  describe('create, switch and remember', () => {
    it('creates a workspace owned by its creator and opens it next', async () => {
      const casey = await person(t);
      const personal = await currentWorkspaceId(casey);
      const created = await casey.c.post('/workspaces', { name: '  Launch crew  ' });
      expect(created.status).toBe(201);
      expect(created.body.workspace).toMatchObject({ name: 'Launch crew', role: 'owner', memberCount: 1 });
      const list = await casey.c.get('/workspaces');
      expect(list.body.workspaces.map((w: { name: string }) => w.name)).toEqual(['Launch crew', "Casey Jones's workspace"]);
      expect(list.body.currentId).toBe(created.body.workspace.id);
      // Switching back is remembered.
      t.clock.advance(1000);
      const opened = await casey.c.post(`/workspaces/${personal}/open`, {});
      expect(opened.status).toBe(200);
      expect(opened.body.workspace.id).toBe(personal);
      expect((await casey.c.get('/workspaces')).body.currentId).toBe(personal);
      expect(await auditActions(t, created.body.workspace.id)).toEqual(['workspace.create']);
    });

    it('lists the last event id of each of the person’s workspaces, and no one else’s', async () => {
      const casey = await person(t);
      const personal = await currentWorkspaceId(casey);
      const launch = (await casey.c.post('/workspaces', { name: 'Launch crew' })).body.workspace.id as string;
      const stranger = await person(t, 'Sam Stranger');
      const theirs = await currentWorkspaceId(stranger);
      await createTask(stranger.c, theirs, { title: 'Not Casey’s' });
      const quiet = (await casey.c.get('/workspaces')).body.eventIds;
      expect(quiet).toEqual({ [personal]: String(await latestEventId(t.db.kysely, personal)), [launch]: '0' });
      await createTask(casey.c, launch, { title: 'First' });
      const eventIds = (await casey.c.get('/workspaces')).body.eventIds;
      expect(Number(eventIds[launch])).toBe(await latestEventId(t.db.kysely, launch));
      expect(Number(eventIds[launch])).toBeGreaterThan(await latestEventId(t.db.kysely, theirs));
      expect(eventIds[personal]).toBe(quiet[personal]);
    });

    it('refuses a bad name with a clear message and makes nothing', async () => {
      const casey = await person(t);
      await currentWorkspaceId(casey);
      const bad = [
        [{}, 'Workspace name is required.'],
        [{ name: '   ' }, 'Workspace name is required.'],
        [{ name: 42 }, 'Workspace name must be text.'],
        [{ name: 'x'.repeat(WORKSPACE_NAME_MAX + 1) }, `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters.`],
        [{ name: 'Evil\u202Eblah' }, 'Workspace name contains characters that are not allowed.'],
        [{ name: 'Fine', owner: 'someone' }, 'Unexpected field: "owner".'],
      ] as const;
      for (const [body, error] of bad) {
        const answer = await casey.c.post('/workspaces', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error).toBe(error);
      }
      expect((await casey.c.post('/workspaces', '{"name":')).status).toBe(400);
      expect((await casey.c.get('/workspaces')).body.workspaces).toHaveLength(1);
    });

    it('keeps HTML and SQL in a name as plain text', async () => {
      const casey = await person(t);
      const name = `<img src=x onerror=alert(1)> '; DROP TABLE workspaces; --`;
      const id = await createWorkspace(casey, name);
      expect((await casey.c.get(`/workspaces/${id}`)).body.workspace.name).toBe(name);
    });
  });

  describe('one workspace', () => {
    it('shows its members to a member, and pending invitations only to owners', async () => {
      const owner = await person(t, 'Olive Owner');
      const id = await createWorkspace(owner, 'Shared');
      const member = await person(t, 'Mina Member');
      const { token } = await invite(t, owner, id, member.email);
      expect((await member.c.post('/invitations/accept', { token })).status).toBe(200);
      await owner.c.post(`/workspaces/${id}/invitations`, { email: 'later@example.com' });

      const seenByOwner = await owner.c.get(`/workspaces/${id}`);
      expect(seenByOwner.status).toBe(200);
      expect(seenByOwner.body.workspace).toMatchObject({ id, name: 'Shared', role: 'owner', memberCount: 2 });
      expect(seenByOwner.body.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
        ['Olive Owner', 'owner'],
        ['Mina Member', 'member'],
      ]);
      expect(seenByOwner.body.members[1]).toMatchObject({ userId: member.id, email: member.email, picture: null });
      expect(Date.parse(seenByOwner.body.members[1].joinedAt)).not.toBeNaN();
      expect(seenByOwner.body.invitations).toEqual([expect.objectContaining({ email: 'later@example.com', invitedBy: 'Olive Owner' })]);

      const seenByMember = await member.c.get(`/workspaces/${id}`);
      expect(seenByMember.body.workspace.role).toBe('member');
      expect(seenByMember.body.members).toHaveLength(2);
      expect(seenByMember.body.invitations).toEqual([]);
    });

    it('renames for an owner and records the change, with the name it had', async () => {
      const owner = await person(t);
      const id = await currentWorkspaceId(owner);
      const renamed = await owner.c.put(`/workspaces/${id}`, { name: 'Studio' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.workspace).toMatchObject({ id, name: 'Studio' });
      expect((await owner.c.put(`/workspaces/${id}`, { name: '' })).status).toBe(400);
      expect((await owner.c.get(`/workspaces/${id}`)).body.workspace.name).toBe('Studio');
      const audit = await t.db.kysely
        .selectFrom('audit_log')
        .selectAll()
        .where('workspace_id', '=', id)
        .where('action', '=', 'workspace.rename')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.details)).toEqual({ from: "Casey Jones's workspace", to: 'Studio' });
      expect(audit[0]).toMatchObject({ actor_user_id: owner.id, workspace_name: "Casey Jones's workspace", ip: '127.0.0.1' });
    });

    it('deletes for an owner who types its name; the audit trail stays', async () => {
      const owner = await person(t);
      const id = await createWorkspace(owner, 'Short lived');
      const wrong = await del(owner.c, `/workspaces/${id}`, { confirmName: 'Short' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe(workspaceError.confirmNameMismatch);
      expect((await del(owner.c, `/workspaces/${id}`, {})).status).toBe(400);
      expect((await owner.c.get(`/workspaces/${id}`)).status).toBe(200);

      const deleted = await del(owner.c, `/workspaces/${id}`, { confirmName: 'Short lived' });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ ok: true, message: workspaceNotice.deleted });
      expect((await owner.c.get(`/workspaces/${id}`)).status).toBe(404);
      const list = await owner.c.get('/workspaces');
      expect(list.body.workspaces.map((w: { id: string }) => w.id)).not.toContain(id);
      expect(await t.db.kysely.selectFrom('memberships').selectAll().where('workspace_id', '=', id).execute()).toEqual([]);
      expect(await auditActions(t, id)).toEqual(['workspace.create', 'workspace.delete']);
    });

    it('gives someone whose only workspace was deleted a new one of their own', async () => {
      const owner = await person(t, 'Solo Sam');
      const id = await currentWorkspaceId(owner);
      expect((await del(owner.c, `/workspaces/${id}`, { confirmName: "Solo Sam's workspace" })).status).toBe(200);
      const list = await owner.c.get('/workspaces');
      expect(list.body.workspaces).toHaveLength(1);
      expect(list.body.workspaces[0].id).not.toBe(id);
    });
  });

  // product rules W: another workspace's data is a 404, never a 403 that confirms it exists.
  describe('someone from another workspace', () => {
    it('gets 404 from every endpoint of a workspace they do not belong to, and changes nothing', async () => {
      const owner = await person(t, 'Olive Owner');
      const id = await createWorkspace(owner, 'Private');
      const { id: invitationId } = await invite(t, owner, id, 'pending@example.com');
      const outsider = await person(t, 'Otto Outsider');
      await currentWorkspaceId(outsider);
      const before = await t.db.kysely.selectFrom('audit_log').select('id').execute();
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const target of [id, unknown]) {
        const answers = [
          await outsider.c.get(`/workspaces/${target}`),
          await outsider.c.put(`/workspaces/${target}`, { name: 'Mine now' }),
          await del(outsider.c, `/workspaces/${target}`, { confirmName: 'Private' }),
          await outsider.c.post(`/workspaces/${target}/open`, {}),
          await outsider.c.post(`/workspaces/${target}/leave`, {}),
          await outsider.c.post(`/workspaces/${target}/invitations`, { email: 'friend@example.com' }),
          await del(outsider.c, `/workspaces/${target}/invitations/${invitationId}`),
          await outsider.c.put(`/workspaces/${target}/members/${owner.id}`, { role: 'member' }),
          await del(outsider.c, `/workspaces/${target}/members/${owner.id}`),
          await del(outsider.c, `/workspaces/${target}/members/${outsider.id}`),
        ];
        for (const answer of answers) {
          expect(answer.status).toBe(404);
          expect(answer.body).toEqual({ error: workspaceError.notFound });
        }
      }
      expect((await outsider.c.get('/workspaces')).body.workspaces.map((w: { id: string }) => w.id)).not.toContain(id);
      const detail = await owner.c.get(`/workspaces/${id}`);
      expect(detail.body.workspace.name).toBe('Private');
      expect(detail.body.members).toHaveLength(1);
      expect(detail.body.invitations).toHaveLength(1);
      expect(await t.db.kysely.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
    });

    it('cannot reach into a workspace they own through one they do not', async () => {
      // Two workspaces, two owners: ids from one never act on the other.
      const a = await person(t, 'Ann A');
      const b = await person(t, 'Ben B');
      const wa = await currentWorkspaceId(a);
      const wb = await currentWorkspaceId(b);
      const { id: invitationInB } = await invite(t, b, wb, 'someone@example.com');
      // Ann owns wa, but wb's invitation and wb's owner are not in wa.
      expect((await del(a.c, `/workspaces/${wa}/invitations/${invitationInB}`)).status).toBe(404);
      expect((await a.c.put(`/workspaces/${wa}/members/${b.id}`, { role: 'member' })).status).toBe(404);
      expect((await del(a.c, `/workspaces/${wa}/members/${b.id}`)).status).toBe(404);
      expect((await b.c.get(`/workspaces/${wb}`)).body.invitations).toHaveLength(1);
    });

    it('answers a guest with 401 on every workspace endpoint', async () => {
      const guest = client(t.url);
      const id = '00000000-0000-4000-8000-000000000000';
      const answers = [
        await guest.post('/workspaces', { name: 'x' }),
        await guest.get(`/workspaces/${id}`),
        await guest.post(`/workspaces/${id}/open`, {}),
        await guest.post('/invitations/accept', { token: 'a'.repeat(43) }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    });
  });
});
