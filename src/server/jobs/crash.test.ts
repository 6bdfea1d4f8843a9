import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink.ts';
import { startSourceServer as startServer } from '../../../tests/support/source-server.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/support/test-db.ts';
import { EMAIL_JOB } from './email-outbox.ts';
import { enqueue } from './queue.ts';
import { JOB_LEASE_MS } from './runner.ts';

const MAILS = 120;

const subjectId = (subject: string) => /Crash mail (\d+)/.exec(subject)?.[1];

// Durable jobs survive a crash: the server is killed with SIGKILL while it sends a queue of mail; after a
// restart every mail arrives, and none twice but for the few in flight at the instant of the kill.
describe.each(engines)('the email outbox killed mid-send on %s', (engine) => {
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

  it('loses no mail and sends each id once, bar those in flight at the kill', async () => {
    const db = await database.open();
    const now = Date.now();
    await db.kysely.transaction().execute(async (tx) => {
      for (let n = 0; n < MAILS; n++) {
        const message = { to: `crash.${n}@example.com`, subject: `Crash mail ${n}`, text: `Mail ${n}\n`, html: `<p>Mail ${n}</p>` };
        await enqueue(tx, { kind: EMAIL_JOB, id: `email:crash-${n}`, payload: message, workspaceId: `w${n % 3}` }, now);
      }
    });
    await db.close();
    const clockFile = join(clockDir, 'offset');
    writeFileSync(clockFile, '0');
    const env: Record<string, string> = {
      ...(engine === 'sqlite' ? { DATA_DIR: dirname(database.location), DATABASE_URL: '' } : { DATABASE_URL: database.location }),
      SMTP_URL: mail.url,
      APP_SECRET: 'jobs-crash-test-app-secret-0123456789abcdef',
      JOBS_POLL_MS: '20',
      TEST_CLOCK_FILE: clockFile,
    };
    child = await startServer(env);
    const killAt = 20 + Math.floor(Math.random() * 60);
    while (mail.messages.length < killAt) await new Promise((resolve) => setTimeout(resolve, 2));
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    const beforeRestart = mail.messages.length;
    expect(beforeRestart).toBeLessThan(MAILS);
    // Past the lease, so the claims the killed process held lapse at once.
    writeFileSync(clockFile, String(JOB_LEASE_MS + 1000));
    child = await startServer(env);
    const deadline = Date.now() + 30_000;
    while (new Set(mail.messages.map((m) => subjectId(m.subject))).size < MAILS && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = undefined;

    const counts = new Map<string, number>();
    for (const m of mail.messages) counts.set(subjectId(m.subject)!, (counts.get(subjectId(m.subject)!) ?? 0) + 1);
    expect(counts.size).toBe(MAILS);
    const twice = [...counts.values()].filter((count) => count > 1);
    // At least once: a mail the sink took just before the kill, not yet marked sent, goes again (with
    // the same Message-ID). Only a claimed batch can be in that state.
    expect(twice.every((count) => count === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(25);
  }, 90_000);
});
