import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StreamEndReason } from '#src/shared/tasks/paths.ts';
import type { Db } from '#src/server/db/connect.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { createLiveHub, type LiveHub } from './hub.ts';
import { createEventStreams } from './sse.ts';
import { createWakeChannel, type WakeChannel } from './wake-channel.ts';

// Product rules T6: the heartbeat keeps the stream open and asks again whether its reader may still
// listen; a signed-out or removed member's stream ends at the next look, told why.
describe('event stream heartbeat and access', () => {
  let database: TestDatabase;
  let db: Db;
  let hub: LiveHub;
  let accessChanges: WakeChannel;
  let app: FastifyInstance;
  let url: string;
  let standing: StreamEndReason | null = null;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = await database.open();
    const log = { warn: () => undefined };
    hub = createLiveHub(db, Date.now, log);
    accessChanges = createWakeChannel(db, log, 'test_access');
    const beating = createEventStreams(db, hub, accessChanges, 50, 50);
    // Looks on its own only once a minute: whatever ends it sooner came from an announced change.
    const announced = createEventStreams(db, hub, accessChanges, 60_000, 60_000);
    app = Fastify();
    const options = (userId: string, workspaceId: string) => ({
      workspaceId,
      userId,
      after: null,
      standing: async () => standing,
      joinedAt: 0,
    });
    app.get('/events', async (_request, reply) => beating.stream(reply, options('u', 'w')));
    app.get<{ Params: { user: string; workspace: string } }>('/quiet/:user/:workspace', async (request, reply) =>
      announced.stream(reply, options(request.params.user, request.params.workspace)),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await accessChanges?.close();
    await hub?.close();
    await db?.close();
    await database?.drop();
  });

  async function open(path: string) {
    const reader = (await fetch(url + path)).body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    return {
      readUntil: async (pattern: RegExp) => {
        while (!pattern.test(text)) text += decoder.decode((await reader.read()).value);
      },
      // Reads to the end of the stream and returns all it said.
      rest: async () => {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
        return text;
      },
    };
  }

  for (const reason of ['signed-out', 'no-access'] as const) {
    it(`ends at once when a change for the person or the workspace is announced, saying ${reason}`, async () => {
      standing = null;
      const byPerson = await open(`/quiet/p-${reason}/w-elsewhere`);
      const byWorkspace = await open(`/quiet/someone-else/w-${reason}`);
      await Promise.all([byPerson.readUntil(/: connected/), byWorkspace.readUntil(/: connected/)]);
      standing = reason;
      accessChanges.wake(`p-${reason}`);
      expect(await byPerson.rest()).toContain(`event: ended\ndata: {"reason":"${reason}"}\n\n`);
      accessChanges.wake(`w-${reason}`);
      expect(await byWorkspace.rest()).toContain(`event: ended\ndata: {"reason":"${reason}"}\n\n`);
    });
  }

  // The stream's timers run on the test's clock: each beat and each look happens when the test moves it.
  it('beats while allowed and ends the stream at the next look once the reader may no longer listen', async () => {
    standing = null;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stream = await open('/events');
      await stream.readUntil(/: connected/);
      vi.advanceTimersByTime(50);
      await stream.readUntil(/: ping/);
      vi.advanceTimersByTime(50);
      await stream.readUntil(/: ping[^]*: ping/);
      standing = 'signed-out';
      // The next look asks, hears no, and the server ends the stream: the read reaches its end.
      vi.advanceTimersByTime(50);
      const said = await stream.rest();
      expect(said).toContain('event: ended\ndata: {"reason":"signed-out"}\n\n');
      expect(said.match(/: ping/g)).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
