import { describe, expect, it } from 'vitest';
import { client, createVerifiedUser, signedInClient, uniqueEmail, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// product rules S8: a profile update takes name and gender only.
describe.each(engines)('profile fields on %s', (engine) => {
  const app = useTestApp(engine);

  it('lets a profile update set neither role, email nor counters', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    for (const extra of [
      { role: 'admin' },
      { email: 'other@example.com' },
      { totalProject: 99 },
      { totalProspectsFetched: 5 },
      { emailVerified: false },
      { picture: 'https://x.example/p.png' },
    ]) {
      const answer = await c.put('/update-profile', { name: 'Sneaky', ...extra });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/^Unexpected field: "/);
    }
    const me = (await c.get('/current-user')).body.user;
    expect(me).toMatchObject({
      role: 'user',
      email: account.email,
      totalProject: 0,
      totalProspectsFetched: 0,
      name: 'Test Person',
      picture: null,
    });
  });

  it('needs a signed-in user', async () => {
    const t = app();
    expect((await client(t.url).put('/update-profile', { name: 'Nobody' })).status).toBe(401);
  });

  // A name shown to others must read as what it is: no direction overrides, C1 controls or
  // zero-width characters, whether registered or changed later.
  it('refuses names carrying direction overrides, C1 controls or zero-width characters', async () => {
    const t = app();
    const c = await signedInClient(t, await createVerifiedUser(t));
    for (const name of [
      'Ada\u202Egnp.exe',
      'Ada\u2066Lovelace',
      'Ada\u200BLovelace',
      'Ada\uFEFFLovelace',
      'Ada\u0085Lovelace',
      'Ada\u200FLovelace',
    ]) {
      const changed = await c.put('/update-profile', { name });
      expect(changed).toMatchObject({ status: 400, body: { error: 'Name contains characters that are not allowed.' } });
      const registered = await client(t.url).post('/register', { name, email: uniqueEmail('bidi'), password: 'quiet-river-stone' });
      expect(registered).toMatchObject({ status: 400, body: { error: 'Name contains characters that are not allowed.' } });
    }
    expect((await c.get('/current-user')).body.user.name).toBe('Test Person');
    expect((await c.put('/update-profile', { name: 'Zoë Ångström-李' })).status).toBe(200);
  });
});
