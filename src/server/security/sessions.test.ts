import { describe, expect, it } from 'vitest';
import { client, createVerifiedUser, signedInClient, useTestApp, whoAmI } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

const DAY = 24 * 60 * 60 * 1000;

// product rules S2: 256-bit tokens stored hashed in an HttpOnly SameSite=Lax cookie (Secure and __Host-
// over https); new at every sign-in; sliding 30-day expiry; logout deletes it; reset ends all; change ends others.
describe.each(engines)('sessions on %s', (engine) => {
  const app = useTestApp(engine);

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie holding a 256-bit token, stored only hashed', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const login = await client(t.url).post('/login', { email: account.email, password: account.password });
    const [cookie] = login.headers.getSetCookie();
    expect(cookie).toMatch(/^tessera_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const token = /=([^;]+)/.exec(cookie!)![1]!;
    const rows = await t.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('finds the session cookie among a browser’s other cookies, and only under its exact name', async () => {
    const t = app();
    const token = (await signedInClient(t, await createVerifiedUser(t))).jar.get('tessera_session')!;
    const currentUser = async (cookie: string) => (await client(t.url).get('/current-user', { cookie })).body.user;
    expect(await currentUser(`theme=dark; tessera_session=${token}; _ga=GA1.2.3`)).not.toBeNull();
    expect(await currentUser(`theme=dark;tessera_session=${token}`)).not.toBeNull();
    expect(await currentUser(`xtessera_session=${token}`)).toBeNull();
    expect(await currentUser(`tessera_session=${token}x`)).toBeNull();
    expect(await currentUser(`tessera_session; other=${token}`)).toBeNull();
  });

  it('gives a new token at every sign-in and ends the one the browser had', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    const first = c.jar.get('tessera_session');
    const old = client(t.url);
    old.jar.set('tessera_session', first!);
    await c.post('/login', { email: account.email, password: account.password });
    expect(c.jar.get('tessera_session')).not.toBe(first);
    expect(await whoAmI(c)).not.toBeNull();
    expect(await whoAmI(old)).toBeNull();
  });

  it('ends other sessions on a password change and keeps this one', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const here = await signedInClient(t, account);
    const elsewhere = await signedInClient(t, account);
    expect((await here.put('/change-password', { currentPassword: account.password, newPassword: 'changed-secret-7' })).status).toBe(200);
    expect(await whoAmI(here)).not.toBeNull();
    expect(await whoAmI(elsewhere)).toBeNull();
  });

  it('slides the expiry at most daily and expires after 30 idle days', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    const same = await c.get('/current-user');
    expect(same.headers.getSetCookie()).toEqual([]);
    t.clock.advance(DAY + 1000);
    const refreshed = await c.get('/current-user');
    expect(refreshed.body.user.email).toBe(account.email);
    expect(refreshed.headers.getSetCookie()[0]).toMatch(/Max-Age=2592000/);
    t.clock.advance(29 * DAY);
    expect(await whoAmI(c)).not.toBeNull();
    t.clock.advance(31 * DAY);
    expect(await whoAmI(c)).toBeNull();
  });

  // `created_at` was stored and never checked; a session used daily lived on for ever.
  it('ends a session 90 days after sign-in however often it is used', async () => {
    const t = app();
    const c = await signedInClient(t, await createVerifiedUser(t));
    for (let day = 1; day < 90; day++) {
      t.clock.advance(DAY);
      expect(await whoAmI(c)).not.toBeNull();
    }
    // The last refresh may not reach past day 90.
    const lastCookie = (await c.get('/current-user')).headers.getSetCookie()[0];
    if (lastCookie) expect(Number(/Max-Age=(\d+)/.exec(lastCookie)![1])).toBeLessThanOrEqual(DAY / 1000);
    t.clock.advance(DAY);
    expect(await whoAmI(c)).toBeNull();
  });

  it('ends the session on the server at logout: a copied cookie stops working', async () => {
    const t = app();
    const c = await signedInClient(t, await createVerifiedUser(t));
    const copy = client(t.url);
    c.jar.forEach((value, name) => copy.jar.set(name, value));
    expect((await c.get('/logout')).status).toBe(200);
    // Only the device cookie stays: it signs nobody in, it only keeps this browser out of lock-outs.
    expect([...c.jar.keys()]).toEqual(['tessera_device']);
    expect(await whoAmI(copy)).toBeNull();
  });

  it('ends every session when the password is reset', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const first = await signedInClient(t, account);
    const second = await signedInClient(t, account);
    await client(t.url).post('/forgot-password', { email: account.email });
    const { code } = await t.mail.waitFor(account.email, (m) => /reset/.test(m.subject));
    expect((await client(t.url).post('/reset-password', { email: account.email, code, newPassword: 'after-reset-pass' })).status).toBe(200);
    expect(await whoAmI(first)).toBeNull();
    expect(await whoAmI(second)).toBeNull();
  });

  it('rejects forged and truncated cookies without touching anyone', async () => {
    const t = app();
    for (const value of ['x', 'a'.repeat(43), 'a'.repeat(500), '%00%ff', '../../etc/passwd']) {
      const c = client(t.url);
      c.jar.set('tessera_session', value);
      expect(await whoAmI(c)).toBeNull();
    }
  });
});

describe('cookie flags behind https (production mode)', () => {
  const app = useTestApp('sqlite', { env: { APP_ORIGIN: 'https://tessera.example', TRUST_PROXY: '127.0.0.1' } });

  it('uses a Secure __Host- cookie and HSTS', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const https = { 'x-forwarded-proto': 'https', origin: 'https://tessera.example' };
    const login = await client(t.url).post('/login', { email: account.email, password: account.password }, https);
    expect(login.status).toBe(200);
    const [cookie] = login.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-tessera_session=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(login.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });
});

// The cookie's flags followed the request's look; behind a proxy that is not trusted every request
// looks like http, and the cookie went out without Secure.
describe('cookie flags with an https origin and no trusted proxy', () => {
  const app = useTestApp('sqlite', { env: { APP_ORIGIN: 'https://tessera.example' } });

  it('still uses a Secure __Host- cookie', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = client(t.url);
    const login = await c.post('/login', { email: account.email, password: account.password }, { origin: 'https://tessera.example' });
    expect(login.status).toBe(200);
    const [cookie] = login.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-tessera_session=/);
    expect(cookie).toMatch(/; Secure/);
    expect(await whoAmI(c)).toBe(account.email);
  });
});
