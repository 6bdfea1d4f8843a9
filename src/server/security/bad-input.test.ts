import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createVerifiedUser, signedInClient, startTestApp, type Client, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

const MB = 'x'.repeat(1024 * 1024);

interface Endpoint {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  valid: Record<string, unknown>;
  optional?: string[];
  signedIn?: boolean;
}

const endpoints: Endpoint[] = [
  { method: 'POST', path: '/register', valid: { name: 'Bad Input', email: 'bad.input@example.com', password: 'fine-password-1' } },
  { method: 'POST', path: '/login', valid: { email: 'bad.input@example.com', password: 'fine-password-1' } },
  { method: 'POST', path: '/verify-email', valid: { email: 'bad.input@example.com', code: 'ABCDEF' } },
  { method: 'POST', path: '/resend-verification', valid: { email: 'bad.input@example.com' } },
  { method: 'POST', path: '/forgot-password', valid: { email: 'bad.input@example.com' } },
  { method: 'POST', path: '/reset-password', valid: { email: 'bad.input@example.com', code: 'ABCDEF', newPassword: 'fine-password-2' } },
  { method: 'PUT', path: '/update-profile', valid: { name: 'Bad Input', gender: 'male' }, optional: ['gender'], signedIn: true },
  { method: 'PUT', path: '/theme', valid: { theme: 'dark' }, signedIn: true },
  { method: 'PUT', path: '/change-password', valid: { currentPassword: 'tessera-pass-1', newPassword: 'fine-password-2' }, signedIn: true },
  { method: 'POST', path: '/account/two-factor/confirm', valid: { code: '123456' }, signedIn: true },
  { method: 'DELETE', path: '/account/two-factor', valid: { password: 'tessera-pass-1', code: '123456' }, signedIn: true },
  { method: 'POST', path: '/login/second-step', valid: { token: 'A'.repeat(43), code: '123456' } },
  { method: 'DELETE', path: '/account', valid: { password: 'tessera-pass-1' }, signedIn: true },
];

// Each case is [label, raw body or object, content type].
function badBodies({ valid, optional = [] }: Endpoint): Array<[string, unknown, string]> {
  const json = 'application/json';
  const keys = Object.keys(valid);
  const cases: Array<[string, unknown, string]> = [
    ['malformed JSON', '{"name": ', json],
    ['empty body', '', json],
    ['JSON array', '[]', json],
    ['JSON string', '"hello"', json],
    ['JSON null', 'null', json],
    ['wrong content type', JSON.stringify(valid), 'text/plain'],
    ['form content type', 'a=b', 'application/x-www-form-urlencoded'],
    ['extra field', { ...valid, isAdmin: true }, json],
    ['prototype pollution', `{"__proto__": {"role": "admin"}, ${JSON.stringify(valid).slice(1)}`, json],
    ['constructor key', { ...valid, constructor: { prototype: { role: 'admin' } } }, json],
    ['1 MB string', Object.fromEntries(keys.map((key) => [key, MB])), json],
  ];
  for (const key of keys) {
    const without = { ...valid };
    delete without[key];
    if (!optional.includes(key)) cases.push([`missing ${key}`, without, json]);
    cases.push([`empty ${key}`, { ...valid, [key]: '' }, json]);
    cases.push([`number ${key}`, { ...valid, [key]: 42 }, json]);
    cases.push([`object ${key}`, { ...valid, [key]: { $gt: '' } }, json]);
    cases.push([`array ${key}`, { ...valid, [key]: ['a'] }, json]);
    cases.push([`null ${key}`, { ...valid, [key]: null }, json]);
    cases.push([`control characters in ${key}`, { ...valid, [key]: 'a\u0000b\r\nBcc: x@evil.example' }, json]);
  }
  return cases;
}

describe.each(engines)('bad input on %s', (engine) => {
  let t: TestApp;
  let signedIn: Client;
  let snapshot: () => Promise<string>;

  beforeAll(async () => {
    t = await startTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '100000' } });
    const account = await createVerifiedUser(t);
    signedIn = await signedInClient(t, account);
    snapshot = async () => {
      const users = await t.db.kysely.selectFrom('users').selectAll().orderBy('id').execute();
      const sessions = await t.db.kysely.selectFrom('sessions').select(['token_hash', 'user_id']).orderBy('token_hash').execute();
      const codes = await t.db.kysely.selectFrom('codes').select(['user_id', 'purpose', 'code_hash']).orderBy('user_id').execute();
      return JSON.stringify({ users, sessions, codes });
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: every bad body gets a 4xx { error } and changes nothing`, async () => {
      const before = await snapshot();
      const c = endpoint.signedIn ? signedIn : client(t.url);
      const failures: string[] = [];
      for (const [label, body, type] of badBodies(endpoint)) {
        const raw = typeof body === 'string' ? body : JSON.stringify(body);
        const answer = await c.call(endpoint.method, endpoint.path, raw, { 'content-type': type });
        const okShape =
          answer.status >= 400 && answer.status < 500 && typeof answer.body?.error === 'string' && answer.body.error.length > 0;
        if (!okShape) failures.push(`${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
      expect(await snapshot()).toBe(before);
    });
  }

  it('stores SQL and HTML fragments as plain text', async () => {
    const name = `'); DROP TABLE users; -- <script>alert(1)</script>`;
    const answer = await signedIn.put('/update-profile', { name });
    expect(answer.status).toBe(200);
    expect((await signedIn.get('/current-user')).body.user.name).toBe(name);
    expect(await t.db.kysely.selectFrom('users').select('id').execute()).not.toHaveLength(0);
  });

  it('keeps unicode names intact and refuses an invalid gender', async () => {
    const answer = await signedIn.put('/update-profile', { name: 'Zoë Ñúñez 山田 🚀', gender: 'female' });
    expect(answer.status).toBe(200);
    expect(answer.body.user.name).toBe('Zoë Ñúñez 山田 🚀');
    const invalid = await signedIn.put('/update-profile', { name: 'Zoë', gender: 'robot' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatch(/Gender must be one of/);
  });
});
