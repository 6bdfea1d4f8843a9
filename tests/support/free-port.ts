import { createServer } from 'node:net';

// A port for a server a test starts, probed free. Drawn from below Linux's ephemeral range (32768–60999),
// where listen(0) would find one: there the tests' own outgoing connections take local ports too, and one
// took a probed port before its server could listen on it (EADDRINUSE on a clean-clone CI run).
const FIRST_PORT = 20_000;
const PORTS = 12_000;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (;;) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORTS);
    if (await isFree(port)) return port;
  }
}

// A server a test starts on a fixed port would lose to one already there, and its health check would
// then be answered by the other: a run cut short leaves its server behind, with a mail sink long gone.
export async function requireFree(port: number): Promise<void> {
  if (!(await isFree(port))) throw new Error(`Port ${port} is taken, by a server an earlier run left behind? Stop it, or set E2E_PORT.`);
}
