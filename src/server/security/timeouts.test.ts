import { connect, type Socket } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// A request's head, then a body that never comes.
const HALF_A_REQUEST = `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`;

async function openSocket(t: TestApp): Promise<{ socket: Socket; closed: Promise<void>; answer: () => string }> {
  const socket = connect(Number(new URL(t.url).port), '127.0.0.1');
  socket.on('error', () => undefined);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, answer: () => answer };
}

// A slow body held a connection for ever and kept SIGTERM waiting; later, one lived up to twice its limit.
// Nothing here is timed: each wait that used to be too long (30 s) outlasts the test's own time limit.
describe.each(engines)('request timeouts on %s', (engine) => {
  describe('with the defaults', () => {
    const app = useTestApp(engine);

    it('gives a whole request 30 s to arrive and closes a silent connection after 60 s', () => {
      expect(app().app.server.requestTimeout).toBe(30_000);
      expect(app().app.server.timeout).toBe(60_000);
    });
  });

  describe('with a one-second limit', () => {
    const app = useTestApp(engine, { env: { REQUEST_TIMEOUT_MS: '1000' } });

    // Node looked for late requests only every 30 s: the 408 came 1 to 31 s after the request began.
    it('answers 408 and closes a request that has not arrived within its time, not up to 30 s later', async () => {
      const { socket, closed, answer } = await openSocket(app());
      socket.write(HALF_A_REQUEST);
      await closed;
      expect(answer()).toMatch(/^HTTP\/1\.1 408/);
    }, 8_000);
  });

  describe('shutting down', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await startTestApp(engine);
    });

    // Closing used to wait for the half-sent request's own limit, 30 s (closing the database is part of the 20).
    it('shuts down at once while a client holds a connection with a body it never finishes', async () => {
      const { socket, closed } = await openSocket(t);
      const received = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
      socket.write(HALF_A_REQUEST);
      await received;
      await t.close();
      await closed;
      expect(socket.destroyed).toBe(true);
    }, 20_000);
  });
});
