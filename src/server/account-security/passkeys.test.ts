import { describe, expect, it } from 'vitest';
import { PASSKEY_RECENT_SIGN_IN_MS, passkeyError, passkeyPaths as paths } from '#src/shared/account-security/passkeys.ts';
import { del } from '../../../tests/support/workspaces.ts';
import {
  client,
  createVerifiedUser,
  signedInClient,
  useTestApp,
  whoAmI,
  type Client,
  type TestApp,
} from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { softAuthenticator } from '../../../tests/support/soft-authenticator.ts';
import { enableTwoFactor } from '../../../tests/support/two-factor.ts';

type Authenticator = ReturnType<typeof softAuthenticator>;

async function addPasskey(t: TestApp, c: Client, authenticator: Authenticator, name = 'Work laptop') {
  const { body } = await c.post(paths.registrationOptions, {});
  const response = authenticator.register(body.options, { origin: t.config.publicOrigin });
  return c.post(
    paths.list,
    { challengeId: body.challengeId, name, response },
    { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0' },
  );
}

async function signInWith(
  t: TestApp,
  c: Client,
  authenticator: Authenticator,
  overrides: { origin?: string; rpId?: string; unverified?: boolean } = {},
) {
  const { body } = await c.post(paths.signInOptions, {});
  const response = authenticator.authenticate(body.options, { origin: overrides.origin ?? t.config.publicOrigin, ...overrides });
  return { answer: await c.post(paths.signIn, { challengeId: body.challengeId, response }), challengeId: body.challengeId, response };
}

const passkeyCount = async (t: TestApp, email: string) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('passkeys as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('u.email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(engines)('passkeys on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it('adds a passkey named and with its device, audited and emailed; it then signs in alone, even with two-factor on', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    await enableTwoFactor(c);
    const authenticator = softAuthenticator();

    const added = await addPasskey(t, c, authenticator);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.passkey).toMatchObject({ name: 'Work laptop', device: 'Chrome 131 on Linux', lastUsedAt: null });
    expect((await c.get(paths.list)).body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    expect((await t.mail.waitFor(account.email, (mail) => mail.subject.includes('passkey was added'))).raw).toContain('Work laptop');
    const events = (await c.get('/account/security')).body.events.map((e: { action: string }) => e.action);
    expect(events).toContain('passkey.add');

    const browser = client(t.url);
    const { answer } = await signInWith(t, browser, authenticator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.user.email).toBe(account.email);
    expect(answer.body.secondStep).toBeUndefined();
    expect(await whoAmI(browser)).toBe(account.email);
    expect((await c.get(paths.list)).body.passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed challenge, another origin, another relying party, no user verification and a counter that went back', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    const authenticator = softAuthenticator();
    expect((await addPasskey(t, c, authenticator)).status).toBe(201);

    const first = await signInWith(t, client(t.url), authenticator);
    expect(first.answer.status).toBe(200);
    const replay = await client(t.url).post(paths.signIn, { challengeId: first.challengeId, response: first.response });
    expect(replay).toMatchObject({ status: 400, body: { error: passkeyError.challengeExpired } });

    for (const wrong of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { unverified: true }]) {
      const stranger = client(t.url);
      const { answer } = await signInWith(t, stranger, authenticator, wrong);
      expect([JSON.stringify(wrong), answer.status, answer.body]).toEqual([
        JSON.stringify(wrong),
        400,
        { error: passkeyError.notVerified },
      ]);
      expect(await whoAmI(stranger)).toBeNull();
    }

    authenticator.setCounter(0);
    const cloned = await signInWith(t, client(t.url), authenticator);
    expect(cloned.answer).toMatchObject({ status: 400, body: { error: passkeyError.notVerified } });
  });

  it("keeps each account's passkeys its own: another account can neither see, rename nor remove them", async () => {
    const t = app();
    const owner = await signedInClient(t, await createVerifiedUser(t));
    const other = await signedInClient(t, await createVerifiedUser(t));
    const { body } = await addPasskey(t, owner, softAuthenticator());
    const path = paths.one.replace(':id', body.passkey.id);
    expect((await other.get(paths.list)).body.passkeys).toEqual([]);
    expect(await other.put(path, { name: 'Mine now' })).toMatchObject({ status: 404, body: { error: passkeyError.notFound } });
    expect(await del(other, path)).toMatchObject({ status: 404, body: { error: passkeyError.notFound } });
    expect((await owner.get(paths.list)).body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    // A passkey no account has cannot sign in.
    const { answer } = await signInWith(t, client(t.url), softAuthenticator());
    expect(answer).toMatchObject({ status: 400, body: { error: passkeyError.unknownPasskey } });
  });

  it('renames, and removes only after a recent sign-in; removal is emailed', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    const { body } = await addPasskey(t, c, softAuthenticator());
    const path = paths.one.replace(':id', body.passkey.id);
    expect((await c.put(path, { name: 'Phone' })).body.passkey.name).toBe('Phone');

    t.clock.advance(PASSKEY_RECENT_SIGN_IN_MS + 1000);
    expect(await del(c, path)).toMatchObject({ status: 403, body: { error: passkeyError.needsRecentSignIn } });
    const fresh = await signedInClient(t, account);
    expect((await del(fresh, path)).status).toBe(200);
    expect((await fresh.get(paths.list)).body.passkeys).toEqual([]);
    expect((await t.mail.waitFor(account.email, (mail) => mail.subject.includes('passkey was removed'))).raw).toContain('Phone');
  });

  it('answers bad input with 400 and adds nothing; needs a session to add', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    const authenticator = softAuthenticator();
    const { body } = await c.post(paths.registrationOptions, {});
    const response = authenticator.register(body.options, { origin: t.config.publicOrigin });
    const bad = [
      { challengeId: body.challengeId, name: '', response },
      { challengeId: body.challengeId, name: 'x'.repeat(61), response },
      { challengeId: body.challengeId, name: '\u3164', response },
      { challengeId: 'nope', name: 'Laptop', response },
      { challengeId: body.challengeId, name: 'Laptop', response: { ...response, type: 'password' } },
      {
        challengeId: body.challengeId,
        name: 'Laptop',
        response: { ...response, response: { ...response.response, attestationObject: 'A'.repeat(20_000) } },
      },
      { challengeId: body.challengeId, name: 'Laptop', response, extra: true },
    ];
    for (const input of bad) {
      const answer = await c.post(paths.list, input);
      expect(answer.status, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect((await c.call('POST', paths.list, '{"name":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await client(t.url).post(paths.registrationOptions, {})).status).toBe(401);
    expect(await passkeyCount(t, account.email)).toBe(0);
  });

  it('goes with the account when it is deleted', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    expect((await addPasskey(t, c, softAuthenticator())).status).toBe(201);
    expect(await passkeyCount(t, account.email)).toBe(1);
    const userId = (await c.get('/current-user')).body.user.id as string;
    expect((await del(c, '/account', { password: account.password })).status).toBe(200);
    expect(await t.db.kysely.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});
