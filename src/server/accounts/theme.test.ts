import { describe, expect, it } from 'vitest';
import { client, createVerifiedUser, signedInClient, useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// The theme chosen in the account menu is the account's: it comes back on every device signed in to.
describe.each(engines)('account theme on %s', (engine) => {
  const app = useTestApp(engine);

  it('starts on System and keeps a choice for the next sign-in', async () => {
    const t = app();
    const account = await createVerifiedUser(t);
    const laptop = await signedInClient(t, account);
    expect((await laptop.get('/current-user')).body.user.theme).toBe('system');

    const answer = await laptop.put('/theme', { theme: 'dark' });
    expect(answer).toMatchObject({ status: 200, body: { user: { theme: 'dark' } } });

    const phone = await signedInClient(t, account);
    expect((await phone.get('/current-user')).body.user.theme).toBe('dark');
  });

  it('refuses a theme it does not know and keeps the one chosen', async () => {
    const t = app();
    const c = await signedInClient(t, await createVerifiedUser(t));
    await c.put('/theme', { theme: 'light' });
    const answer = await c.put('/theme', { theme: 'sepia' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Theme must be system, light or dark');
    expect((await c.get('/current-user')).body.user.theme).toBe('light');
  });

  it('changes only the signed-in person’s theme', async () => {
    const t = app();
    const other = await createVerifiedUser(t);
    const c = await signedInClient(t, await createVerifiedUser(t));
    await c.put('/theme', { theme: 'dark' });
    expect((await (await signedInClient(t, other)).get('/current-user')).body.user.theme).toBe('system');
    expect((await client(t.url).put('/theme', { theme: 'dark' })).status).toBe(401);
  });
});
