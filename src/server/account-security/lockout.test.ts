import { describe, expect, it } from 'vitest';
import { securityUi } from '#src/shared/account-security/messages.ts';
import { client, createVerifiedUser, signedInClient, useTestApp, whoAmI, type Client } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { currentStep, totpAt } from '../../../tests/support/totp.ts';
import { decodedMail } from '../../../tests/support/workspaces.ts';
import { WARN_AFTER_WRONG_CODES } from './service.ts';
import { enableTwoFactor } from '../../../tests/support/two-factor.ts';

// Guesses spread over many addresses fill an account's counters; the owner's own browser (its device
// cookie) still gets in, and the owner hears about wrong two-factor codes.
const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

async function login(c: Client, account: { email: string; password: string }, address: number) {
  return c.call('POST', '/login', { email: account.email, password: account.password }, from(address));
}

describe.each(engines)('account lock-outs on %s', (engine) => {
  // A fifth of every limit: a password 2 times per account and address and 20 per account in 15
  // minutes; a code 2 times per account and address and 6 per account.
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '0.2', TRUST_PROXY: '127.0.0.1' } });

  it('lets the owner’s browser sign in while guesses from many addresses hold the account', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const owner = await signedInClient(t, account);
    expect((await owner.get('/logout')).status).toBe(200);

    // Ten addresses, two wrong passwords each: the account-wide counter fills.
    const statuses: number[] = [];
    for (let n = 1; n <= 10; n++) {
      for (let i = 0; i < 2; i++) statuses.push((await login(client(t.url), { ...account, password: 'wrong-password-1' }, n)).status);
    }
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    expect(statuses.at(-1)).toBe(429);
    const stranger = await login(client(t.url), account, 50);
    expect(stranger.status).toBe(429);

    // The owner, on the browser they used before, from an address never seen: in.
    const back = await login(owner, account, 51);
    expect(back.status).toBe(200);
    expect(await whoAmI(owner)).toBe(account.email);
    // A device cookie copied onto another account's sign-in counts for nothing.
    const other = await createVerifiedUser(t);
    const forged = client(t.url);
    owner.jar.forEach((value, name) => name.endsWith('tessera_device') && forged.jar.set(name, value));
    for (let n = 60; n < 80; n++) await login(client(t.url), { ...other, password: 'wrong-password-1' }, n);
    expect((await login(forged, other, 81)).status).toBe(429);
  });

  it('caps wrong two-factor codes per day, tells the owner, and still lets their browser in', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const owner = await signedInClient(t, account);
    const { secret } = await enableTwoFactor(owner);
    expect((await owner.get('/logout')).status).toBe(200);

    // Someone with the password guesses codes from address after address.
    const attempts: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const attacker = client(t.url);
      const first = await login(attacker, account, n);
      if (first.status !== 200) {
        attempts.push(first.status);
        continue;
      }
      for (let i = 0; i < 2; i++) {
        const answer = await attacker.call('POST', '/login/second-step', { token: first.body.secondStep.token, code: '000000' }, from(n));
        attempts.push(answer.status);
      }
    }
    // Wrong codes are taken (and refused) until the account's counter stops every stranger.
    const wrong = attempts.filter((status) => status === 400).length;
    expect(wrong).toBeGreaterThanOrEqual(WARN_AFTER_WRONG_CODES);
    expect(attempts.at(-1)).toBe(429);

    const warning = await t.mail.waitFor(account.email, (mail) => /Wrong two-factor codes/.test(mail.subject));
    expect(decodedMail(warning)).toContain(`a wrong two-factor code ${WARN_AFTER_WRONG_CODES} times today`);
    expect(t.mail.messages.filter((mail) => mail.to.includes(account.email) && /Wrong two-factor codes/.test(mail.subject))).toHaveLength(
      1,
    );

    // The owner's browser: its password and its code go through, and its Security tab lists the failures.
    const first = await login(owner, account, 9);
    expect(first.status).toBe(200);
    const second = await owner.call(
      'POST',
      '/login/second-step',
      { token: first.body.secondStep.token, code: totpAt(secret, currentStep()) },
      from(9),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const activity = (await owner.get('/account/security')).body.events as Array<{ action: string }>;
    expect(activity.filter((event) => event.action === 'two-factor.failed')).toHaveLength(wrong);
    expect(securityUi.actions['two-factor.failed']).toBe('Wrong two-factor code entered');
  });
});
