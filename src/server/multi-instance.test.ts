import { describe, expect, it } from 'vitest';
import { limits } from '#src/server/http/rate-limit.ts';
import { client, createVerifiedUser, useTwoTestApps, whoAmI } from '../../tests/support/test-app.ts';
import { engines } from '../../tests/support/test-db.ts';

// product rules W7: instances keep no state of their own. On SQLite, two instances on
// one file; each remembers session look-ups, which must end the moment the other one writes.
describe.each(engines)('two instances on one %s database', (engine) => {
  const apps = useTwoTestApps(engine);

  it('accepts on one instance a session made on the other, and logout on one ends it on both', async () => {
    const { a, b } = apps();
    const account = await createVerifiedUser(a);
    const onA = client(a.url);
    expect((await onA.post('/login', { email: account.email, password: account.password })).status).toBe(200);
    const onB = client(b.url);
    onA.jar.forEach((value, name) => onB.jar.set(name, value));
    expect((await onB.get('/current-user')).body.user.email).toBe(account.email);
    // A has looked the session up too, so a remembered answer would outlive the logout.
    expect(await whoAmI(onA)).toBe(account.email);
    await onB.get('/logout');
    expect(await whoAmI(onA)).toBeNull();
  });

  it('counts a rate limit across both instances', async () => {
    const { a, b } = apps();
    const account = await createVerifiedUser(a);
    const max = limits.login.accountFromIp.max;
    const statuses = [];
    for (let i = 0; i < max + 2; i++) {
      const instance = i % 2 === 0 ? a : b;
      statuses.push((await client(instance.url).post('/login', { email: account.email, password: 'wrong-guess-3' })).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.slice(max)).toEqual([429, 429]);
  });
});
