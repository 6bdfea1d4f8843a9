import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireFree } from '../support/free-port.ts';
import { serveSinkOverHttp, startSmtpSink } from '../support/smtp-sink.ts';

// Starts the real built server (dist/) with a real SMTP sink, a fresh SQLite database and a movable clock.
export default async function globalSetup() {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/app.html')) {
    throw new Error('Build first: npm run build');
  }
  const port = process.env.E2E_PORT ?? '4310';
  await requireFree(Number(port));
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
  const clockFile = join(dataDir, 'clock-offset');
  writeFileSync(clockFile, '0');
  const sink = await startSmtpSink();
  const sinkHttp = await serveSinkOverHttp(sink);
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    TEST_CLOCK_FILE: clockFile,
    RATE_LIMIT_MULTIPLIER: '1000',
    LOG_LEVEL: 'warn',
    // The webhook specs' receiver listens on loopback over http.
    WEBHOOK_ALLOW_LOOPBACK: '1',
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  // The shared server has no AI model (the parser proposes); tests/e2e/ai-mode.spec.ts starts its own with one.
  for (const name of ['AI_BASE_URL', 'AI_MODEL', 'AI_API_KEY']) delete (env as Record<string, string | undefined>)[name];
  const server = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 30_000) {
      // Left running, it would hold the port and the runner's output open after the failed run.
      server.kill('SIGKILL');
      throw new Error('The server did not start within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.env.E2E_MAIL_URL = sinkHttp.url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_CLOCK_FILE = clockFile;

  return async () => {
    server.kill('SIGTERM');
    sinkHttp.server.close();
    await sink.close();
  };
}
