import { beforeEach, describe, expect, it } from 'vitest';
import { limits } from '#src/server/http/rate-limit.ts';
import { client, createVerifiedUser, uniqueEmail, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// DESIGN security rule: per-IP and per-account limits on login, register, verify, resend, forgot and reset
// (429 with Retry-After), counted in the database.
describe.each(engines)('rate limits on %s', (engine) => {
  const app = useTestApp(engine, { env: { TRUST_PROXY: 'true' } });
  let t: TestApp;
  beforeEach(() => {
    t = app();
  });

  it('limits sign-in attempts per account, from any address, with Retry-After', async () => {
    const account = await createVerifiedUser(t);
    const max = limits.login.account.max;
    const answers = [];
    for (let i = 0; i < max + 3; i++) {
      // Each attempt from a different address: only the per-account counter can stop them.
      answers.push(
        await client(t.url).post('/login', { email: account.email, password: 'wrong-guess-1' }, { 'x-forwarded-for': `10.1.0.${i}` }),
      );
    }
    expect(answers.slice(0, max).every((answer) => answer.status === 401)).toBe(true);
    const limited = answers.slice(max);
    expect(limited.every((answer) => answer.status === 429)).toBe(true);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited[0]!.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // Even the right password waits until the window ends…
    expect(
      (await client(t.url).post('/login', { email: account.email, password: account.password }, { 'x-forwarded-for': '10.1.1.1' })).status,
    ).toBe(429);
    // …and works once it has.
    t.clock.advance(limits.login.account.windowMs + 1000);
    expect(
      (await client(t.url).post('/login', { email: account.email, password: account.password }, { 'x-forwarded-for': '10.1.1.2' })).status,
    ).toBe(200);
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
      Array.from({ length: 60 }, (_, i) =>
        client(t.url).post(
          '/login',
          { email: account.email, password: 'wrong-guess-2' },
          { 'x-forwarded-for': `10.3.${Math.floor(i / 200)}.${i % 200}` },
        ),
      ),
    );
    const through = burst.filter((answer) => answer.status !== 429).length;
    expect(through).toBe(limits.login.account.max);
  });
});
