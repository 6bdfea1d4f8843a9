import { beforeEach, describe, expect, it } from 'vitest';
import { serverError } from '#src/shared/server-messages.ts';
import {
  client,
  createVerifiedUser,
  signedInClient,
  uniqueEmail,
  useTestApp,
  type TestApp,
  whoAmI,
} from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

describe.each(engines)('account flows on %s', (engine) => {
  const app = useTestApp(engine);
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  const codeFor = async (email: string, kind: RegExp) => (await t.mail.waitFor(email, (m) => kind.test(m.subject))).code!;

  it('registers, verifies by the emailed code, signs in and reads the current user', async () => {
    const c = client(t.url);
    const email = uniqueEmail('Flow');
    const registered = await c.post('/register', {
      name: '  Ada Lovelace ',
      email: `  ${email.toUpperCase()} `,
      password: 'analytical-engine',
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({
      name: 'Ada Lovelace',
      email: email.toLowerCase(),
      role: 'user',
      gender: 'not specified',
      emailVerified: false,
      totalProject: 0,
    });
    expect(JSON.stringify(registered.body)).not.toMatch(/argon|hash/i);
    expect(registered.headers.getSetCookie()).toEqual([]);

    const code = await codeFor(email, /verification/);
    expect(code).toMatch(/^[A-HJ-KMNP-Z2-9]{6}$/);
    expect((await c.post('/verify-email', { email, code: code.toLowerCase() })).status).toBe(200);

    const login = await c.post('/login', { email, password: 'analytical-engine' });
    expect(login.status).toBe(200);
    expect(login.body.user.emailVerified).toBe(true);
    const me = await c.get('/current-user');
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(login.body.user);
  });

  it('answers a taken email like a new one and tells its owner by email instead', async () => {
    const account = await createVerifiedUser(t);
    const again = await client(t.url).post('/register', { name: 'Other', email: account.email, password: 'another-pass-9' });
    expect(again.status).toBe(201);
    expect(again.body.user).toMatchObject({ email: account.email, name: 'Other', emailVerified: false });
    const notice = await t.mail.waitFor(account.email, (m) => /tried to create/.test(m.subject));
    expect(notice.raw).toMatch(/sign in, or reset your password/);
    expect(notice.raw).not.toContain('Other');
    // The owner's account is untouched.
    expect((await client(t.url).post('/login', { email: account.email, password: account.password })).status).toBe(200);
  });

  it('refuses sign-in before verification with its own message', async () => {
    const c = client(t.url);
    const email = uniqueEmail();
    await c.post('/register', { name: 'Late Verifier', email, password: 'waiting-pass-1' });
    const login = await c.post('/login', { email, password: 'waiting-pass-1' });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ error: serverError.unverified });
    expect(login.headers.getSetCookie()).toEqual([]);
  });

  it('resets a forgotten password: new password works, old fails, code single-use, sessions ended', async () => {
    const account = await createVerifiedUser(t);
    const signedIn = await signedInClient(t, account);
    const c = client(t.url);
    expect((await c.post('/forgot-password', { email: account.email })).status).toBe(200);
    const code = await codeFor(account.email, /reset/);
    const reset = await c.post('/reset-password', { email: account.email, code, newPassword: 'brand-new-secret' });
    expect(reset.status).toBe(200);
    expect((await c.post('/reset-password', { email: account.email, code, newPassword: 'another-secret-2' })).status).toBe(400);
    expect((await c.post('/login', { email: account.email, password: account.password })).status).toBe(401);
    expect((await c.post('/login', { email: account.email, password: 'brand-new-secret' })).status).toBe(200);
    expect(await whoAmI(signedIn)).toBeNull();
    await t.mail.waitFor(account.email, (m) => /password was changed/.test(m.subject));
  });

  it('updates name and gender only, and answers { user }', async () => {
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    const updated = await c.put('/update-profile', { name: 'Renamed Person', gender: 'female' });
    expect(updated.status).toBe(200);
    expect(updated.body.user).toMatchObject({ name: 'Renamed Person', gender: 'female', email: account.email, role: 'user' });
    expect((await c.get('/current-user')).body.user.name).toBe('Renamed Person');
  });

  it('changes the password with the current one, and refuses a wrong current one with its own message', async () => {
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    const wrong = await c.put('/change-password', { currentPassword: 'not-my-password', newPassword: 'next-secret-42' });
    expect(wrong).toMatchObject({ status: 400, body: { error: serverError.currentPasswordWrong } });
    expect((await c.put('/change-password', { currentPassword: account.password, newPassword: 'next-secret-42' })).status).toBe(200);
    expect(await whoAmI(c)).not.toBeNull();
    expect((await client(t.url).post('/login', { email: account.email, password: 'next-secret-42' })).status).toBe(200);
    expect((await client(t.url).post('/login', { email: account.email, password: account.password })).status).toBe(401);
  });

  it('answers a guest with { user: null }, not an error', async () => {
    expect(await client(t.url).get('/current-user')).toMatchObject({ status: 200, body: { user: null } });
  });

  it('answers health and the public config', async () => {
    expect((await client(t.url).get('/health')).body).toEqual({ status: 'ok', database: 'ok' });
    expect((await client(t.url).get('/config')).body).toEqual({ productName: 'Tessera', googleSignIn: null });
  });
});
