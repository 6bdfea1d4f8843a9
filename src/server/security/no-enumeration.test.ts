import { describe, expect, it } from 'vitest';
import { serverError } from '#src/shared/messages.ts';
import { client, createVerifiedUser, uniqueEmail, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// DESIGN security rule: forgot-password and resend answer the same for unknown emails; login answers the
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
});
