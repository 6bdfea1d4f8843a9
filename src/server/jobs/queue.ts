import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#src/server/db/schema.ts';

export interface NewJob {
  kind: string;
  payload: unknown;
  // The idempotency key: a second enqueue with the same id (a replayed hook, a retried request) adds
  // nothing. Left out, every enqueue is a job of its own.
  id?: string;
  // Jobs of one workspace share the worker fairly with the others' (a burst in one waits its turn).
  workspaceId?: string | null;
  // Not before this time (epoch ms); now when left out.
  runAt?: number;
}

// Called inside the transaction of the change, so the change and its job commit together or not at
// all: no job for a change that rolled back, no change without its job. Answers the job's id.
export async function enqueue(tx: Kysely<Database>, job: NewJob, now: number): Promise<string> {
  const [id] = await enqueueAll(tx, [job], now);
  return id!;
}

// Several jobs in one statement (a comment's mails to everyone it mentions), as `enqueue` each.
export async function enqueueAll(tx: Kysely<Database>, jobs: NewJob[], now: number): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = jobs.map((job) => ({
    id: job.id ?? randomUUID(),
    kind: job.kind,
    workspace_id: job.workspaceId ?? null,
    payload: JSON.stringify(job.payload ?? null),
    status: 'pending' as const,
    attempt_count: 0,
    next_run_at: job.runAt ?? now,
    locked_until: null,
    last_error: null,
    created_at: now,
    updated_at: now,
  }));
  await tx
    .insertInto('jobs')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return rows.map((row) => row.id);
}
