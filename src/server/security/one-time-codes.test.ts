import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '#src/shared/limits.ts';
import { serverError } from '#src/shared/server-messages.ts';
import { client, uniqueEmail, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// product rules S3: 6 characters from an unambiguous upper-case alphabet, CSPRNG, stored hashed,
// 10 minutes, single use, a new code voids the old one, 5 wrong tries void the code.
describe.each(engines)('one-time codes on %s', (engine) => {
  const app = useTestApp(engine);

  async function registered(t: TestApp) {
    const email = uniqueEmail('codes');
    const c = client(t.url);
    await c.post('/register', { name: 'Code Tester', email, password: 'code-tester-pass' });
    const { code } = await t.mail.waitFor(email, (m) => /verification/.test(m.subject));
    return { c, email, code: code! };
  }
  const other = (code: string) => (code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');

  it('uses 6 characters of the unambiguous alphabet and stores only a hash', async () => {
    const t = app();
    const { code } = await registered(t);
    expect(code).toHaveLength(6);
    expect([...code].every((char) => CODE_ALPHABET.includes(char))).toBe(true);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    const stored = await t.db.kysely.selectFrom('codes').select('code_hash').execute();
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.code_hash) && !row.code_hash.includes(code))).toBe(true);
  });

  // With 31^6 codes, an unkeyed hash gave anyone who can read the database every live code.
  it('keys the stored hash with APP_SECRET, so the database alone cannot reveal a live code', async () => {
    const t = app();
    const { email, code } = await registered(t);
    const { id } = await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const row = await t.db.kysely.selectFrom('codes').select('code_hash').where('user_id', '=', id).executeTakeFirstOrThrow();
    const input = `${id}:verify:${code}`;
    expect(row.code_hash).not.toBe(createHash('sha256').update(input).digest('hex'));
    expect(row.code_hash).toBe(createHmac('sha256', t.config.appSecret).update(input).digest('hex'));
  });

  // Mail to an address not yet verified may reach someone who never asked for it.
  it('mails a code to an unverified address with no text the registrant chose, and never in the subject', async () => {
    const t = app();
    const email = uniqueEmail('plain');
    await client(t.url).post('/register', { name: 'Visit evil.example now', email, password: 'code-tester-pass' });
    const mail = await t.mail.waitFor(email, (m) => /verification/.test(m.subject));
    expect(mail.raw).not.toMatch(/evil/);
    expect(mail.subject).not.toContain(mail.code!);
  });

  it('voids the code after 5 wrong tries', async () => {
    const { c, email, code } = await registered(app());
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/verify-email', { email, code: other(code) })).body).toEqual({ error: serverError.codeInvalid });
    }
    expect(await c.post('/verify-email', { email, code })).toMatchObject({ status: 400, body: { error: serverError.codeInvalid } });
  });

  it('expires after 10 minutes', async () => {
    const t = app();
    const { c, email, code } = await registered(t);
    t.clock.advance(10 * 60_000 + 1000);
    expect(await c.post('/verify-email', { email, code })).toMatchObject({ status: 400, body: { error: serverError.codeInvalid } });
  });

  it('is voided by a newer code and works only once', async () => {
    const t = app();
    const { c, email, code: first } = await registered(t);
    expect((await c.post('/resend-verification', { email })).status).toBe(200);
    const second = (await t.mail.waitFor(email, (m) => /verification/.test(m.subject) && m.code !== first)).code!;
    expect((await c.post('/verify-email', { email, code: first })).body).toEqual({ error: serverError.codeInvalid });
    expect((await c.post('/verify-email', { email, code: second.toLowerCase() })).status).toBe(200);
    expect((await c.post('/verify-email', { email, code: second })).body).toEqual({ error: serverError.codeInvalid });
  });

  it('lets a reset code be used once, even by two requests at the same moment', async () => {
    const t = app();
    const email = uniqueEmail('race');
    const c = client(t.url);
    await c.post('/register', { name: 'Racer', email, password: 'racer-pass-one' });
    await c.post('/forgot-password', { email });
    const { code } = await t.mail.waitFor(email, (m) => /reset/.test(m.subject));
    const answers = await Promise.all([
      c.post('/reset-password', { email, code, newPassword: 'racer-pass-two' }),
      c.post('/reset-password', { email, code, newPassword: 'racer-pass-three' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});
