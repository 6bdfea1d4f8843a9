import { describe, expect, it } from 'vitest';
import { securityError } from '#src/shared/account-security/messages.ts';
import { LAST_SEEN_EVERY_MS } from '#src/shared/account-security/paths.ts';
import { client, createVerifiedUser, useTestApp, whoAmI, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { del } from '../../../tests/support/workspaces.ts';
import { CHROME_MAC, SAFARI_IPHONE } from '../../../tests/support/two-factor.ts';

async function signIn(t: TestApp, account: { email: string; password: string }, userAgent: string) {
  const c = client(t.url);
  const answer = await c.post('/login', { email: account.email, password: account.password }, { 'user-agent': userAgent });
  expect(answer.status).toBe(200);
  return c;
}

describe.each(engines)('sessions and devices on %s', (engine) => {
  const app = useTestApp(engine);

  it('lists every session with its browser, system, IP and times, this device marked; never a token', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const laptop = await signIn(t, account, CHROME_MAC);
    await signIn(t, account, SAFARI_IPHONE);
    const overview = await laptop.get('/account/security');
    expect(overview.status).toBe(200);
    const { sessions } = overview.body;
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ browser: 'Chrome 131', os: 'macOS Catalina', deviceType: 'desktop', ip: '127.0.0.1' });
    expect(sessions.find((s: { current: boolean }) => !s.current)).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17.5',
      deviceType: 'mobile',
    });
    expect(Date.parse(mine.createdAt)).toBeGreaterThan(0);
    const hashes = await t.db.kysely.selectFrom('sessions').select('token_hash').execute();
    const text = JSON.stringify(overview.body);
    for (const { token_hash } of hashes) expect(text).not.toContain(token_hash);
    for (const value of laptop.jar.values()) expect(text).not.toContain(value);
    expect(overview.body.signIn).toEqual({ password: true, google: false });
  });

  it('writes last seen at most every few minutes, not on every request', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signIn(t, account, CHROME_MAC);
    const lastSeen = async () =>
      (
        await t.db.kysely
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select('last_seen_at')
          .where('users.email', '=', account.email)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const first = await lastSeen();
    t.clock.advance(LAST_SEEN_EVERY_MS - 1000);
    await whoAmI(c);
    expect(await lastSeen()).toBe(first);
    t.clock.advance(1000);
    await whoAmI(c);
    expect(Number(await lastSeen())).toBeGreaterThanOrEqual(Number(first) + LAST_SEEN_EVERY_MS);
  });

  it('signs out one session, which is signed out at once; audited and emailed', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const laptop = await signIn(t, account, CHROME_MAC);
    const phone = await signIn(t, account, SAFARI_IPHONE);
    const { sessions } = (await laptop.get('/account/security')).body;
    const other = sessions.find((s: { current: boolean }) => !s.current);
    expect((await del(laptop, `/account/sessions/${other.id}`)).status).toBe(200);
    expect(await whoAmI(phone)).toBeNull();
    expect(await whoAmI(laptop)).toBe(account.email);
    await t.mail.waitFor(account.email, (m) => /were signed out/.test(m.subject));
    const after = (await laptop.get('/account/security')).body;
    expect(after.sessions).toHaveLength(1);
    expect(after.events[0].action).toBe('session.revoke');
  });

  it("answers 404 for another account's session, and leaves it alone", async () => {
    const t = app();
    const alice = await createVerifiedUser(t);
    const bob = await createVerifiedUser(t);
    const aliceBrowser = await signIn(t, alice, CHROME_MAC);
    const bobBrowser = await signIn(t, bob, CHROME_MAC);
    const bobSession = (await bobBrowser.get('/account/security')).body.sessions[0].id;
    expect(await del(aliceBrowser, `/account/sessions/${bobSession}`)).toMatchObject({
      status: 404,
      body: { error: securityError.sessionNotFound },
    });
    expect(await whoAmI(bobBrowser)).toBe(bob.email);
    expect((await del(aliceBrowser, '/account/sessions/not-a-session')).status).toBe(404);
  });

  it('signs out every other session, keeping this one', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const stranger = await createVerifiedUser(t);
    const strangerBrowser = await signIn(t, stranger, CHROME_MAC);
    const keep = await signIn(t, account, CHROME_MAC);
    const others = [await signIn(t, account, SAFARI_IPHONE), await signIn(t, account, CHROME_MAC)];
    const answer = await del(keep, '/account/sessions');
    expect(answer).toMatchObject({ status: 200, body: { message: '2 other sessions signed out.' } });
    for (const c of others) expect(await whoAmI(c)).toBeNull();
    expect(await whoAmI(keep)).toBe(account.email);
    expect(await whoAmI(strangerBrowser)).toBe(stranger.email);
    expect((await keep.get('/account/security')).body.events[0].action).toBe('session.revoke-others');
  });

  it('signing out this very session from the list signs this browser out', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signIn(t, account, CHROME_MAC);
    const mine = (await c.get('/account/security')).body.sessions[0];
    expect(mine.current).toBe(true);
    expect((await del(c, `/account/sessions/${mine.id}`)).status).toBe(200);
    expect(await whoAmI(c)).toBeNull();
  });
});
