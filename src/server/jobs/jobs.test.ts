import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink.ts';
import { startTestApp, useTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/support/test-db.ts';
import { enqueue } from './queue.ts';
import { JOB_RETRY_DELAYS_MS } from './runner.ts';

const MANUAL = { JOBS_POLL_MS: '0' };

describe.each(engines)('durable jobs on %s', (engine) => {
  const app = useTestApp(engine, { env: MANUAL });
  const ran: { kind: string; id: string; payload: unknown; attempt: number }[] = [];
  let failuresLeft = 0;

  beforeAll(() => {
    const jobs = app().app.jobs;
    jobs.handle('test.record', async (payload, job) => void ran.push({ kind: 'test.record', id: job.id, payload, attempt: job.attempt }));
    jobs.handle('test.flaky', async (payload, job) => {
      ran.push({ kind: 'test.flaky', id: job.id, payload, attempt: job.attempt });
      if (failuresLeft-- > 0) throw new Error('receiver down');
    });
  });

  const add = (job: Parameters<typeof enqueue>[1]) => {
    const t = app();
    return t.db.kysely.transaction().execute((tx) => enqueue(tx, job, t.clock.now()));
  };

  it('runs a job written in a committed transaction, and none of one that rolled back', async () => {
    const t = app();
    ran.length = 0;
    await expect(
      t.db.kysely.transaction().execute(async (tx) => {
        await enqueue(tx, { kind: 'test.record', id: 'rolled-back', payload: 1 }, t.clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await add({ kind: 'test.record', id: 'committed', payload: { n: 2 } });
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(ran.map((r) => r.id)).toEqual(['committed']);
    expect(ran[0]!.payload).toEqual({ n: 2 });
    expect(await t.app.jobs.runDue()).toBe(0);
  });

  it('keeps one job per idempotency key', async () => {
    const t = app();
    ran.length = 0;
    await add({ kind: 'test.record', id: 'once', payload: 'first' });
    await add({ kind: 'test.record', id: 'once', payload: 'second' });
    await t.app.jobs.runDue();
    expect(ran).toEqual([{ kind: 'test.record', id: 'once', payload: 'first', attempt: 1 }]);
  });

  it('retries a failing job after its back-off, not before, and then settles it', async () => {
    const t = app();
    ran.length = 0;
    failuresLeft = 2;
    await add({ kind: 'test.flaky', id: 'flaky', payload: null });
    await t.app.jobs.runDue();
    expect(ran.map((r) => r.attempt)).toEqual([1]);
    await t.app.jobs.runDue();
    expect(ran).toHaveLength(1);
    t.clock.advance(JOB_RETRY_DELAYS_MS[0]!);
    await t.app.jobs.runDue();
    t.clock.advance(JOB_RETRY_DELAYS_MS[1]!);
    await t.app.jobs.runDue();
    expect(ran.map((r) => r.attempt)).toEqual([1, 2, 3]);
    const row = await t.db.kysely.selectFrom('jobs').selectAll().where('id', '=', 'flaky').executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
    t.clock.advance(24 * 60 * 60_000);
    await t.app.jobs.runDue();
    expect(ran).toHaveLength(3);
  });

  it('gives a job up after its last retry', async () => {
    const t = app();
    ran.length = 0;
    failuresLeft = 100;
    await add({ kind: 'test.flaky', id: 'hopeless', payload: null });
    for (const delay of [0, ...JOB_RETRY_DELAYS_MS, 24 * 60 * 60_000]) {
      t.clock.advance(delay);
      await t.app.jobs.runDue();
    }
    expect(ran).toHaveLength(JOB_RETRY_DELAYS_MS.length + 1);
    const row = await t.db.kysely.selectFrom('jobs').selectAll().where('id', '=', 'hopeless').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', last_error: 'receiver down' });
    failuresLeft = 0;
  });

  it("shares a batch between workspaces: one workspace's burst does not hold up another's job", async () => {
    const t = app();
    ran.length = 0;
    const burst: Promise<string>[] = [];
    for (let n = 0; n < 60; n++) burst.push(add({ kind: 'test.record', workspaceId: 'busy', payload: `busy ${n}` }));
    await Promise.all(burst);
    t.clock.advance(1);
    await add({ kind: 'test.record', workspaceId: 'quiet', payload: 'quiet one' });
    await t.app.jobs.runDue();
    expect(ran).toHaveLength(61);
    // The first batch holds the quiet workspace's job, though 60 older ones were waiting.
    expect(ran.findIndex((r) => r.payload === 'quiet one')).toBeLessThan(25);
  });

  it('sends mail from the email outbox once per idempotency key, with a stable Message-ID', async () => {
    const t = app();
    const to = `outbox.${engine}@example.com`;
    const message = { to, subject: 'Outbox hello', text: 'Hello\n', html: '<p>Hello</p>', headers: { 'X-Test': 'yes' } };
    await t.db.kysely.transaction().execute(async (tx) => {
      await t.app.sendLater(tx, message, 'greeting-1');
      await t.app.sendLater(tx, message, 'greeting-1');
    });
    await t.app.jobs.runDue();
    const mail = await t.mail.waitFor(to);
    expect(mail.raw).toMatch(/^X-Test: yes/m);
    expect(mail.raw).toMatch(/^Message-ID: <email:greeting-1@/im);
    expect(t.mail.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  });
});

describe.each(engines)('durable jobs across two instances on %s', (engine) => {
  let database: TestDatabase;
  let mail: SmtpSink;
  let a: TestApp;
  let b: TestApp;
  const runs = new Map<string, number>();
  let scheduled = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    mail = await startSmtpSink();
    a = await startTestApp(engine, { database, mail, env: MANUAL });
    b = await startTestApp(engine, { database, mail, env: MANUAL });
    for (const t of [a, b]) {
      t.app.jobs.handle('test.count', async (_payload, job) => void runs.set(job.id, (runs.get(job.id) ?? 0) + 1));
      t.app.jobs.schedule({ name: 'test.hourly', next: (now) => now + 60 * 60_000, run: async () => void (scheduled += 1) });
    }
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await mail?.close();
    await database?.drop();
  });

  it('runs each job once when both instances drain together', async () => {
    await a.db.kysely.transaction().execute(async (tx) => {
      for (let n = 0; n < 300; n++)
        await enqueue(tx, { kind: 'test.count', id: `job-${n}`, workspaceId: `w${n % 7}`, payload: n }, a.clock.now());
    });
    const [byA, byB] = await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(runs.size).toBe(300);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(byA + byB).toBeGreaterThanOrEqual(300);
  });

  it('runs a due schedule once across instances, and again only when its next time comes', async () => {
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(scheduled).toBe(0);
    a.clock.advance(60 * 60_000);
    b.clock.advance(60 * 60_000);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(scheduled).toBe(1);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(scheduled).toBe(1);
    a.clock.advance(60 * 60_000);
    b.clock.advance(60 * 60_000);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(scheduled).toBe(2);
    const row = await a.db.kysely.selectFrom('job_schedules').selectAll().where('name', '=', 'test.hourly').executeTakeFirstOrThrow();
    expect(Number(row.next_run_at)).toBeGreaterThan(a.clock.now());
  });
});
