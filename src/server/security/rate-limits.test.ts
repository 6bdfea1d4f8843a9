import { beforeEach, describe, expect, it } from 'vitest';
import { limits } from '#src/server/http/rate-limit.ts';
import { client, createVerifiedUser, uniqueEmail, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// product rules S6: per-IP and per-account limits on login, register, verify, resend, forgot and reset
// (429 with Retry-After), counted in the database.
describe.each(engines)('rate limits on %s', (engine) => {
  const app = useTestApp(engine, { env: { TRUST_PROXY: '127.0.0.1' } });
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  // Counting per account alone let anyone lock the owner out with ten wrong guesses.
  it('stops ten wrong passwords from one address, the right one included, while the owner signs in from elsewhere', async () => {
    const account = await createVerifiedUser(t);
    const max = limits.login.accountFromIp.max;
    const attacker = { 'x-forwarded-for': '10.1.0.1' };
    const answers = [];
    for (let i = 0; i < max + 2; i++) {
      answers.push(await client(t.url).post('/login', { email: account.email, password: 'wrong-guess-1' }, attacker));
    }
    expect(answers.slice(0, max).every((answer) => answer.status === 401)).toBe(true);
    const limited = answers.slice(max);
    expect(limited.every((answer) => answer.status === 429)).toBe(true);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited[0]!.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // The guessing address waits even with the right password…
    expect((await client(t.url).post('/login', { email: account.email, password: account.password }, attacker)).status).toBe(429);
    // …the owner elsewhere does not…
    expect(
      (await client(t.url).post('/login', { email: account.email, password: account.password }, { 'x-forwarded-for': '10.1.1.1' })).status,
    ).toBe(200);
    // …and the guessing address is let in again once the 15 minutes are over.
    t.clock.advance(limits.login.accountFromIp.windowMs + 1000);
    expect((await client(t.url).post('/login', { email: account.email, password: account.password }, attacker)).status).toBe(200);
  });

  it('keeps a much higher per-account ceiling across all addresses', async () => {
    const account = await createVerifiedUser(t);
    const max = limits.login.account.max;
    expect(max).toBeGreaterThanOrEqual(5 * limits.login.accountFromIp.max);
    const statuses = [];
    for (let i = 0; i < max + 2; i++) {
      // Each attempt from a different address: only the per-account ceiling can stop them.
      const from = { 'x-forwarded-for': `10.4.${Math.floor(i / 200)}.${i % 200}` };
      statuses.push((await client(t.url).post('/login', { email: account.email, password: 'wrong-guess-4' }, from)).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.slice(max)).toEqual([429, 429]);
  });

  it('limits one address across many accounts', async () => {
    const ip = '10.2.0.1';
    const max = limits.forgot.ip.max;
    const statuses = [];
    for (let i = 0; i < max + 2; i++) {
      statuses.push((await client(t.url).post('/forgot-password', { email: uniqueEmail('spray') }, { 'x-forwarded-for': ip })).status);
    }
    expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429]);
    expect((await client(t.url).post('/forgot-password', { email: uniqueEmail('other') }, { 'x-forwarded-for': '10.2.0.2' })).status).toBe(
      200,
    );
  });

  it('holds under a concurrent burst: at most the maximum gets through', async () => {
    const account = await createVerifiedUser(t);
    const burst = await Promise.all(
      Array.from({ length: 60 }, () =>
        client(t.url).post('/login', { email: account.email, password: 'wrong-guess-2' }, { 'x-forwarded-for': '10.3.0.1' }),
      ),
    );
    const through = burst.filter((answer) => answer.status !== 429).length;
    expect(through).toBe(limits.login.accountFromIp.max);
  });
});
