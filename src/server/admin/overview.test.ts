import { describe, expect, it } from 'vitest';
import { SIGNUP_DAYS, adminPaths, type AdminActivity, type AdminAlert } from '#src/shared/admin/paths.ts';
import { activityText, betaMailCopy } from '#src/shared/admin/messages.ts';
import { client, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createWorkspace, decodedMail, person } from '../../../tests/support/workspaces.ts';
import { REPEATED_REFUSALS, limits } from '#src/server/http/rate-limit.ts';
import { CHROME_MAC, SAFARI_IPHONE } from '../../../tests/support/two-factor.ts';
import { raiseAlert } from './alerts.ts';
import { adminPerson, auditRows, userPath } from '../../../tests/support/admin.ts';

// The stat cards, System Alerts and Recent Activity come from the
// database; Quick Actions send a real invitation and chart real sign-ups.
describe.each(engines)('admin overview on %s', (engine) => {
  const app = useTestApp(engine);

  it('counts users, new ones this week and live sessions; says revenue is sample; reports health', async () => {
    const t = app();
    const admin = await adminPerson(t);
    await person(t, 'Counted One');
    const before = (await admin.c.get(adminPaths.overview)).body;
    expect(before.stats.revenue).toEqual({ sample: true });
    expect(before.stats.health).toEqual({ database: true, mailTransport: 'smtp', mailReachable: true, outboxBacklog: 0 });
    const users = await t.db.kysely.selectFrom('users').select('id').execute();
    expect(before.stats.totalUsers).toBe(users.length);
    expect(before.stats.newThisWeek).toBe(users.length);
    const sessions = await t.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(before.stats.activeSessions).toBe(sessions.length);

    // One more sign-in is one more session; an account made 8 days ago counts in the total only.
    await client(t.url).post('/login', { email: admin.email, password: 'tessera-pass-1' });
    await t.db.kysely
      .updateTable('users')
      .set({ created_at: Date.now() - 8 * 86_400_000 })
      .where('id', '=', admin.id)
      .execute();
    const after = (await admin.c.get(adminPaths.overview)).body;
    expect(after.stats.activeSessions).toBe(before.stats.activeSessions + 1);
    expect(after.stats.totalUsers).toBe(before.stats.totalUsers);
    expect(after.stats.newThisWeek).toBe(before.stats.newThisWeek - 1);
  });

  it('raises one System Alert when a rate limit refuses the same key again and again, newest first', async () => {
    const t = app();
    const admin = await adminPerson(t);
    await raiseAlert(t.db.kysely, { type: 'info', severity: 'low', message: 'Older alert' }, Date.now() - 60_000);
    const guesser = client(t.url);
    const attempts = limits.login.accountFromIp.max + REPEATED_REFUSALS + 5;
    for (let index = 0; index < attempts; index += 1)
      await guesser.post('/login', { email: 'victim@example.com', password: 'wrong-guess' });
    // The alert is written beside the refusal, after its answer: read until it is there.
    const alertsNow = async () => (await admin.c.get(adminPaths.overview)).body.alerts as Array<{ message: string }>;
    await expect
      .poll(async () => (await alertsNow()).map((a) => a.message))
      .toEqual(['Repeated rate-limit refusals on "login" for account-ip victim@example.com:127.0.0.1.', 'Older alert']);
    expect((await alertsNow())[0]).toMatchObject({ type: 'warning', severity: 'medium' });
    // The tests after this one sign in from the same address.
    t.clock.advance(limits.login.ip.windowMs);
  });

  it('raises a System Alert when an admin account signs in from a browser none of its sessions uses, naming the person and the device', async () => {
    const t = app();
    const admin = await adminPerson(t, 'Alerted Admin');
    const signIn = (userAgent: string) =>
      client(t.url).post('/login', { email: admin.email, password: 'tessera-pass-1' }, { 'user-agent': userAgent });
    const newDevice = async () =>
      ((await admin.c.get(adminPaths.overview)).body.alerts as AdminAlert[]).filter((alert) => alert.person?.id === admin.id);
    expect((await signIn(CHROME_MAC)).status).toBe(200);
    const seen = (await newDevice()).length;
    expect((await signIn(CHROME_MAC)).status).toBe(200);
    expect(await newDevice()).toHaveLength(seen);
    expect((await signIn(SAFARI_IPHONE)).status).toBe(200);
    const [alert] = await newDevice();
    expect(alert).toMatchObject({
      type: 'warning',
      severity: 'medium',
      message: 'An admin account signed in from a new device.',
      person: { id: admin.id, name: 'Alerted Admin', email: admin.email },
      device: { browser: 'Safari 17', os: 'iOS 17.5' },
    });
    // Neither a raw id nor the whole user-agent string is shown.
    expect(JSON.stringify({ message: alert!.message, device: alert!.device })).not.toMatch(new RegExp(`${admin.id}|Mozilla`));
    // A plain user's new device is their own business (Profile Settings → Security lists it).
    const plain = await person(t, 'Plain Person');
    await client(t.url).post('/login', { email: plain.email, password: 'tessera-pass-1' }, { 'user-agent': 'TesseraTest/3.0' });
    const all = (await admin.c.get(adminPaths.overview)).body.alerts as AdminAlert[];
    expect(all.some((one) => one.person?.id === plain.id)).toBe(false);
  });

  it('shows Recent Activity from the workspace and admin trails together, newest first', async () => {
    const t = app();
    const admin = await adminPerson(t, 'Act Admin');
    const owner = await person(t, 'Act Owner');
    await createWorkspace(owner, 'Act Team');
    t.clock.advance(1000);
    await admin.c.post(userPath(adminPaths.suspend, owner.id), {});
    const { activity } = (await admin.c.get(adminPaths.overview)).body as { activity: AdminActivity[] };
    expect(activity.slice(0, 2).map(activityText)).toEqual(['Act Admin suspended Act Owner', 'Act Owner created workspace "Act Team"']);
    const times = activity.map((item) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('Add New User emails a beta invitation with a link to register, audited and rate-limited per admin', async () => {
    const t = app();
    const admin = await adminPerson(t, 'Inviting Admin');
    const answer = await admin.c.post(adminPaths.invitations, { email: 'Newcomer@Example.com' });
    expect(answer.status).toBe(201);
    const mail = await t.mail.waitFor('newcomer@example.com', (m) => m.subject === betaMailCopy.inviteSubject);
    expect(decodedMail(mail)).toContain(`${t.url}/register`);
    expect(decodedMail(mail)).toContain('Inviting Admin invited you');
    expect((await auditRows(t, 'newcomer@example.com')).map((row) => [row.action, row.actor_user_id])).toEqual([['beta.invite', admin.id]]);
    expect((await admin.c.post(adminPaths.invitations, { email: 'not an email' })).status).toBe(400);
    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1)
      statuses.push((await admin.c.post(adminPaths.invitations, { email: `burst${index}@example.com` })).status);
    expect(statuses).toContain(429);
  });

  it('View Analytics counts sign-ups per day for the last 30 days, empty days included', async () => {
    const t = app();
    const admin = await adminPerson(t);
    // The server's clock, which earlier tests moved: near midnight it is already another day than Date.now().
    const now = t.clock.now();
    await t.db.kysely
      .updateTable('users')
      .set({ created_at: now - 2 * 86_400_000 })
      .where('id', '=', admin.id)
      .execute();
    await t.db.kysely
      .updateTable('users')
      .set({ created_at: now - 40 * 86_400_000 })
      .where('name', '=', 'Counted One')
      .execute();
    const { days } = (await admin.c.get(adminPaths.signups)).body as { days: Array<{ date: string; count: number }> };
    expect(days).toHaveLength(SIGNUP_DAYS);
    const today = new Date(now).toISOString().slice(0, 10);
    const twoDaysAgo = new Date(now - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(days.at(-1)!.date).toBe(today);
    const recent = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('created_at', '>=', Date.parse(`${today}T00:00:00Z`))
      .execute();
    expect(days.at(-1)!.count).toBe(recent.length);
    expect(days.find((day) => day.date === twoDaysAgo)!.count).toBeGreaterThanOrEqual(1);
    const all = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('created_at', '>=', Date.parse(`${days[0]!.date}T00:00:00Z`))
      .execute();
    expect(days.reduce((sum, day) => sum + day.count, 0)).toBe(all.length);
  });
});
