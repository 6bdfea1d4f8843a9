import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityError } from '#src/shared/account-security/messages.ts';
import { SECOND_STEP_TTL_MS } from '#src/shared/account-security/paths.ts';
import { serverError } from '#src/shared/server-messages.ts';
import {
  client,
  createVerifiedUser,
  signedInClient,
  startTestApp,
  useTestApp,
  whoAmI,
  type TestApp,
} from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { startFakeGoogle } from '../../../tests/support/fake-google.ts';
import { currentStep, totpAt } from '../../../tests/support/totp.ts';
import { decodedMail, del } from '../../../tests/support/workspaces.ts';
import { enableTwoFactor, firstStep } from '../../../tests/support/two-factor.ts';

async function enabledAccount(t: TestApp) {
  const account = await createVerifiedUser(t);
  const c = await signedInClient(t, account);
  return { account, c, ...(await enableTwoFactor(c)) };
}

describe.each(engines)('two-factor sign-in on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it('sets up with the secret as text, an otpauth URI and a QR code drawn here; the seed is stored sealed', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    const setup = await c.post('/account/two-factor/setup', {});
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Tessera:/);
    expect(setup.body.otpauthUri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const me = (await c.get('/current-user')).body.user.id;
    const row = await t.db.kysely.selectFrom('two_factor').selectAll().where('user_id', '=', me).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(setup.body.secret);
    expect(row.enabled_at).toBeNull();
    // Not on until confirmed: the password alone still signs in.
    expect((await client(t.url).post('/login', { email: account.email, password: account.password })).body.user.email).toBe(account.email);
  });

  it('turns on only with a right first code, then gives ten single-use recovery codes, audited and emailed', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    expect(await c.post('/account/two-factor/confirm', { code: '123456' })).toMatchObject({
      status: 400,
      body: { error: securityError.setupFirst },
    });
    const setup = await c.post('/account/two-factor/setup', {});
    const wrong = String((Number(totpAt(setup.body.secret, currentStep())) + 1) % 1_000_000).padStart(6, '0');
    expect(await c.post('/account/two-factor/confirm', { code: wrong })).toMatchObject({
      status: 400,
      body: { error: securityError.codeWrong },
    });
    const confirmed = await c.post('/account/two-factor/confirm', { code: totpAt(setup.body.secret, currentStep()) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const me = (await c.get('/current-user')).body.user.id;
    const stored = await t.db.kysely.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', me).execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(confirmed.body.recoveryCodes.join()).not.toContain(code_hash);
    const overview = await c.get('/account/security');
    expect(overview.body.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(overview.body.events[0].action).toBe('two-factor.enable');
    const mail = await t.mail.waitFor(account.email, (m) => /Two-factor sign-in is on/.test(m.subject));
    expect(decodedMail(mail)).not.toContain(setup.body.secret);
    expect((await c.post('/account/two-factor/setup', {})).status).toBe(409);
  });

  it('asks for a code after the right password: a second-step token and no session until the code', async () => {
    const t = app();
    const { account, secret } = await enabledAccount(t);
    const browser = client(t.url);
    const token = await firstStep(browser, account);
    expect(await whoAmI(browser)).toBeNull();
    expect(await t.db.kysely.selectFrom('sign_in_challenges').select('token_hash').where('token_hash', '=', token).execute()).toEqual([]);
    const done = await browser.post('/login/second-step', { token, code: totpAt(secret, currentStep()) });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(account.email);
    expect(await whoAmI(browser)).toBe(account.email);
    // A wrong password never reaches the second step.
    expect((await client(t.url).post('/login', { email: account.email, password: 'wrong-password-1' })).status).toBe(401);
  });

  it('refuses a code replayed within its window, even in a new sign-in', async () => {
    const t = app();
    const { account, secret } = await enabledAccount(t);
    const code = totpAt(secret, currentStep());
    expect((await client(t.url).post('/login/second-step', { token: await firstStep(client(t.url), account), code })).status).toBe(200);
    const again = client(t.url);
    const replay = await again.post('/login/second-step', { token: await firstStep(again, account), code });
    expect(replay).toMatchObject({ status: 400, body: { error: securityError.codeWrong } });
    expect(await whoAmI(again)).toBeNull();
    // An older step than the last one used is refused too; the next step is still accepted.
    const token = await firstStep(again, account);
    expect((await again.post('/login/second-step', { token, code: totpAt(secret, currentStep() - 1) })).status).toBe(400);
    expect((await again.post('/login/second-step', { token, code: totpAt(secret, currentStep() + 1) })).status).toBe(200);
  });

  it('accepts each recovery code once, and tells the owner by email', async () => {
    const t = app();
    const { account, c, recoveryCodes } = await enabledAccount(t);
    const [first] = recoveryCodes;
    const a = client(t.url);
    // Typed in lower case without the dash: the same code.
    const used = await a.post('/login/second-step', { token: await firstStep(a, account), code: first!.replace('-', '').toLowerCase() });
    expect(used.status).toBe(200);
    await t.mail.waitFor(account.email, (m) => /recovery code was used/.test(m.subject));
    const b = client(t.url);
    const again = await b.post('/login/second-step', { token: await firstStep(b, account), code: first });
    expect(again).toMatchObject({ status: 400, body: { error: securityError.codeWrong } });
    expect((await c.get('/account/security')).body.twoFactor.recoveryCodesLeft).toBe(9);
  });

  it('spends the second-step token on success, and lets it expire after five minutes', async () => {
    const t = app();
    const { account, secret, recoveryCodes } = await enabledAccount(t);
    const a = client(t.url);
    const token = await firstStep(a, account);
    expect((await a.post('/login/second-step', { token, code: totpAt(secret, currentStep()) })).status).toBe(200);
    const reuse = await client(t.url).post('/login/second-step', { token, code: recoveryCodes[0] });
    expect(reuse).toMatchObject({ status: 400, body: { error: securityError.secondStepExpired } });

    const late = await firstStep(client(t.url), account);
    t.clock.advance(SECOND_STEP_TTL_MS);
    try {
      const expired = await client(t.url).post('/login/second-step', { token: late, code: recoveryCodes[1] });
      expect(expired).toMatchObject({ status: 400, body: { error: securityError.secondStepExpired } });
    } finally {
      t.clock.advance(-SECOND_STEP_TTL_MS);
    }
  });

  it('voids the second-step token after five wrong codes', async () => {
    const t = app();
    const { account, recoveryCodes } = await enabledAccount(t);
    const a = client(t.url);
    const token = await firstStep(a, account);
    for (let i = 0; i < 5; i++) {
      expect((await a.post('/login/second-step', { token, code: '000000' })).body.error).toBe(securityError.codeWrong);
    }
    expect(await a.post('/login/second-step', { token, code: recoveryCodes[0] })).toMatchObject({
      status: 400,
      body: { error: securityError.secondStepExpired },
    });
  });

  it('keeps two-factor sign-in on through a password reset', async () => {
    const t = app();
    const { account, secret } = await enabledAccount(t);
    await client(t.url).post('/forgot-password', { email: account.email });
    const mail = await t.mail.waitFor(account.email, (m) => /reset code/.test(m.subject));
    const newPassword = 'a-brand-new-passphrase-9';
    expect((await client(t.url).post('/reset-password', { email: account.email, code: mail.code, newPassword })).status).toBe(200);
    const a = client(t.url);
    const token = await firstStep(a, { email: account.email, password: newPassword });
    expect((await a.post('/login/second-step', { token, code: totpAt(secret, currentStep()) })).status).toBe(200);
  });

  it('turns off only with the password and a code, audited and emailed', async () => {
    const t = app();
    const { account, c, secret } = await enabledAccount(t);
    const code = totpAt(secret, currentStep());
    expect(await del(c, '/account/two-factor', { code })).toMatchObject({ status: 400 });
    expect(await del(c, '/account/two-factor', { password: 'not-my-password', code })).toMatchObject({
      status: 400,
      body: { error: securityError.passwordWrong },
    });
    expect(await del(c, '/account/two-factor', { password: account.password, code: '000000' })).toMatchObject({
      status: 400,
      body: { error: securityError.codeWrong },
    });
    expect((await c.get('/account/security')).body.twoFactor.enabled).toBe(true);
    expect((await del(c, '/account/two-factor', { password: account.password, code })).status).toBe(200);
    const me = (await c.get('/current-user')).body.user.id;
    expect(await t.db.kysely.selectFrom('recovery_codes').selectAll().where('user_id', '=', me).execute()).toHaveLength(0);
    await t.mail.waitFor(account.email, (m) => /Two-factor sign-in is off/.test(m.subject));
    expect((await client(t.url).post('/login', { email: account.email, password: account.password })).body.user.email).toBe(account.email);
    expect((await c.get('/account/security')).body.events.map((e: { action: string }) => e.action)).toContain('two-factor.disable');
  });

  it('needs a session for every account call', async () => {
    const t = app();
    const guest = client(t.url);
    for (const answer of [
      await guest.get('/account/security'),
      await guest.post('/account/two-factor/setup', {}),
      await guest.post('/account/two-factor/confirm', { code: '123456' }),
      await del(guest, '/account/two-factor', { password: 'x', code: '123456' }),
      await guest.get('/account/exports'),
      await guest.post('/account/exports', {}),
      await del(guest, '/account', { password: 'x' }),
    ]) {
      expect(answer).toMatchObject({ status: 401, body: { error: serverError.notSignedIn } });
    }
  });
});

describe.each(engines)('two-factor limits on %s', (engine) => {
  const app = useTestApp(engine);

  it('limits wrong codes per account, like passwords', async () => {
    const t = app();
    const { account, secret } = await enabledAccount(t);
    const a = client(t.url);
    // Ten codes per account from one address in 15 minutes: the first (turning it on) and nine wrong ones;
    // the eleventh is refused even when right.
    let token = '';
    for (let i = 0; i < 9; i++) {
      if (i % 5 === 0) token = await firstStep(a, account);
      expect((await a.post('/login/second-step', { token, code: '000000' })).status).toBe(400);
    }
    token = await firstStep(a, account);
    const limited = await a.post('/login/second-step', { token, code: totpAt(secret, currentStep()) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await whoAmI(a)).toBeNull();
  });
});

describe.each(engines)('two-factor with Google sign-in on %s', (engine) => {
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  let t: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await startTestApp(engine, { env: { ...google.env, RATE_LIMIT_MULTIPLIER: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('asks Google sign-ins for the second step too', async () => {
    const identity = google.identity();
    const c = client(t.url);
    expect((await c.post('/firebase-auth', { idToken: await google.idToken(identity) })).status).toBe(200);
    const { secret } = await enableTwoFactor(c);
    const b = client(t.url);
    const first = await b.post('/firebase-auth', { idToken: await google.idToken(identity) });
    expect(first.body.user).toBeUndefined();
    expect(await whoAmI(b)).toBeNull();
    const done = await b.post('/login/second-step', { token: first.body.secondStep.token, code: totpAt(secret, currentStep()) });
    expect(done.body.user.email).toBe(identity.email);
    // Without a password, turning it off takes a fresh Google sign-in of the same account.
    const other = google.identity();
    expect(
      await del(b, '/account/two-factor', { idToken: await google.idToken(other), code: totpAt(secret, currentStep() + 1) }),
    ).toMatchObject({
      status: 400,
      body: { error: securityError.googleMismatch },
    });
    const off = await del(b, '/account/two-factor', { idToken: await google.idToken(identity), code: totpAt(secret, currentStep() + 1) });
    expect(off.status).toBe(200);
  });
});
