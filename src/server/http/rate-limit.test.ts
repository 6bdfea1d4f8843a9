import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Db } from '#src/server/db/connect.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/support/test-db.ts';
import { createRateLimiter, publicApiLimits } from './rate-limit.ts';

// Counts asked for in one turn reach the database as one statement per instance; these ask for many at
// once, from two instances on one database, and look at what each caller is told.
describe.each(engines)('counts asked for together on %s', (engine) => {
  let database: TestDatabase;
  let first: Db;
  let second: Db;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    [first, second] = await Promise.all([database.open(), database.open()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await database?.drop();
  });

  // A key's allowance of 5 (1000 an hour × 0.005) and the workspace's of 25.
  const multiplier = () => 0.005;
  const perKey = Math.floor(publicApiLimits.key.max * 0.005);

  it('gives every caller its own place in the shared count, and lets exactly the allowance through', async () => {
    const a = createRateLimiter(first, Date.now, multiplier);
    const b = createRateLimiter(second, Date.now, multiplier);
    const keyId = randomUUID();
    const workspaceId = randomUUID();
    const quotas = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).keyQuota(keyId, workspaceId)));
    const allowed = quotas.filter((quota) => quota.retryAfterS === null);
    expect(allowed).toHaveLength(perKey);
    expect(allowed.map((quota) => quota.remaining).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(quotas.filter((quota) => quota.retryAfterS !== null)).toHaveLength(12 - perKey);
    // Within one instance, in the order asked.
    const fromA = quotas.filter((_, i) => i % 2 === 0).map((quota) => quota.remaining);
    expect(fromA).toEqual([...fromA].sort((x, y) => y - x));
    const stored = await first.counters.kysely
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', `%${keyId}`)
      .execute();
    expect(stored.map((row) => Number(row.count))).toEqual([12]);
  });

  it('counts each of a turn’s different counters on its own, past one statement’s worth of them', async () => {
    const limiter = createRateLimiter(first, Date.now, () => 1);
    const workspaceId = randomUUID();
    const people = Array.from({ length: 40 }, () => randomUUID());
    // Each person writes twice in the same turn; all count against one workspace.
    await Promise.all(people.flatMap((person) => [1, 2].map(() => limiter.checkWrite('task-move', person, workspaceId))));
    const rows = await first.counters.kysely
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', 'task-move:%')
      .where((eb) =>
        eb.or([
          eb(
            'key',
            'in',
            people.map((person) => `task-move:person:${person}`),
          ),
          eb('key', '=', `task-move:workspace:${workspaceId}`),
        ]),
      )
      .execute();
    const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
    expect(counts.get(`task-move:workspace:${workspaceId}`)).toBe(80);
    for (const person of people) expect(counts.get(`task-move:person:${person}`)).toBe(2);
  });

  it('under a flood, hands out numbers of a lease without writing, each number once', async () => {
    // 10,000 an hour per key: a flood is given spare numbers, a 64th of what is left at most.
    const limiter = createRateLimiter(first, Date.now, () => 10);
    const keyId = randomUUID();
    const workspaceId = randomUUID();
    const stored = async () =>
      Number(
        (
          await first.counters.kysely
            .selectFrom('rate_limits')
            .select('count')
            .where('key', '=', `api-key:${keyId}`)
            .executeTakeFirstOrThrow()
        ).count,
      );
    const flood = (size: number) => Promise.all(Array.from({ length: size }, () => limiter.keyQuota(keyId, workspaceId)));
    const quotas = [...(await flood(50))];
    // The first count of a counter is exact; the next, so soon after, takes 155 spare numbers with its 50.
    expect(await stored()).toBe(50);
    quotas.push(...(await flood(50)));
    expect(await stored()).toBe(50 + 50 + 155);
    // The lease answers the next 155 with no write.
    quotas.push(...(await flood(155)));
    expect(await stored()).toBe(255);
    const used = quotas.map((quota) => 10_000 - quota.remaining);
    expect(new Set(used).size).toBe(255);
    expect(Math.min(...used)).toBe(1);
    expect(Math.max(...used)).toBe(255);
  });

  it('starts a counter again once its window has ended, for every count of the turn', async () => {
    let now = Date.now();
    const limiter = createRateLimiter(first, () => now, multiplier);
    const keyId = randomUUID();
    const workspaceId = randomUUID();
    await Promise.all(Array.from({ length: 3 }, () => limiter.keyQuota(keyId, workspaceId)));
    now += publicApiLimits.key.windowMs;
    const quotas = await Promise.all(Array.from({ length: 3 }, () => limiter.keyQuota(keyId, workspaceId)));
    expect(quotas.map((quota) => quota.remaining)).toEqual([perKey - 1, perKey - 2, perKey - 3]);
    expect(new Set(quotas.map((quota) => quota.resetAt))).toEqual(new Set([now + publicApiLimits.key.windowMs]));
  });
});
