import { sql } from 'kysely';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { pollingWorker } from './polling-worker.ts';

// A claim outlives any one job many times over; a crashed instance's claims lapse after it, and the
// jobs it held run again elsewhere (at least once).
export const JOB_LEASE_MS = 60_000;
// After the first failure, then the next…; a job failing once more than this is given up ('failed').
export const JOB_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000];
const BATCH = 25;
// At most this many jobs of one workspace in a batch, so one busy workspace cannot starve the rest.
const PER_WORKSPACE = 5;
// Settled jobs are kept this long (to answer "was it sent?"), then swept.
const KEEP_SETTLED_MS = 7 * 24 * 60 * 60_000;

export interface JobContext {
  id: string;
  // 1 on the first run.
  attempt: number;
  workspaceId: string | null;
}

// Runs at least once per job: it must be idempotent by `context.id` (a crash after its work and before
// the settle runs it again). Throwing retries it with back-off.
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export interface Schedule {
  // The row's key: one per schedule across every instance.
  name: string;
  // When it runs next, given when it last ran (or now, for a new schedule).
  next: (now: number) => number;
  run: (now: number) => Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

interface Claimed {
  id: string;
  kind: string;
  workspace_id: string | null;
  payload: string;
  attempt_count: number;
  locked_until: number | null;
}

export type JobRunner = ReturnType<typeof createJobRunner>;

// The worker of the durable jobs, in every server process. A job is claimed under a lease before it
// runs and settled after; on PostgreSQL instances skip each other's claims (FOR UPDATE SKIP LOCKED),
// on SQLite the single writer makes each claim one atomic statement.
export function createJobRunner({ db, clock, log, pollMs }: { db: Db; clock: Clock; log: Log; pollMs: number }) {
  const k = db.kysely;
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, Schedule>();
  let schedulesSaved = false;

  async function claim(): Promise<Claimed[]> {
    const now = clock();
    const due = k
      .selectFrom('jobs')
      .select([
        'id',
        'next_run_at',
        sql<number>`row_number() over (partition by coalesce(workspace_id, '') order by next_run_at, id)`.as('turn'),
      ])
      .where('status', '=', 'pending')
      .where('next_run_at', '<=', now)
      .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]));
    const fair = k
      .selectFrom(due.as('d'))
      .select('d.id')
      .where('d.turn', '<=', PER_WORKSPACE)
      .orderBy('d.turn')
      .orderBy('d.next_run_at')
      .limit(BATCH);
    return k
      .updateTable('jobs')
      .set({ locked_until: now + JOB_LEASE_MS, updated_at: now })
      .where('id', 'in', (eb) => {
        if (db.engine !== 'postgres') return fair;
        // Window functions cannot take row locks, so the lock is taken one level up, with the due
        // conditions again: PostgreSQL re-checks them on a row another instance has just claimed.
        return eb
          .selectFrom('jobs')
          .select('id')
          .where('id', 'in', fair)
          .where('status', '=', 'pending')
          .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
          .forUpdate()
          .skipLocked();
      })
      .returning(['id', 'kind', 'workspace_id', 'payload', 'attempt_count', 'locked_until'])
      .execute();
  }

  async function settle(job: Claimed, error: unknown): Promise<void> {
    const now = clock();
    const attempts = job.attempt_count + 1;
    const exhausted = attempts > JOB_RETRY_DELAYS_MS.length;
    const status = error === null ? 'done' : exhausted ? 'failed' : 'pending';
    await k
      .updateTable('jobs')
      .set({
        status,
        attempt_count: attempts,
        next_run_at: status === 'pending' ? now + JOB_RETRY_DELAYS_MS[attempts - 1]! : null,
        locked_until: null,
        last_error: error === null ? null : String(error instanceof Error ? error.message : error).slice(0, 500),
        updated_at: now,
      })
      .where('id', '=', job.id)
      // Only while the claim is still ours; a lapsed claim belongs to whoever took it over.
      .where('locked_until', '=', job.locked_until)
      .execute();
  }

  async function runJob(job: Claimed): Promise<void> {
    const handler = handlers.get(job.kind);
    let failure: unknown = null;
    try {
      // An instance that does not know the kind (an older one, mid-deploy) retries it later.
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(JSON.parse(job.payload), { id: job.id, attempt: job.attempt_count + 1, workspaceId: job.workspace_id });
    } catch (error) {
      failure = error ?? new Error('failed');
      log.warn({ err: error, job: job.id, kind: job.kind }, 'job failed');
    }
    await settle(job, failure);
  }

  async function saveSchedules(): Promise<void> {
    if (schedulesSaved) return;
    const now = clock();
    for (const schedule of schedules.values()) {
      await k
        .insertInto('job_schedules')
        .values({ name: schedule.name, next_run_at: schedule.next(now), locked_until: null, last_run_at: null })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    schedulesSaved = true;
  }

  // When a schedule can next be due, as this instance last read them: until then a drain (one runs after
  // every change) looks at none, where it made one update per schedule, seven round trips to PostgreSQL
  // after every change. Other instances only ever move a schedule later, so a look can come early (one
  // read) but never late.
  let nextLookAt = 0;

  // A due schedule is claimed by one conditional update: of all instances, the one whose update
  // changed the row runs it. A schedule missed while every instance was down runs once on the next
  // look, not once per missed time.
  async function runSchedules(): Promise<number> {
    await saveSchedules();
    if (clock() < nextLookAt) return 0;
    const rows = await k
      .selectFrom('job_schedules')
      .select(['name', 'next_run_at', 'locked_until'])
      .where('name', 'in', [...schedules.keys()])
      .execute();
    let ran = 0;
    let lookAt = Infinity;
    for (const row of rows) {
      const schedule = schedules.get(row.name)!;
      const now = clock();
      const dueAt = Math.max(Number(row.next_run_at), Number(row.locked_until ?? 0));
      if (dueAt > now) {
        lookAt = Math.min(lookAt, dueAt);
        continue;
      }
      const lease = now + JOB_LEASE_MS;
      // Whoever runs it holds it until the lease lapses, when a failed or crashed run is tried again.
      lookAt = Math.min(lookAt, lease);
      const claimed = await k
        .updateTable('job_schedules')
        .set({ locked_until: lease })
        .where('name', '=', schedule.name)
        .where('next_run_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      try {
        await schedule.run(now);
        await k
          .updateTable('job_schedules')
          .set({ next_run_at: schedule.next(now), last_run_at: now, locked_until: null })
          .where('name', '=', schedule.name)
          .where('locked_until', '=', lease)
          .execute();
        ran += 1;
      } catch (error) {
        // The lease stays: it is tried again once it lapses.
        log.warn({ err: error, schedule: schedule.name }, 'scheduled job failed');
      }
    }
    nextLookAt = lookAt;
    return ran;
  }

  // Claims and runs until nothing is due; answers how many jobs and schedules ran.
  async function drain(): Promise<number> {
    let made = await runSchedules();
    for (;;) {
      const claimed = await claim();
      if (claimed.length === 0) return made;
      await Promise.all(claimed.map(runJob));
      made += claimed.length;
    }
  }

  const loop = pollingWorker({ name: 'job runner', log, pollMs, drain });
  const runner = {
    // Each domain names its kinds before the server starts.
    handle(kind: string, handler: JobHandler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} has a handler already`);
      handlers.set(kind, handler);
    },
    schedule(schedule: Schedule) {
      if (schedules.has(schedule.name)) throw new Error(`schedule ${schedule.name} exists already`);
      schedules.set(schedule.name, schedule);
      schedulesSaved = false;
      nextLookAt = 0;
    },
    ...loop,
  };

  runner.schedule({
    name: 'jobs.sweep',
    next: (now) => now + 60 * 60_000,
    run: async (now) => {
      await k
        .deleteFrom('jobs')
        .where('status', 'in', ['done', 'failed'])
        .where('updated_at', '<', now - KEEP_SETTLED_MS)
        .execute();
    },
  });
  return runner;
}
