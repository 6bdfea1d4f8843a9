import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '#src/shared/limits.ts';
import { serverError } from '#src/shared/messages.ts';
import { client, uniqueEmail, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// DESIGN security rule: 6 characters from an unambiguous upper-case alphabet, CSPRNG, stored hashed,
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

  it('tells a wrong code apart and voids the code after 5 wrong tries', async () => {
    const { c, email, code } = await registered(app());
    for (let i = 0; i < 4; i++)
      expect((await c.post('/verify-email', { email, code: other(code) })).body).toEqual({ error: serverError.codeWrong });
    expect((await c.post('/verify-email', { email, code: other(code) })).body).toEqual({ error: serverError.codeExhausted });
    expect((await c.post('/verify-email', { email, code })).status).toBe(400);
  });

  it('expires after 10 minutes with its own message', async () => {
    const t = app();
    const { c, email, code } = await registered(t);
    t.clock.advance(10 * 60_000 + 1000);
    expect(await c.post('/verify-email', { email, code })).toMatchObject({ status: 400, body: { error: serverError.codeExpired } });
  });

  it('is voided by a newer code and works only once', async () => {
    const t = app();
    const { c, email, code: first } = await registered(t);
    expect((await c.post('/resend-verification', { email })).status).toBe(200);
    const second = (await t.mail.waitFor(email, (m) => /verification/.test(m.subject) && m.code !== first)).code!;
    expect((await c.post('/verify-email', { email, code: first })).body).toEqual({ error: serverError.codeWrong });
    expect((await c.post('/verify-email', { email, code: second.toLowerCase() })).status).toBe(200);
    expect((await c.post('/verify-email', { email, code: second })).body).toEqual({ error: serverError.alreadyVerified });
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
