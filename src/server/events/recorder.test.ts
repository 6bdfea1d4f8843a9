import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Db } from '#src/server/db/connect.ts';
import { loadConfig } from '#src/server/config.ts';
import { createRateLimiter } from '#src/server/http/rate-limit.ts';
import { createTasks } from '#src/server/tasks/service.ts';
import { createUsageCounter } from '#src/server/tasks/usage.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/support/test-db.ts';
import type { RecordedEvent } from './log.ts';
import { createEventRecorder, type EventHook } from './recorder.ts';

// Product rules T6: the event row and the in-transaction hooks (the webhooks outbox) commit
// with the change or not at all; the live bus hears of it only after the commit.
describe.each(engines)('event recorder on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = await database.open();
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  // A workspace with one member, made in the tables directly: this test is about the recorder, not sign-up.
  async function workspace(): Promise<WorkspaceScope> {
    const id = randomUUID();
    const userId = randomUUID();
    await db.kysely
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@example.test`,
        name: 'Member',
        role: 'user',
        gender: '',
        picture: null,
        password_hash: null,
        email_verified: 1,
        google_sub: null,
        total_prospects_fetched: 0,
        total_prospects_mailed: 0,
        total_project: 0,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    await db.kysely.insertInto('workspaces').values({ id, name: 'W', created_by: userId, created_at: 1, updated_at: 1 }).execute();
    await db.kysely
      .insertInto('memberships')
      .values({ workspace_id: id, user_id: userId, role: 'member', joined_at: 1, last_opened_at: 1 })
      .execute();
    return { workspaceId: id, actor: { userId, apiKeyId: null, ip: null }, role: 'member' };
  }

  it('runs the hooks inside the transaction, and a failing hook undoes the change and its event', async () => {
    const seen: Array<{ event: RecordedEvent; rowVisible: boolean }> = [];
    const pokes: Array<Promise<{ workspaceId: string; committed: boolean }>> = [];
    const watcher: EventHook = async (tx, event) => {
      const row = await tx.selectFrom('workspace_events').select('id').where('id', '=', event.id).executeTakeFirst();
      seen.push({ event, rowVisible: row !== undefined });
    };
    const refuser: EventHook = async (_tx, event) => {
      if (event.data.type === 'task.created' && event.data.task.title === 'Refused') throw new Error('outbox unavailable');
    };
    const tasks = createTasks({
      db,
      clock: Date.now,
      recordEvent: createEventRecorder({ engine, clock: Date.now, hooks: [watcher, refuser] }),
      bus: {
        // What a poked listener would read at once: the change must already be committed.
        poke(workspaceId) {
          pokes.push(
            db.kysely
              .selectFrom('tasks')
              .select('id')
              .where('workspace_id', '=', workspaceId)
              .execute()
              .then((rows) => ({ workspaceId, committed: rows.length > 0 })),
          );
        },
      },
      limiter: createRateLimiter(db, Date.now, () => 1),
      countUsage: createUsageCounter(loadConfig({}).quotas),
    });
    const scope = await workspace();
    const task = await tasks.create(scope, { title: 'Kept' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      rowVisible: true,
      event: { workspaceId: scope.workspaceId, actorId: scope.actor.userId, data: { type: 'task.created', task: { id: task.id } } },
    });
    await expect(tasks.create(scope, { title: 'Refused' })).rejects.toThrow('outbox unavailable');
    const titles = await db.kysely.selectFrom('tasks').select('title').where('workspace_id', '=', scope.workspaceId).execute();
    expect(titles.map((row) => row.title)).toEqual(['Kept']);
    const events = await db.kysely.selectFrom('workspace_events').select('type').where('workspace_id', '=', scope.workspaceId).execute();
    expect(events).toHaveLength(1);
    expect(await Promise.all(pokes)).toEqual([{ workspaceId: scope.workspaceId, committed: true }]);
  });
});
