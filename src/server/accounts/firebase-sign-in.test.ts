import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX } from '#src/shared/limits.ts';
import { serverError } from '#src/shared/server-messages.ts';
import {
  client,
  createVerifiedUser,
  startTestApp,
  uniqueEmail,
  useTestApp,
  type TestApp,
  whoAmI,
} from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

const PROJECT = 'tessera-test-project';
const ISSUER = `https://securetoken.google.com/${PROJECT}`;

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

// Our own "Google": key pairs and a published key set on loopback that counts its fetches.
async function keyPair(alg: 'RS256' | 'RS384', kid: string, { declareAlg = true } = {}) {
  const pair = await generateKeyPair(alg, { extractable: true });
  const { kty, n, e } = await exportJWK(pair.publicKey);
  const jwk: JWK = { kty, n, e, kid, use: 'sig', ...(declareAlg ? { alg } : {}) };
  return { privateKey: pair.privateKey as SigningKey, publicPem: await exportSPKI(pair.publicKey), jwk };
}

async function startKeyServer(initial: JWK[], maxAgeS: number) {
  const state = { keys: initial, fetches: 0, failing: false };
  const server = createServer((_request, response) => {
    state.fetches += 1;
    if (state.failing) {
      response.statusCode = 500;
      return response.end('down');
    }
    response.setHeader('Content-Type', 'application/json');
    response.setHeader('Cache-Control', `public, max-age=${maxAgeS}, must-revalidate, no-transform`);
    response.end(JSON.stringify({ keys: state.keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function claims(overrides: JWTPayload = {}, nowMs = Date.now()): JWTPayload {
  const now = Math.floor(nowMs / 1000);
  return {
    iss: ISSUER,
    aud: PROJECT,
    sub: `google-${Math.random().toString(36).slice(2)}`,
    email: uniqueEmail('google'),
    email_verified: true,
    name: 'Gail Google',
    picture: 'https://lh3.googleusercontent.com/a/photo.jpg',
    iat: now - 5,
    exp: now + 3600,
    auth_time: now - 10,
    firebase: { sign_in_provider: 'google.com', identities: {} },
    ...overrides,
  };
}

function sign(payload: JWTPayload, key: SigningKey, { kid = 'key-1', alg = 'RS256' }: { kid?: string; alg?: string } = {}) {
  return new SignJWT(payload).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(key);
}

const seconds = () => Math.floor(Date.now() / 1000);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

let google: Awaited<ReturnType<typeof keyPair>>;
let stranger: Awaited<ReturnType<typeof keyPair>>;
// In the key set without an `alg` (Google's set names it; a set need not): only our RS256 rule refuses it.
let rs384: Awaited<ReturnType<typeof keyPair>>;
let keyServer: Awaited<ReturnType<typeof startKeyServer>>;

beforeAll(async () => {
  [google, stranger, rs384] = await Promise.all([
    keyPair('RS256', 'key-1'),
    keyPair('RS256', 'key-1'),
    keyPair('RS384', 'key-2', { declareAlg: false }),
  ]);
  keyServer = await startKeyServer([google.jwk, rs384.jwk], 3600);
});
afterAll(() => keyServer?.close());

const googleEnv = (jwksUrl: string, extra: Record<string, string> = {}) => ({
  FIREBASE_PROJECT_ID: PROJECT,
  FIREBASE_API_KEY: 'test-key',
  GOOGLE_JWKS_URL: jwksUrl,
  ...extra,
});

describe.each(engines)('Google sign-in on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { env: googleEnv(keyServer.url, { RATE_LIMIT_MULTIPLIER: '1000' }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signGoogle = (payload: JWTPayload) => sign(payload, google.privateKey);

  async function refused(idToken: string) {
    const c = client(t.url);
    const answer = await c.post('/firebase-auth', { idToken });
    expect(answer).toMatchObject({ status: 401, body: { error: serverError.googleTokenInvalid } });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await whoAmI(c)).toBeNull();
  }

  it('signs in with a valid token: a verified user from the token, and our own session', async () => {
    const payload = claims();
    const c = client(t.url);
    const answer = await c.post('/firebase-auth', {
      idToken: await signGoogle(payload),
      uid: payload.sub,
      email: payload.email,
      name: 'x',
      picture: null,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      email: payload.email,
      name: 'Gail Google',
      emailVerified: true,
      role: 'user',
      picture: payload.picture,
    });
    expect(answer.headers.getSetCookie()[0]).toMatch(/^tessera_session=.*HttpOnly/i);
    expect(await whoAmI(c)).toBe(payload.email);
    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', payload.email as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ google_sub: payload.sub, password_hash: null, email_verified: 1 });
    // The same Google account signs in to the same user next time, even under a new email.
    const again = await client(t.url).post('/firebase-auth', {
      idToken: await signGoogle(claims({ sub: payload.sub, email: uniqueEmail('renamed') })),
    });
    expect(again.body.user.id).toBe(answer.body.user.id);
  });

  it('replaces the session the browser had instead of stacking a second one', async () => {
    const c = client(t.url);
    await c.post('/firebase-auth', { idToken: await signGoogle(claims()) });
    const first = c.jar.get('tessera_session');
    const payload = claims();
    await c.post('/firebase-auth', { idToken: await signGoogle(payload) });
    expect(c.jar.get('tessera_session')).not.toBe(first);
    expect(await whoAmI(c)).toBe(payload.email);
    const old = client(t.url);
    old.jar.set('tessera_session', first!);
    expect(await whoAmI(old)).toBeNull();
  });

  const forgeries: Array<[string, () => Promise<string>]> = [
    ['a forged signature (another key, same kid)', () => sign(claims(), stranger.privateKey)],
    ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT', kid: 'key-1' })}.${b64(claims())}.`],
    [
      'HS256 with the public key as secret',
      () => new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: 'key-1' }).sign(new TextEncoder().encode(google.publicPem)),
    ],
    ['RS384, though signed by a key of the set', () => sign(claims(), rs384.privateKey, { kid: 'key-2', alg: 'RS384' })],
    ['a wrong issuer', () => signGoogle(claims({ iss: 'https://securetoken.google.com/another-project' }))],
    ['a wrong audience', () => signGoogle(claims({ aud: 'another-project' }))],
    // Any provider of the project (email link, anonymous, …) was accepted, and an audience list.
    ['another sign-in provider (password)', () => signGoogle(claims({ firebase: { sign_in_provider: 'password', identities: {} } }))],
    ['an anonymous sign-in', () => signGoogle(claims({ firebase: { sign_in_provider: 'anonymous', identities: {} } }))],
    ['no sign-in provider', () => signGoogle(claims({ firebase: undefined }))],
    ['an audience list holding the project', () => signGoogle(claims({ aud: [PROJECT, 'another-project'] }))],
    ['an expired token', () => signGoogle(claims({ iat: seconds() - 7200, exp: seconds() - 3600, auth_time: seconds() - 7200 }))],
    ['a token without exp', () => signGoogle(claims({ exp: undefined }))],
    ['iat in the future', () => signGoogle(claims({ iat: seconds() + 3600, exp: seconds() + 7200 }))],
    ['a token without iat', () => signGoogle(claims({ iat: undefined }))],
    ['a stale auth_time (over 5 minutes)', () => signGoogle(claims({ auth_time: seconds() - 6 * 60 }))],
    ['an auth_time in the future', () => signGoogle(claims({ auth_time: seconds() + 3600 }))],
    ['a token without auth_time', () => signGoogle(claims({ auth_time: undefined }))],
    ['an empty sub', () => signGoogle(claims({ sub: '' }))],
    ['a 129-character sub', () => signGoogle(claims({ sub: 'x'.repeat(129) }))],
    ['email_verified false', () => signGoogle(claims({ email_verified: false }))],
    ['email_verified "true" as text', () => signGoogle(claims({ email_verified: 'true' }))],
    ['no email', () => signGoogle(claims({ email: undefined }))],
    ['an email that is not an address', () => signGoogle(claims({ email: 'not an email' }))],
    ['a key id not in the set', () => sign(claims(), google.privateKey, { kid: 'key-unknown' })],
    ['garbage', async () => 'not.a.token'],
  ];
  for (const [label, make] of forgeries) {
    it(`refuses ${label} with 401 and no session`, async () => refused(await make()));
  }

  it('accepts a 128-character sub and an auth_time of 4 minutes ago (the bounds are exact)', async () => {
    expect((await client(t.url).post('/firebase-auth', { idToken: await signGoogle(claims({ sub: 'y'.repeat(128) })) })).status).toBe(200);
    expect(
      (await client(t.url).post('/firebase-auth', { idToken: await signGoogle(claims({ auth_time: seconds() - 4 * 60 })) })).status,
    ).toBe(200);
  });

  it('ignores the uid, email, name and picture of the body: an admin named there is not who signs in', async () => {
    // The admin uses Google too, so the body can carry the admin's real Google uid.
    const admin = await createVerifiedUser(t);
    const adminSub = `google-admin-${Math.random().toString(36).slice(2)}`;
    await client(t.url).post('/firebase-auth', { idToken: await signGoogle(claims({ sub: adminSub, email: admin.email })) });
    await t.db.kysely.updateTable('users').set({ role: 'admin' }).where('email', '=', admin.email).execute();
    const adminRow = await t.db.kysely
      .selectFrom('users')
      .select(['id', 'google_sub'])
      .where('email', '=', admin.email)
      .executeTakeFirstOrThrow();
    expect(adminRow.google_sub).toBe(adminSub);
    const payload = claims();
    const c = client(t.url);
    const answer = await c.post('/firebase-auth', {
      idToken: await signGoogle(payload),
      uid: adminSub,
      email: admin.email,
      name: 'Admin Impostor',
      picture: 'https://evil.example/p.png',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: payload.email, role: 'user', name: 'Gail Google', picture: payload.picture });
    expect(answer.body.user.id).not.toBe(adminRow.id);
    expect(await whoAmI(c)).toBe(payload.email);
    const mine = await t.db.kysely.selectFrom('users').select('google_sub').where('id', '=', answer.body.user.id).executeTakeFirstOrThrow();
    expect(mine.google_sub).toBe(payload.sub);
    const after = await t.db.kysely.selectFrom('users').selectAll().where('email', '=', admin.email).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ google_sub: adminSub, name: 'Test Person', role: 'admin' });
  });

  it("keys the account on the token's sub: a Google account whose email now names another account still gets its own", async () => {
    const first = claims();
    const own = (await client(t.url).post('/firebase-auth', { idToken: await signGoogle(first) })).body.user;
    const other = await createVerifiedUser(t);
    const answer = await client(t.url).post('/firebase-auth', {
      idToken: await signGoogle(claims({ sub: first.sub, email: other.email })),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(own.id);
    const otherRow = await t.db.kysely.selectFrom('users').select('google_sub').where('email', '=', other.email).executeTakeFirstOrThrow();
    expect(otherRow.google_sub).toBeNull();
  });

  it('links a first Google sign-in to the verified account with that email; the password still works', async () => {
    const account = await createVerifiedUser(t);
    const before = (await client(t.url).post('/login', { email: account.email, password: account.password })).body.user;
    const payload = claims({ email: account.email.toUpperCase() });
    const answer = await client(t.url).post('/firebase-auth', { idToken: await signGoogle(payload) });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: before.id, name: 'Test Person' });
    const row = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(row.google_sub).toBe(payload.sub);
    expect((await client(t.url).post('/login', { email: account.email, password: account.password })).status).toBe(200);
    // A new way into a password account is told to its owner.
    const notice = await t.mail.waitFor(account.email, (m) => /Google sign-in was added/.test(m.subject));
    expect(notice.raw).toMatch(/reset your password now/);
  });

  it('takes over an unverified registration of the same email without keeping its unproven password', async () => {
    const email = uniqueEmail('squatted');
    await client(t.url).post('/register', { name: 'Squatter', email, password: 'squatter-pass-1' });
    const answer = await client(t.url).post('/firebase-auth', { idToken: await signGoogle(claims({ email })) });
    expect(answer.status).toBe(200);
    expect(answer.body.user.emailVerified).toBe(true);
    expect((await client(t.url).post('/login', { email, password: 'squatter-pass-1' })).status).toBe(401);
  });

  it('refuses an email already linked to another Google account, and leaves that link alone', async () => {
    const first = claims();
    await client(t.url).post('/firebase-auth', { idToken: await signGoogle(first) });
    const c = client(t.url);
    const answer = await c.post('/firebase-auth', { idToken: await signGoogle(claims({ email: first.email })) });
    expect(answer).toMatchObject({ status: 409, body: { error: serverError.googleOtherAccount } });
    expect(await whoAmI(c)).toBeNull();
    const row = await t.db.kysely
      .selectFrom('users')
      .select('google_sub')
      .where('email', '=', first.email as string)
      .executeTakeFirstOrThrow();
    expect(row.google_sub).toBe(first.sub);
  });

  // null: the email's local part.
  const names: Array<[string, unknown, string | null]> = [
    ['control characters are removed', '\u0007Ada\u0000 Lovelace\n', 'Ada Lovelace'],
    ['direction overrides and zero-width characters are removed', '\u202EAda\u200B Love\u2066lace\uFEFF', 'Ada Lovelace'],
    [`a long name is cut to ${NAME_MAX} characters`, 'N'.repeat(300), 'N'.repeat(NAME_MAX)],
    ["a missing name becomes the email's local part", undefined, null],
    ["a blank name becomes the email's local part", '  \t ', null],
    ["a name that is not text becomes the email's local part", { first: 'Ada' }, null],
  ];
  for (const [label, name, expected] of names) {
    it(`takes a new user's name from the token: ${label}`, async () => {
      const email = uniqueEmail('local.part');
      const answer = await client(t.url).post('/firebase-auth', { idToken: await signGoogle(claims({ name, email })) });
      expect(answer.status).toBe(200);
      expect(answer.body.user.name).toBe(expected ?? email.split('@')[0]);
    });
  }

  const pictures: Array<[string, unknown]> = [
    ['an http URL', 'http://lh3.googleusercontent.com/a/photo.jpg'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:image/png;base64,AAAA'],
    ['a URL over 2048 characters', `https://lh3.googleusercontent.com/${'a'.repeat(2048)}`],
    ['not a URL', 'just words'],
  ];
  for (const [label, picture] of pictures) {
    it(`keeps no picture for ${label}`, async () => {
      const answer = await client(t.url).post('/firebase-auth', { idToken: await signGoogle(claims({ picture })) });
      expect(answer.status).toBe(200);
      expect(answer.body.user.picture).toBeNull();
    });
  }

  it('refuses bad bodies with a clear 400 and creates nothing', async () => {
    const count = async () => (await t.db.kysely.selectFrom('users').select('id').execute()).length;
    const before = await count();
    const valid = await signGoogle(claims());
    for (const body of [
      {},
      { idToken: 42 },
      { idToken: null },
      { idToken: '' },
      { idToken: valid, role: 'admin' },
      { idToken: 'x'.repeat(9000) },
      [valid],
    ]) {
      const answer = await client(t.url).post('/firebase-auth', body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.error).toBe('string');
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(await count()).toBe(before);
  });

  describe('rate limit', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp(engine, { env: googleEnv(keyServer.url, { TRUST_PROXY: '127.0.0.1' }) });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('stops an IP after 30 attempts (like login) with 429 and Retry-After, even for a valid token', async () => {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      for (let attempt = 0; attempt < 30; attempt += 1) {
        expect((await client(limited.url).post('/firebase-auth', { idToken: 'not.a.token' }, from('203.0.113.7'))).status).toBe(401);
      }
      const blocked = await client(limited.url).post('/firebase-auth', { idToken: await signGoogle(claims()) }, from('203.0.113.7'));
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.headers.getSetCookie()).toEqual([]);
      // Another IP is not affected.
      expect((await client(limited.url).post('/firebase-auth', { idToken: await signGoogle(claims()) }, from('203.0.113.8'))).status).toBe(
        200,
      );
    });
  });
});

describe("Google's key set", () => {
  let keys: Awaited<ReturnType<typeof startKeyServer>>;
  let t: TestApp;
  beforeAll(async () => {
    keys = await startKeyServer([google.jwk], 300);
    t = await startTestApp('sqlite', { env: googleEnv(keys.url, { RATE_LIMIT_MULTIPLIER: '1000' }) });
  });
  afterAll(async () => {
    await t?.close();
    await keys?.close();
  });

  // Tokens follow the app's clock, which these tests move forward.
  const signIn = async (key = google.privateKey, kid = 'key-1') =>
    (await client(t.url).post('/firebase-auth', { idToken: await sign(claims({}, t.clock.now()), key, { kid }) })).status;

  it('is fetched once and reused while its max-age lasts, by concurrent sign-ins too', async () => {
    expect(await Promise.all([signIn(), signIn(), signIn()])).toEqual([200, 200, 200]);
    expect(await signIn()).toBe(200);
    expect(keys.state.fetches).toBe(1);
  });

  it('is refetched for an unknown key id at most every 30 seconds, which picks up a rotated-in key', async () => {
    t.clock.advance(31_000);
    const rotated = await keyPair('RS256', 'key-rotated');
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await signIn(rotated.privateKey, 'key-rotated')).toBe(401);
    expect(keys.state.fetches).toBe(2);
    keys.state.keys = [google.jwk, rotated.jwk];
    expect(await signIn(rotated.privateKey, 'key-rotated')).toBe(401);
    expect(keys.state.fetches).toBe(2);
    t.clock.advance(31_000);
    expect(await signIn(rotated.privateKey, 'key-rotated')).toBe(200);
    expect(keys.state.fetches).toBe(3);
  });

  it('is refetched once its max-age has passed, so a key Google withdrew stops working', async () => {
    keys.state.keys = [];
    expect(await signIn()).toBe(200);
    t.clock.advance(301_000);
    expect(await signIn()).toBe(401);
    expect(keys.state.fetches).toBe(4);
  });

  it('answers 503, not a session, while the key set cannot be fetched', async () => {
    keys.state.failing = true;
    t.clock.advance(301_000);
    const c = client(t.url);
    const answer = await c.post('/firebase-auth', { idToken: await sign(claims({}, t.clock.now()), google.privateKey) });
    expect(answer).toMatchObject({ status: 503, body: { error: serverError.unavailable } });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await whoAmI(c)).toBeNull();
    keys.state.failing = false;
    keys.state.keys = [google.jwk];
    expect(await signIn()).toBe(200);
  });

  it("judges exp by the app's clock, not the machine's", async () => {
    // Expired 40 s ago on the app's clock (ahead by now), though still in the future on the machine's.
    const appNow = Math.floor(t.clock.now() / 1000);
    expect(appNow - seconds()).toBeGreaterThan(120);
    const idToken = await sign(claims({ iat: appNow - 100, auth_time: appNow - 100, exp: appNow - 40 }, t.clock.now()), google.privateKey);
    expect((await client(t.url).post('/firebase-auth', { idToken })).status).toBe(401);
    expect(await signIn()).toBe(200);
  });
});

describe('Google sign-in without a Firebase project', () => {
  const app = useTestApp('sqlite');
  it('says it is not configured and creates nothing', async () => {
    const answer = await client(app().url).post('/firebase-auth', { idToken: 'anything' });
    expect(answer).toMatchObject({ status: 501, body: { error: serverError.googleNotConfigured } });
    expect(app().config.google).toBeNull();
    expect(await app().db.kysely.selectFrom('users').select('id').execute()).toHaveLength(0);
  });
});
