import { describe, expect, it } from 'vitest';
import { serverError } from '#src/shared/server-messages.ts';
import { client, createVerifiedUser, signedInClient, useTestApp, whoAmI } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// product rules S7: state-changing requests need JSON and a same-origin Origin; GET /api/logout
// refuses cross-site requests.
describe.each(engines)('CSRF on %s', (engine) => {
  const app = useTestApp(engine);

  it('refuses a cross-site POST that carries a valid cookie, and changes nothing', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const c = await signedInClient(t, account);
    const forged = await c.put('/update-profile', { name: 'Hacked' }, { origin: 'https://evil.example' });
    expect(forged).toMatchObject({ status: 403, body: { error: serverError.crossSite } });
    expect((await c.put('/update-profile', { name: 'Hacked' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await c.put('/update-profile', { name: 'Hacked' }, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await c.get('/current-user')).body.user.name).toBe('Test Person');
    const sameOrigin = await c.put('/update-profile', { name: 'Fine' }, { origin: t.url, 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.status).toBe(200);
  });

  it('refuses GET /logout from a cross-site context and keeps the session', async () => {
    const t = app();
    const c = await signedInClient(t, await createVerifiedUser(t));
    expect((await c.get('/logout', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await c.get('/logout', { origin: 'https://evil.example' })).status).toBe(403);
    expect(await whoAmI(c)).not.toBeNull();
    expect((await c.get('/logout', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect(await whoAmI(c)).toBeNull();
  });

  it('refuses a form-encoded body (an HTML form posted from another site)', async () => {
    const answer = await client(app().url).post('/login', 'email=a%40b.c&password=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer).toMatchObject({ status: 415, body: { error: serverError.notJson } });
  });
});
