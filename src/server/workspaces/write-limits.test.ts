import { describe, expect, it } from 'vitest';
import { personLimits, writeLimits } from '#src/server/http/rate-limit.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { currentWorkspaceId, del, person } from '../../../tests/support/workspaces.ts';

// Limits scaled down a hundredfold, so a test reaches them in a few requests.
const SCALE = 0.01;
const allowed = (max: number) => Math.max(1, Math.floor(max * SCALE));

// Every change of workspaces, their members and a profile counts against a limit: one person cannot
// flood them, and a refusal is a 429 with the limit's headers that changes nothing.
describe.each(engines)('workspace and profile write limits on %s', (engine) => {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: String(SCALE) } });

  it('refuses new workspaces past the allowance, renames past the write limit, and profile updates too', async () => {
    const t = app();
    const owner = await person(t, 'Lim Owner');
    const names = async () => (await owner.c.get('/workspaces')).body.workspaces.map((w: { name: string }) => w.name).sort();

    for (let n = 0; n < allowed(personLimits.workspaceCreate.person.max); n++) {
      expect((await owner.c.post('/workspaces', { name: `Made ${n}` })).status).toBe(201);
    }
    const before = await names();
    const refused = await owner.c.post('/workspaces', { name: 'One too many' });
    expect(refused.status).toBe(429);
    expect(typeof refused.body.error).toBe('string');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await names()).toEqual(before);

    const id = await currentWorkspaceId(owner);
    for (let n = 0; n < allowed(writeLimits.person.max); n++) {
      expect((await owner.c.put(`/workspaces/${id}`, { name: `Renamed ${n}` })).status).toBe(200);
    }
    const last = await names();
    const renameRefused = await owner.c.put(`/workspaces/${id}`, { name: 'Renamed once more' });
    expect(renameRefused.status).toBe(429);
    expect(renameRefused.headers.get('x-ratelimit-limit')).toBe(String(allowed(writeLimits.person.max)));
    expect(await names()).toEqual(last);
    // Deleting counts as the same kind of write, so it waits too.
    expect((await del(owner.c, `/workspaces/${id}`, { confirmName: last[0] })).status).toBe(429);

    for (let n = 0; n < allowed(writeLimits.person.max); n++) {
      expect((await owner.c.put('/update-profile', { name: `Lim ${n}` })).status).toBe(200);
    }
    const profileRefused = await owner.c.put('/update-profile', { name: 'Lim Never' });
    expect(profileRefused.status).toBe(429);
    expect((await owner.c.get('/current-user')).body.user.name).not.toBe('Lim Never');
  });
});
