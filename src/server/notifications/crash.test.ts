import { describe, expect, it } from 'vitest';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { createTask, team } from '../../../tests/support/tasks.ts';
import { invite, person, type Person } from '../../../tests/support/workspaces.ts';
import { outboxCrash } from '../../../tests/support/outbox-crash.ts';
import type { CaughtMail } from '../../../tests/support/smtp-sink.ts';
import { startTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

const COMMENTS = 30;
const APP_SECRET = 'notifications-crash-test-app-secret-0123456789';

// The outbox keys each notification's mail by its id, and the key becomes the Message-ID.
const notificationIdOf = (mail: CaughtMail) => /^Message-ID:\s*<email:notification:([^@>]+)@/im.exec(mail.raw)?.[1];

// A notification's email is durable: written in the transaction of the comment that raised it, sent by
// the job runner. The server is killed with SIGKILL while it works through them; after a restart every
// notification has its one email (one Message-ID), and only a mail in flight at the kill arrives twice —
// the same message again, which a receiving server recognises by its Message-ID.
describe.each(engines)('notification emails killed mid-send on %s', (engine) => {
  const crash = outboxCrash(engine, APP_SECRET);

  it('mails each notification once, loses none, and keeps each in the inbox', async () => {
    // The notifications are raised through the app with its job runner off, so they wait in the outbox.
    const database = crash.database();
    const mail = crash.mail();
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

    const mailed = () => mail.messages.filter((m) => notificationIdOf(m) !== undefined);
    const killAt = 10 + Math.floor(Math.random() * 40);
    await crash.killAndRestart({
      killWhen: () => mailed().length >= killAt,
      afterKill: () => expect(new Set(mailed().map(notificationIdOf)).size).toBeLessThan(expected.size),
      doneWhen: () => new Set(mailed().map(notificationIdOf)).size >= expected.size,
      finishWithinMs: 45_000,
    });

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
