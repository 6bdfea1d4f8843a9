import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Db } from '#src/server/db/connect.ts';
import { createTasks } from '#src/server/tasks/service.ts';
import type { TaskScope } from '#src/server/tasks/scope.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/support/test-db.ts';
import type { RecordedEvent } from './log.ts';
import { createEventRecorder, type EventHook } from './recorder.ts';

// Product rules T6: the event row and the in-transaction hooks (the webhooks outbox, issue 18) commit
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

  async function workspace(): Promise<TaskScope> {
    const id = randomUUID();
    await db.kysely.insertInto('workspaces').values({ id, name: 'W', created_by: null, created_at: 1, updated_at: 1 }).execute();
    return { workspaceId: id, actor: { userId: null, ip: null, role: 'member' } };
  }

  it('runs the hooks inside the transaction, and a failing hook undoes the change and its event', async () => {
    const seen: Array<{ event: RecordedEvent; rowVisible: boolean }> = [];
    const pokes: Array<{ workspaceId: string; committed: boolean }> = [];
    const watcher: EventHook = async (tx, event) => {
      const row = await tx.selectFrom('workspace_events').select('id').where('id', '=', event.id).executeTakeFirst();
      seen.push({ event, rowVisible: row !== undefined });
    };
    const refuser: EventHook = async (_tx, event) => {
      if (event.data.type === 'task.created' && event.data.task.title === 'Refused') throw new Error('outbox unavailable');
    };
    const tasks = createTasks(db, Date.now, createEventRecorder({ engine, clock: Date.now, hooks: [watcher, refuser] }), {
      poke(workspaceId) {
        void db.kysely
          .selectFrom('tasks')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .execute()
          .then((rows) => pokes.push({ workspaceId, committed: rows.length > 0 }));
      },
    });
    const scope = await workspace();
    const task = await tasks.create(scope, { title: 'Kept' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      rowVisible: true,
      event: { workspaceId: scope.workspaceId, actorId: null, data: { type: 'task.created', task: { id: task.id } } },
    });
    await expect(tasks.create(scope, { title: 'Refused' })).rejects.toThrow('outbox unavailable');
    const titles = await db.kysely.selectFrom('tasks').select('title').where('workspace_id', '=', scope.workspaceId).execute();
    expect(titles.map((row) => row.title)).toEqual(['Kept']);
    const events = await db.kysely.selectFrom('workspace_events').select('type').where('workspace_id', '=', scope.workspaceId).execute();
    expect(events).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pokes).toEqual([{ workspaceId: scope.workspaceId, committed: true }]);
  });
});
