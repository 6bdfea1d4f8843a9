import { describe, expect, it } from 'vitest';
import { adminPaths, type AdminUser } from '#src/shared/admin/paths.ts';
import { adminError, betaMailCopy } from '#src/shared/admin/messages.ts';
import { client, createVerifiedUser, signedInClient, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { decodedMail } from '../../../tests/support/workspaces.ts';
import { adminPerson, auditRows, userPath } from '../../../tests/support/admin.ts';

// With BETA_APPROVAL=required a verified applicant signs in to the waiting
// page and nothing else until an admin approves; with it off (the default) everyone verified is in.
describe.each(engines)('beta approval required on %s', (engine) => {
  const app = useTestApp(engine, { env: { BETA_APPROVAL: 'required' } });

  it('keeps a verified applicant out of everything but the current-user call, until approved by email', async () => {
    const t = app();
    const admin = await adminPerson(t, 'Gate Keeper');
    await t.db.kysely.updateTable('users').set({ approval: 'approved' }).where('id', '=', admin.id).execute();
    const account = await createVerifiedUser(t, { name: 'Apply Ant' });
    const applicant = await signedInClient(t, account);
    const me = await applicant.get('/current-user');
    expect(me.body.user).toMatchObject({ email: account.email, awaitingApproval: true });
    for (const [method, path, body] of [
      ['GET', '/workspaces'],
      ['POST', '/workspaces', { name: 'Sneaky' }],
      ['PUT', '/update-profile', { name: 'Renamed' }],
      ['GET', adminPaths.overview],
    ] as const) {
      const answer = await applicant.call(method, path, body);
      expect(answer.status, path).toBe(403);
      expect(answer.body).toEqual({ error: adminError.awaitingApproval });
    }
    expect(await t.db.kysely.selectFrom('workspaces').select('id').where('created_by', '=', me.body.user.id).execute()).toEqual([]);

    const pending = await admin.c.get(`${adminPaths.users}?status=pending`);
    expect(pending.body.users.map((u: AdminUser) => [u.email, u.status])).toEqual([[account.email, 'Pending']]);
    const overview = await admin.c.get(adminPaths.overview);
    expect(overview.body).toMatchObject({ betaApproval: true, stats: { pendingApplications: 1 } });

    const approved = await admin.c.post(userPath(adminPaths.approve, me.body.user.id), {});
    expect(approved.status).toBe(200);
    expect(approved.body.user.status).toBe('Active');
    const mail = await t.mail.waitFor(account.email, (m) => m.subject.includes('approved'));
    expect(mail.subject).toBe(betaMailCopy.approvedSubject);
    expect(decodedMail(mail)).toContain(`${t.url}/login`);
    // The same session is let in at its next request.
    expect((await applicant.get('/workspaces')).status).toBe(200);
    expect((await applicant.get('/current-user')).body.user.awaitingApproval).toBe(false);
    expect((await admin.c.post(userPath(adminPaths.approve, me.body.user.id), {})).body.error).toBe(adminError.notPending);
    expect((await auditRows(t, me.body.user.id)).map((row) => row.action)).toEqual(['user.approve']);
  });

  it('declines: the applicant is signed out and sign-in says the application was not approved; approving later lets them in', async () => {
    const t = app();
    const admin = await adminPerson(t, 'Gate Two');
    await t.db.kysely.updateTable('users').set({ approval: 'approved' }).where('id', '=', admin.id).execute();
    const account = await createVerifiedUser(t, { name: 'Declined Dee' });
    const applicant = await signedInClient(t, account);
    const id = (await applicant.get('/current-user')).body.user.id;
    expect((await admin.c.post(userPath(adminPaths.decline, id), {})).body.user.status).toBe('Declined');
    expect((await applicant.get('/current-user')).body.user).toBeNull();
    const refused = await client(t.url).post('/login', { email: account.email, password: account.password });
    expect(refused).toMatchObject({ status: 403, body: { error: adminError.declined } });
    expect((await admin.c.post(userPath(adminPaths.decline, id), {})).status).toBe(409);
    expect((await admin.c.post(userPath(adminPaths.approve, id), {})).status).toBe(200);
    expect((await client(t.url).post('/login', { email: account.email, password: account.password })).status).toBe(200);
    expect((await auditRows(t, id)).map((row) => row.action)).toEqual(['user.decline', 'user.approve']);
  });
});

describe.each(engines)('beta approval off on %s', (engine) => {
  const app = useTestApp(engine);

  it('lets every verified user in, as the spec has it', async () => {
    const t = app();
    const account = await createVerifiedUser(t, { name: 'Open Door' });
    const c = await signedInClient(t, account);
    expect((await c.get('/current-user')).body.user.awaitingApproval).toBe(false);
    expect((await c.get('/workspaces')).status).toBe(200);
    const row = await t.db.kysely.selectFrom('users').select('approval').where('email', '=', account.email).executeTakeFirstOrThrow();
    expect(row.approval).toBe('approved');
    const admin = await adminPerson(t);
    expect((await admin.c.get(adminPaths.overview)).body.betaApproval).toBe(false);
  });
});
