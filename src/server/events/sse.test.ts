import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#src/server/db/connect.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { createLiveHub, type LiveHub } from './hub.ts';
import { createEventStreams } from './sse.ts';

// Product rules T6: the heartbeat keeps the stream open and asks again whether its reader may still
// listen; a signed-out or removed member's stream ends at the next beat.
describe('event stream heartbeat', () => {
  let database: TestDatabase;
  let db: Db;
  let hub: LiveHub;
  let app: FastifyInstance;
  let url: string;
  let allowed = true;
  let ended = 0;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = await database.open();
    hub = createLiveHub(db, Date.now, { warn: () => undefined });
    const streams = createEventStreams(db, hub, 50);
    app = Fastify();
    app.get('/events', async (_request, reply) =>
      streams.stream(reply, { workspaceId: 'w', after: null, stillAllowed: async () => allowed, onEnd: () => void (ended += 1) }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/events`;
  });
  afterAll(async () => {
    await app?.close();
    await hub?.close();
    await db?.close();
    await database?.drop();
  });

  it('beats while allowed and ends the stream once the reader may no longer listen', async () => {
    const response = await fetch(url);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while ((text.match(/: ping/g) ?? []).length < 2) text += decoder.decode((await reader.read()).value);
    expect(ended).toBe(0);
    allowed = false;
    const started = Date.now();
    while (!(await reader.read()).done) {
      // Drains the last beats until the server ends the stream.
    }
    expect(Date.now() - started).toBeLessThan(1000);
    expect(ended).toBe(1);
  });
});
