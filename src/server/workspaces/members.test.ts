import { beforeEach, describe, expect, it } from 'vitest';
import { workspaceError, workspaceNotice } from '#src/shared/workspaces/messages.ts';
import { useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { auditActions, createWorkspace, del, invite, person, type Person } from '../../../tests/support/workspaces.ts';

// Only owners manage; the last owner cannot leave, be demoted or be removed; every change
// leaves an audit row.
describe.each(engines)('members and roles on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  // An owner and a member who joined through an invitation.
  async function team(): Promise<{ owner: Person; member: Person; id: string }> {
    const owner = await person(t, 'Olive Owner');
    const id = await createWorkspace(owner, 'Team');
    const member = await person(t, 'Mina Member');
    const { token } = await invite(t, owner, id, member.email);
    const accepted = await member.c.post('/invitations/accept', { token });
    if (accepted.status !== 200) throw new Error(JSON.stringify(accepted.body));
    return { owner, member, id };
  }

  const roles = async (owner: Person, id: string) =>
    Object.fromEntries((await owner.c.get(`/workspaces/${id}`)).body.members.map((m: { name: string; role: string }) => [m.name, m.role]));

  it('refuses every owner-only action to a member with 403, changing nothing', async () => {
    const { owner, member, id } = await team();
    const { id: invitationId } = await invite(t, owner, id, 'pending@example.com');
    const before = await auditActions(t, id);
    const answers = [
      await member.c.put(`/workspaces/${id}`, { name: 'Taken over' }),
      await del(member.c, `/workspaces/${id}`, { confirmName: 'Team' }),
      await member.c.post(`/workspaces/${id}/invitations`, { email: 'friend@example.com' }),
      await del(member.c, `/workspaces/${id}/invitations/${invitationId}`),
      await member.c.put(`/workspaces/${id}/members/${member.id}`, { role: 'owner' }),
      await member.c.put(`/workspaces/${id}/members/${owner.id}`, { role: 'member' }),
      await del(member.c, `/workspaces/${id}/members/${owner.id}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: workspaceError.ownerOnly });
    }
    const detail = await owner.c.get(`/workspaces/${id}`);
    expect(detail.body.workspace.name).toBe('Team');
    expect(await roles(owner, id)).toEqual({ 'Olive Owner': 'owner', 'Mina Member': 'member' });
    expect(detail.body.invitations.map((i: { id: string }) => i.id)).toEqual([invitationId]);
    expect(await auditActions(t, id)).toEqual(before);
  });

  it('lets an owner make a member an owner and back, and records each change', async () => {
    const { owner, member, id } = await team();
    const promoted = await owner.c.put(`/workspaces/${id}/members/${member.id}`, { role: 'owner' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toMatchObject({ userId: member.id, role: 'owner', name: 'Mina Member' });
    // Now an owner, the former member may manage.
    expect((await member.c.put(`/workspaces/${id}`, { name: 'Team two' })).status).toBe(200);
    const demoted = await owner.c.put(`/workspaces/${id}/members/${member.id}`, { role: 'member' });
    expect(demoted.body.member.role).toBe('member');
    // The same role again is no change and no audit row.
    expect((await owner.c.put(`/workspaces/${id}/members/${member.id}`, { role: 'member' })).status).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('workspace_id', '=', id)
      .where('action', '=', 'member.role')
      .execute();
    expect(rows.map((row) => JSON.parse(row.details)).sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { from: 'owner', to: 'member' },
      { from: 'member', to: 'owner' },
    ]);
    expect(rows.every((row) => row.target === member.id && row.actor_user_id === owner.id)).toBe(true);
  });

  it('refuses a role that does not exist and a person who is not a member', async () => {
    const { owner, id } = await team();
    const stranger = await person(t, 'Stan Stranger');
    const bad = await owner.c.put(`/workspaces/${id}/members/${owner.id}`, { role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Role must be one of: owner, member.');
    const missing = await owner.c.put(`/workspaces/${id}/members/${stranger.id}`, { role: 'owner' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(workspaceError.memberNotFound);
    expect((await del(owner.c, `/workspaces/${id}/members/${stranger.id}`)).body.error).toBe(workspaceError.memberNotFound);
    expect((await stranger.c.get(`/workspaces/${id}`)).status).toBe(404);
  });

  it('keeps the last owner: no leaving, no demotion, no removing oneself', async () => {
    const { owner, id } = await team();
    const answers = [
      await owner.c.post(`/workspaces/${id}/leave`, {}),
      await owner.c.put(`/workspaces/${id}/members/${owner.id}`, { role: 'member' }),
      await del(owner.c, `/workspaces/${id}/members/${owner.id}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: workspaceError.lastOwner });
    }
    expect((await roles(owner, id))['Olive Owner']).toBe('owner');
    expect(await auditActions(t, id)).not.toContain('member.leave');
  });

  it('lets an owner leave once another owner is there', async () => {
    const { owner, member, id } = await team();
    await owner.c.put(`/workspaces/${id}/members/${member.id}`, { role: 'owner' });
    const left = await owner.c.post(`/workspaces/${id}/leave`, {});
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ ok: true, message: workspaceNotice.left });
    expect((await owner.c.get(`/workspaces/${id}`)).status).toBe(404);
    expect(await roles(member, id)).toEqual({ 'Mina Member': 'owner' });
  });

  it('lets a member leave, by leave or by removing themselves', async () => {
    const first = await team();
    const left = await first.member.c.post(`/workspaces/${first.id}/leave`, {});
    expect(left.body).toEqual({ ok: true, message: workspaceNotice.left });
    expect((await first.member.c.get(`/workspaces/${first.id}`)).status).toBe(404);
    expect(await auditActions(t, first.id)).toContain('member.leave');

    const second = await team();
    const removedSelf = await del(second.member.c, `/workspaces/${second.id}/members/${second.member.id}`);
    expect(removedSelf.status).toBe(200);
    expect(removedSelf.body.message).toBe(workspaceNotice.left);
    expect(await roles(second.owner, second.id)).toEqual({ 'Olive Owner': 'owner' });
    const leave = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('workspace_id', '=', second.id)
      .where('action', '=', 'member.leave')
      .execute();
    expect(leave).toHaveLength(1);
    expect(leave[0]).toMatchObject({ actor_user_id: second.member.id, target: second.member.id });
  });

  it('lets an owner remove a member, who then sees nothing of it', async () => {
    const { owner, member, id } = await team();
    const removed = await del(owner.c, `/workspaces/${id}/members/${member.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true, message: workspaceNotice.removed });
    expect((await member.c.get(`/workspaces/${id}`)).status).toBe(404);
    expect((await member.c.get('/workspaces')).body.workspaces.map((w: { id: string }) => w.id)).not.toContain(id);
    const row = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('workspace_id', '=', id)
      .where('action', '=', 'member.remove')
      .executeTakeFirst();
    expect(row).toMatchObject({ actor_user_id: owner.id, target: member.id });
  });

  it('keeps one owner when two owners demote each other at the same moment', async () => {
    const { owner, member, id } = await team();
    await owner.c.put(`/workspaces/${id}/members/${member.id}`, { role: 'owner' });
    const answers = await Promise.all([
      owner.c.put(`/workspaces/${id}/members/${member.id}`, { role: 'member' }),
      member.c.put(`/workspaces/${id}/members/${owner.id}`, { role: 'member' }),
      owner.c.post(`/workspaces/${id}/leave`, {}),
      member.c.post(`/workspaces/${id}/leave`, {}),
    ]);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    const owners = await t.db.kysely
      .selectFrom('memberships')
      .select('user_id')
      .where('workspace_id', '=', id)
      .where('role', '=', 'owner')
      .execute();
    expect(owners).toHaveLength(1);
  });
});
