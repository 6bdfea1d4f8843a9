import { describe, expect, it } from 'vitest';
import { serverError } from '#src/shared/server-messages.ts';
import { client, uniqueEmail, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// product rules S4: argon2id (m = 19 MiB, t = 2, p = 1); at least 6 and at most 128 characters; the
// most common passwords refused with a clear message.
describe.each(engines)('passwords on %s', (engine) => {
  const app = useTestApp(engine);
  const register = (password: string) => client(app().url).post('/register', { name: 'Pass Word', email: uniqueEmail('pw'), password });

  it('stores an argon2id hash with the OWASP parameters, never the password', async () => {
    const t = app();
    const email = uniqueEmail('hash');
    await client(t.url).post('/register', { name: 'Hash', email, password: 'a-fine-secret' });
    const row = await t.db.kysely.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain('a-fine-secret');
  });

  it('holds the spec minimum of 6 and a maximum of 128', async () => {
    expect(await register('a1b2c')).toMatchObject({ status: 400, body: { error: 'Password must be at least 6 characters long.' } });
    expect((await register('a1b2c3-unusual')).status).toBe(201);
    expect((await register('Long walks on quiet beaches 42 '.repeat(4).slice(0, 128))).status).toBe(201);
    expect(await register('x'.repeat(129))).toMatchObject({ status: 400, body: { error: 'Password must be at most 128 characters.' } });
  });

  it('refuses the most common passwords', async () => {
    for (const password of ['password', 'qwerty123', 'iloveyou', 'PASSWORD1', '123456789']) {
      expect(await register(password)).toMatchObject({ status: 400, body: { error: serverError.passwordWeak } });
    }
  });

  // These passed the common-password list.
  it('refuses passwords that are easy to guess, also from the name, the email or the product', async () => {
    for (const password of ['aaaaaa', 'tessera123', 'passwordpassword', 'abcdefgh']) {
      expect(await register(password)).toMatchObject({ status: 400, body: { error: serverError.passwordWeak } });
    }
    const named = await client(app().url).post('/register', {
      name: 'Quintus Wolfhart',
      email: uniqueEmail('qw'),
      password: 'QuintusWolfhart',
    });
    expect(named).toMatchObject({ status: 400, body: { error: serverError.passwordWeak } });
  });

  // "Café" typed as e + combining accent (NFD) is the same password as with é (NFC).
  it('treats a password the same however its accents are composed', async () => {
    const t = app();
    const email = uniqueEmail('nfc');
    const nfc = 'Café au lait 77';
    expect((await client(t.url).post('/register', { name: 'Accent', email, password: nfc.normalize('NFD') })).status).toBe(201);
    const { code } = await t.mail.waitFor(email, (m) => /verification/.test(m.subject));
    expect((await client(t.url).post('/verify-email', { email, code })).status).toBe(200);
    expect((await client(t.url).post('/login', { email, password: nfc.normalize('NFC') })).status).toBe(200);
    expect((await client(t.url).post('/login', { email, password: nfc.normalize('NFD') })).status).toBe(200);
  });
});
