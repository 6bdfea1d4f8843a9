import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { JOB_LEASE_MS } from '#src/server/jobs/runner.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';
import { invite, person, type Person } from '../../../tests/support/workspaces.ts';
import { startSmtpSink, type CaughtMail, type SmtpSink } from '../../../tests/support/smtp-sink.ts';
import { startSourceServer, stopServer } from '../../../tests/support/source-server.ts';
import { startTestApp } from '../../../tests/support/test-app.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/support/test-db.ts';

const COMMENTS = 30;
const APP_SECRET = 'notifications-crash-test-app-secret-0123456789';

// The outbox keys each notification's mail by its id, and the key becomes the Message-ID.
const notificationIdOf = (mail: CaughtMail) => /^Message-ID:\s*<email:notification:([^@>]+)@/im.exec(mail.raw)?.[1];

// A notification's email is durable: written in the transaction of the comment that raised it, sent by
// the job runner. The server is killed with SIGKILL while it works through them; after a restart every
// notification has its one email (one Message-ID), and only a mail in flight at the kill arrives twice —
// the same message again, which a receiving server recognises by its Message-ID.
describe.each(engines)('notification emails killed mid-send on %s', (engine) => {
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

  it('mails each notification once, loses none, and keeps each in the inbox', async () => {
    // The notifications are raised through the app with its job runner off, so they wait in the outbox.
    const app = await startTestApp(engine, { database, mail, env: { JOBS_POLL_MS: '0', APP_SECRET, RATE_LIMIT_MULTIPLIER: '100' } });
    const squad = await team(app, 'Crash team');
    const others: Person[] = [squad.member];
    for (const name of ['Ada Crash', 'Ben Crash']) {
      const someone = await person(app, name);
      const { token } = await invite(app, squad.owner, squad.id, someone.email);
      expect((await someone.c.post('/invitations/accept', { token })).status).toBe(200);
      others.push(someone);
    }
    const task = await createTask(squad.owner.c, squad.id, { title: 'Crash course' });
    const body = others.map((other) => mentionToken(other.id)).join(' ');
    for (let n = 0; n < COMMENTS; n++) {
      const answer = await squad.owner.c.post(`/workspaces/${squad.id}/tasks/${task.id}/comments`, { body: `${body} round ${n}` });
      expect(answer.status).toBe(201);
    }
    const queued = await app.db.kysely.selectFrom('notifications').select('id').where('email_state', '=', 'queued').execute();
    const expected = new Set(queued.map((row) => row.id));
    // Mentions are mailed at once by default: one per mentioned member and comment.
    expect(expected.size).toBe(COMMENTS * others.length);
    const inAppBefore = await app.db.kysely.selectFrom('notifications').select('id').execute();
    await app.close();

    const clockFile = join(clockDir, 'offset');
    writeFileSync(clockFile, '0');
    const env: Record<string, string> = {
      ...(engine === 'sqlite' ? { DATA_DIR: dirname(database.location), DATABASE_URL: '' } : { DATABASE_URL: database.location }),
      SMTP_URL: mail.url,
      APP_SECRET,
      JOBS_POLL_MS: '20',
      TEST_CLOCK_FILE: clockFile,
    };
    const mailed = () => mail.messages.filter((m) => notificationIdOf(m) !== undefined);
    child = await startSourceServer(env);
    const killAt = 10 + Math.floor(Math.random() * 40);
    const killBy = Date.now() + 30_000;
    while (mailed().length < killAt && Date.now() < killBy) await new Promise((resolve) => setTimeout(resolve, 2));
    await stopServer(child, 'SIGKILL');
    expect(new Set(mailed().map(notificationIdOf)).size).toBeLessThan(expected.size);
    // Past the lease, so the claims the killed process held lapse at once.
    writeFileSync(clockFile, String(JOB_LEASE_MS + 1000));
    child = await startSourceServer(env);
    const deadline = Date.now() + 45_000;
    while (new Set(mailed().map(notificationIdOf)).size < expected.size && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await stopServer(child, 'SIGTERM');
    child = undefined;

    const messages = mailed();
    const byNotification = new Map<string, CaughtMail[]>();
    for (const m of messages) byNotification.set(notificationIdOf(m)!, [...(byNotification.get(notificationIdOf(m)!) ?? []), m]);
    // Nothing lost, nothing invented: exactly the queued notifications were mailed.
    expect(new Set(byNotification.keys())).toEqual(expected);
    // Never composed twice: a repeat is the very same message (the one in flight at the kill).
    const repeats = [...byNotification.values()].filter((copies) => copies.length > 1);
    for (const copies of repeats) {
      expect(copies).toHaveLength(2);
      const [first, second] = copies.map(({ to, subject, unsubscribeLink }) => ({ to, subject, unsubscribeLink }));
      expect(second).toEqual(first);
    }
    expect(repeats.length).toBeLessThanOrEqual(25);

    const db = await database.open();
    try {
      const rows = await db.kysely.selectFrom('notifications').select(['id', 'email_state', 'read_at']).execute();
      expect(rows.map((row) => row.id).sort()).toEqual(inAppBefore.map((row) => row.id).sort());
      expect(rows.filter((row) => expected.has(row.id)).every((row) => row.email_state === 'sent' && row.read_at === null)).toBe(true);
      // One email job per notification, each settled once.
      const jobs = await db.kysely.selectFrom('jobs').select(['id', 'status']).where('id', 'like', 'email:notification:%').execute();
      expect(jobs).toHaveLength(expected.size);
      expect(jobs.every((job) => job.status === 'done')).toBe(true);
    } finally {
      await db.close();
    }
  }, 150_000);
});
