import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/support/test-db.ts';
import type { Db } from './connect.ts';
import { prepareQuery, type Slot } from './prepared-query.ts';

describe.each(engines)('prepared queries refuse to run half-filled on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = await database.open();
    await db.kysely.insertInto('rate_limits').values({ key: 'a', count: 1, reset_at: 1 }).execute();
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const byKey = () =>
    prepareQuery((slot: Slot<{ key: string }>) => db.kysely.selectFrom('rate_limits').selectAll().where('key', '=', slot('key')));

  it('throws when a named parameter is given no value, instead of matching nothing', async () => {
    const query = byKey();
    expect(await db.readFirst(query, { key: 'a' })).toMatchObject({ key: 'a', count: 1 });
    await expect(db.readFirst(query, {} as { key: string })).rejects.toThrow('The prepared query parameter "key" was given no value.');
  });

  it('throws at prepare time when a placeholder is inlined into the SQL', () => {
    expect(() =>
      prepareQuery((slot: Slot<{ key: string }>) =>
        db.kysely
          .selectFrom('rate_limits')
          .selectAll()
          .where('key', '=', sql.lit(slot('key'))),
      ),
    ).toThrow(/placeholder leaked into its SQL/);
  });

  it('throws at prepare time when a placeholder is glued into a longer value', () => {
    expect(() =>
      prepareQuery((slot: Slot<{ key: string }>) =>
        db.kysely
          .selectFrom('rate_limits')
          .selectAll()
          .where('key', '=', `limit:${slot('key')}`),
      ),
    ).toThrow(/joined into a larger value/);
  });

  // A compile-time rule: `npm run typecheck` fails if either line below stops being an error.
  it('types each parameter by the column it meets', () => {
    const numberForText = () =>
      prepareQuery((slot: Slot<{ key: string; count: number }>) =>
        // @ts-expect-error a number placeholder cannot stand for the text column `key`
        db.kysely.selectFrom('rate_limits').selectAll().where('key', '=', slot('count')),
      );
    // @ts-expect-error bind wants every declared parameter with its declared type
    const numberBound = () => byKey().bind({ key: 3 });
    expect(numberForText).toBeTypeOf('function');
    expect(numberBound).toBeTypeOf('function');
  });
});
