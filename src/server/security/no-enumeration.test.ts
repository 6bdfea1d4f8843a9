import { describe, expect, it } from 'vitest';
import { serverError } from '#src/shared/server-messages.ts';
import { client, createVerifiedUser, uniqueEmail, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// product rules S5: forgot-password and resend answer the same for unknown emails; login answers the
// same error for an unknown email and a wrong password.
describe.each(engines)('no account enumeration on %s', (engine) => {
  const app = useTestApp(engine);

  it('answers forgot-password and resend the same for known and unknown emails', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const unknown = uniqueEmail('nobody');
    for (const path of ['/forgot-password', '/resend-verification']) {
      const known = await client(t.url).post(path, { email: account.email });
      const missing = await client(t.url).post(path, { email: unknown });
      expect(missing.status).toBe(200);
      expect(missing.status).toBe(known.status);
      expect(missing.body).toEqual(known.body);
    }
  });

  it('answers login the same for an unknown email and a wrong password', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const wrong = await client(t.url).post('/login', { email: account.email, password: 'not-the-password' });
    const unknown = await client(t.url).post('/login', { email: uniqueEmail('ghost'), password: 'not-the-password' });
    expect(wrong).toMatchObject({ status: 401, body: { error: serverError.badCredentials } });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  // A taken address answered 409 "An account with this email already exists.".
  it('answers register the same for a taken and a new address, and mails the owner instead', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const body = (email: string) => ({ name: 'Mallory', email, password: 'quiet-river-stone' });
    const taken = await client(t.url).post('/register', body(account.email));
    const fresh = await client(t.url).post('/register', body(uniqueEmail('fresh')));
    expect(fresh.status).toBe(201);
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    expect(taken.body.user).toMatchObject({ name: 'Mallory', email: account.email, emailVerified: false, role: 'user' });
    expect(taken.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
    const notice = await t.mail.waitFor(account.email, (m) => /tried to create/.test(m.subject));
    expect(notice.code).toBeNull();
  });

  // "already verified", "not correct", "expired" and "too many" told accounts apart.
  it('gives one message for every code failure, whatever the account', async () => {
    const t = app();
    const verified = await createVerifiedUser(t);
    const pending = uniqueEmail('pending');
    await client(t.url).post('/register', { name: 'Pending', email: pending, password: 'quiet-river-stone' });
    await t.mail.waitFor(pending, (m) => /verification/.test(m.subject));
    const invalid = { status: 400, body: { error: serverError.codeInvalid } };
    for (const email of [verified.email, pending, uniqueEmail('nobody')]) {
      expect(await client(t.url).post('/verify-email', { email, code: 'AAAAAA' })).toMatchObject(invalid);
    }
    await client(t.url).post('/forgot-password', { email: verified.email });
    await t.mail.waitFor(verified.email, (m) => /reset/.test(m.subject));
    for (const email of [verified.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 6; i++) {
        const answer = await client(t.url).post('/reset-password', { email, code: 'AAAAAA', newPassword: 'quiet-river-stone' });
        expect(answer).toMatchObject(invalid);
      }
    }
    const { code } = await t.mail.waitFor(pending, (m) => /verification/.test(m.subject));
    t.clock.advance(11 * 60_000);
    expect(await client(t.url).post('/verify-email', { email: pending, code })).toMatchObject(invalid);
  });
});
