// Database outage: a TCP proxy between the server and PostgreSQL is cut and restored. While cut,
// requests get 503 { error } within 5 s and the process stays up; after the restore they succeed again.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { createTestDatabase, postgresUrl } from '../support/test-db.ts';
import { api, startServer } from './server-process.ts';

function tcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) return client.destroy();
    const upstream = connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))),
    cut() {
      cut = true;
      sockets.forEach((socket) => socket.destroy());
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function databaseOutage(port: number) {
  if (!postgresUrl) return { skipped: 'no PostgreSQL configured (DATABASE_URL)' };
  const database = await createTestDatabase('postgres');
  const target = new URL(database.location);
  const proxy = tcpProxy(target.hostname, Number(target.port || 5432));
  const proxyPort = await proxy.listen();
  const viaProxy = new URL(database.location);
  viaProxy.host = `127.0.0.1:${proxyPort}`;
  const server = await startServer({ DATABASE_URL: viaProxy.toString() }, port);
  try {
    const email = `outage.${Date.now().toString(36)}@example.com`;
    const before = await api(server.url, 'POST', '/register', { name: 'Outage', email, password: 'outage-pass-1' });
    if (before.status !== 201) throw new Error(`setup failed: ${before.status}`);

    // The cut lands while reads are in flight, so connections are lost in use as well as idle: each of
    // these still gets an answer, served or refused, and nothing falls over.
    // A connection closed without an answer (the process fell over) is a result to report, status 0.
    const noAnswer = (error: Error) => ({ status: 0, body: { error: `no answer: ${error.message}` } });
    const inFlight = Array.from({ length: 20 }, () =>
      api(server.url, 'POST', '/forgot-password', { email: `nobody.${Math.random()}@example.com` }).catch(noAnswer),
    );
    await new Promise((resolve) => setTimeout(resolve, 15));
    proxy.cut();
    const cutInFlight = (await Promise.all(inFlight)).map((answer) => answer.status);
    const duringOutage: Array<{ status: number; ms: number; error: unknown }> = [];
    for (const [method, path, body] of [
      ['GET', '/health', undefined],
      ['POST', '/login', { email, password: 'outage-pass-1' }],
      ['GET', '/current-user', undefined],
      ['POST', '/forgot-password', { email }],
    ] as const) {
      const started = Date.now();
      const answer = await api(
        server.url,
        method,
        path,
        body,
        path === '/current-user' ? 'tessera_session=' + 'a'.repeat(43) : undefined,
      ).catch(noAnswer);
      duringOutage.push({ status: answer.status, ms: Date.now() - started, error: answer.body?.error });
    }
    const processUp = server.child.exitCode === null;
    if (!processUp) return { ok: false, cutInFlight, duringOutage, processUp, serverOutput: server.output().slice(-2000) };

    proxy.restore();
    const restoredAt = Date.now();
    let recoveredMs = -1;
    while (Date.now() - restoredAt < 15_000) {
      const health = await api(server.url, 'GET', '/health');
      if (health.status === 200) {
        recoveredMs = Date.now() - restoredAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await api(server.url, 'POST', '/forgot-password', { email });
    const ok =
      cutInFlight.every((status) => status === 200 || status === 503) &&
      duringOutage.every((answer) => answer.status === 503 && typeof answer.error === 'string' && answer.ms < 5000) &&
      processUp &&
      recoveredMs >= 0 &&
      after.status === 200;
    return { ok, cutInFlight, duringOutage, processUp, recoveredMs, afterStatus: after.status };
  } finally {
    await server.kill();
    await proxy.close();
    await database.drop();
  }
}
