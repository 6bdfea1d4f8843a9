import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '#src/server/db/connect.ts';
import { JOB_LEASE_MS } from '#src/server/jobs/runner.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { startSourceServer, stopServer } from './source-server.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

const until = async (done: () => boolean, deadline: number) => {
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
};

// The setting of a crash test of the email outbox: a database and an SMTP sink of its own for the
// describe block, and the server as its own process, killed with SIGKILL mid-send and started again.
export function outboxCrash(engine: Engine, appSecret: string) {
  let database: TestDatabase;
  let mail: SmtpSink;
  let clockDir: string;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    mail = await startSmtpSink();
    clockDir = mkdtempSync(join(tmpdir(), 'tessera-clock-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await mail?.close();
    await database?.drop();
    rmSync(clockDir, { recursive: true, force: true });
  });

  return {
    database: () => database,
    mail: () => mail,
    // Starts the server with its job runner polling every 20 ms, kills it with SIGKILL once `killWhen`
    // holds, calls `afterKill`, then starts it again with its clock past the job lease (so the killed
    // process's claims lapse at once) and stops it cleanly once `doneWhen` holds or `finishWithinMs` passes.
    async killAndRestart(options: { killWhen: () => boolean; afterKill: () => void; doneWhen: () => boolean; finishWithinMs: number }) {
      const clockFile = join(clockDir, 'offset');
      writeFileSync(clockFile, '0');
      const env: Record<string, string> = {
        ...(engine === 'sqlite' ? { DATA_DIR: dirname(database.location), DATABASE_URL: '' } : { DATABASE_URL: database.location }),
        SMTP_URL: mail.url,
        APP_SECRET: appSecret,
        JOBS_POLL_MS: '20',
        TEST_CLOCK_FILE: clockFile,
      };
      child = await startSourceServer(env);
      await until(options.killWhen, Date.now() + 30_000);
      await stopServer(child, 'SIGKILL');
      options.afterKill();
      writeFileSync(clockFile, String(JOB_LEASE_MS + 1000));
      child = await startSourceServer(env);
      await until(options.doneWhen, Date.now() + options.finishWithinMs);
      await stopServer(child, 'SIGTERM');
      child = undefined;
    },
  };
}
