import { describe, expect, it } from 'vitest';
import { publicApiLimits } from '#src/server/http/rate-limit.ts';
import { createWorkspace, currentWorkspaceId, person } from '../../../tests/support/workspaces.ts';
import { useTwoTestApps } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { createKey, keyClient } from '../../../tests/support/api-keys.ts';

// The multiplier shrinks spec 9's 1000 an hour to 3, so the test reaches the limit in a few requests.
const MULTIPLIER = 0.003;
const PER_KEY = Math.floor(publicApiLimits.key.max * MULTIPLIER);

// Spec 9 (product rules K4, W7): 1000 requests an hour per key, counted in the database, so
// two instances share one allowance; headers on every answer, 429 with Retry-After past it.
describe.each(engines)('the per-key limit across two instances on %s', (engine) => {
  const apps = useTwoTestApps(engine, { RATE_LIMIT_MULTIPLIER: String(MULTIPLIER) });

  it('counts one allowance per key on both instances, then answers 429 with Retry-After until the hour ends', async () => {
    const { a, b } = apps();
    const owner = await person(a);
    const workspaceId = await currentWorkspaceId(owner);
    const key = await createKey(owner, workspaceId);
    const answers = [];
    for (let i = 0; i < PER_KEY + 2; i++) answers.push(await keyClient(i % 2 === 0 ? a.url : b.url, key).get('/tasks'));
    expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(PER_KEY).fill(200), 429, 429]);
    expect(answers.map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0', '0']);
    for (const answer of answers) {
      expect(answer.headers.get('x-ratelimit-limit')).toBe(String(PER_KEY));
      expect(answer.headers.get('x-ratelimit-reset')).toBe(answers[0]!.headers.get('x-ratelimit-reset'));
    }
    const refused = answers.at(-1)!;
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Rate limit reached\. Try again in \d+ seconds\.$/) });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // The hour ends (both instances read the one clock offset each test app keeps).
    a.clock.advance(3600_000);
    b.clock.advance(3600_000);
    const after = await keyClient(b.url, key).get('/tasks');
    expect(after.status).toBe(200);
    expect(after.headers.get('x-ratelimit-remaining')).toBe(String(PER_KEY - 1));
  });

  it('limits requests without a valid key per address', async () => {
    const { a, b } = apps();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await keyClient(i % 2 === 0 ? a.url : b.url, `tsr_${'B'.repeat(43)}`).get('/tasks')).status);
    // badKey allows max(1, 30 × 0.003) = 1 try per window here.
    expect(statuses).toEqual([401, 429, 429]);
  });
});

// More keys do not buy more of the server: a workspace has one allowance across all its keys.
describe.each(engines)('the per-workspace limit across keys on %s', (engine) => {
  // Shrinks 1000 an hour per key to 12 and 5000 per workspace to 60 (and key creation to 7 a person).
  const SHRINK = 0.012;
  const apps = useTwoTestApps(engine, { RATE_LIMIT_MULTIPLIER: String(SHRINK) });

  it('gives each key its own allowance until the workspace’s is spent, then refuses every key of it, and no other workspace', async () => {
    const { a, b } = apps();
    const owner = await person(a);
    const workspaceId = await currentWorkspaceId(owner);
    const keys = [];
    for (let i = 0; i < 6; i++)
      keys.push(keyClient(i % 2 === 0 ? a.url : b.url, await createKey(owner, workspaceId, { name: `Key ${i}` })));
    const perKey = Math.floor(publicApiLimits.key.max * SHRINK);
    const perWorkspace = Math.floor(publicApiLimits.workspace.max * SHRINK);
    expect(perWorkspace).toBe(5 * perKey);
    for (const key of keys.slice(0, 5)) {
      for (let i = 0; i < perKey; i++) expect((await key.get('/tasks')).status).toBe(200);
    }
    const refused = await keys[5]!.get('/tasks');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(perWorkspace));
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Rate limit reached/) });

    const theirs = keyClient(a.url, await createKey(owner, await createWorkspace(owner, 'Another')));
    const fresh = await theirs.get('/tasks');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe(String(perKey - 1));
  });
});
