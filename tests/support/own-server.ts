import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireFree } from './free-port.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

// An end-to-end spec that needs a setting the shared server cannot have (beta approval, a model server, a
// metrics token, a public origin of localhost) starts the built server itself, on its own SQLite folder and
// its own mail sink, on a port offset from the shared one so parallel runs never collide.
export interface OwnServer {
  base: string;
  dataDir: string;
  sink: SmtpSink;
  stop(): Promise<void>;
}

interface OwnServerOptions {
  /** Added to the shared server's port; each spec has its own. */
  portOffset: number;
  /** Names the temporary data folder, to tell runs apart when one is left behind. */
  name: string;
  env?: NodeJS.ProcessEnv;
  /** The host the browser uses and the server's public origin (WebAuthn wants a domain, not an address). */
  host?: string;
  /** The path polled until it answers 200. */
  readyPath?: string;
}

export async function startOwnServer(options: OwnServerOptions): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 4310) + options.portOffset;
  await requireFree(port);
  const sink = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), `tessera-e2e-${options.name}-`));
  const base = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    RATE_LIMIT_MULTIPLIER: '1000',
    LOG_LEVEL: 'warn',
    ...(options.host ? { APP_ORIGIN: base } : {}),
    ...options.env,
  };
  // The shared server's database and test clock belong to the other specs.
  delete env.DATABASE_URL;
  delete env.TEST_CLOCK_FILE;
  delete env.BACKUP_DIR;
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const ready = `http://127.0.0.1:${port}${options.readyPath ?? '/api/health'}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await fetch(ready).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (server.exitCode !== null || Date.now() > deadline) {
      server.kill('SIGKILL');
      await sink.close();
      throw new Error(`the spec's own server did not answer ${ready}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    dataDir,
    sink,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      await sink.close();
    },
  };
}
