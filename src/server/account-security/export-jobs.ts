import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Selectable } from 'kysely';
import { securityError } from '#src/shared/account-security/messages.ts';
import { EXPORT_AVAILABLE_MS, type AccountExportInfo } from '#src/shared/account-security/paths.ts';
import type { UserRow } from '#src/server/accounts/users.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { AccountExportsTable } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { SendLater } from '#src/server/jobs/email-outbox.ts';
import { enqueue } from '#src/server/jobs/queue.ts';
import { JOB_RETRY_DELAYS_MS, type JobRunner } from '#src/server/jobs/runner.ts';
import { every } from '#src/server/jobs/schedule-times.ts';
import { writeAccountEvent } from './account-events.ts';
import { exportAccount } from './export.ts';
import { exportReadyMail } from './mails.ts';

export const EXPORT_JOB = 'account.export';
// Exports listed in the Security tab: the latest few, whatever their state.
const LISTED = 5;
// A half-written file this old belongs to no running export (a crash left it): the sweep removes it.
const ABANDONED_PART_MS = 60 * 60_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function toInfo(row: Selectable<AccountExportsTable>): AccountExportInfo {
  return {
    id: row.id,
    status: row.status,
    requestedAt: iso(row.created_at)!,
    readyAt: iso(row.ready_at),
    expiresAt: iso(row.expires_at),
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  };
}

// product rules U4: a data export is a background job. The job streams the account's data into
// DATA_DIR/exports/<id>.json (reading a page at a time and yielding between pages, so the server keeps
// answering everyone else), marks it ready, and emails its owner in the same transaction. Its owner
// alone downloads it, signed in, for EXPORT_AVAILABLE_MS; then the sweep deletes the file and the row.
export function createAccountExports({
  db,
  clock,
  jobs,
  sendLater,
  dataDir,
  origin,
  twoFactorOn,
}: {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  sendLater: SendLater;
  dataDir: string;
  origin: string;
  twoFactorOn: (userId: string) => Promise<boolean>;
}) {
  const k = db.kysely;
  const folder = join(dataDir, 'exports');
  const fileOf = (id: string) => join(folder, `${id}.json`);
  // One export at a time in this process: several at once would each take their turn on the event loop
  // between pages, and together hold it for longer than anyone should wait.
  let turn: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work, work);
    turn = run.catch(() => undefined);
    return run;
  };

  async function write(user: UserRow, id: string): Promise<number> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // Written aside and renamed when whole: a download never sees half a file, and a run again after a
    // crash (the job runs at least once) starts clean.
    const part = join(folder, `${id}.${randomUUID()}.part`);
    try {
      const source = Readable.from(exportAccount(k, user, clock(), await twoFactorOn(user.id)));
      await pipeline(source, createWriteStream(part, { mode: 0o600 }));
      await rename(part, fileOf(id));
    } catch (error) {
      await unlink(part).catch(() => undefined);
      throw error;
    }
    return (await stat(fileOf(id))).size;
  }

  jobs.handle(EXPORT_JOB, async (payload, job) => {
    const { exportId } = payload as { exportId: string };
    const row = await k.selectFrom('account_exports').selectAll().where('id', '=', exportId).executeTakeFirst();
    if (row?.status !== 'pending') return;
    const user = await k.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (!user) return;
    try {
      const size = await oneAtATime(() => write(user, exportId));
      const now = clock();
      const expiresAt = now + EXPORT_AVAILABLE_MS;
      await k.transaction().execute(async (tx) => {
        const marked = await tx
          .updateTable('account_exports')
          .set({ status: 'ready', size_bytes: size, ready_at: now, expires_at: expiresAt })
          .where('id', '=', exportId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return;
        const expires = new Date(expiresAt).toISOString().slice(0, 16).replace('T', ' ');
        await sendLater(tx, exportReadyMail(user.email, `${origin}/profile-settings#security-export`, expires), `export-ready:${exportId}`);
      });
      jobs.wake();
    } catch (error) {
      // The last try: the Security tab says so, and offers a new one.
      if (job.attempt > JOB_RETRY_DELAYS_MS.length) {
        await k.updateTable('account_exports').set({ status: 'failed' }).where('id', '=', exportId).execute();
      }
      throw error;
    }
  });

  async function sweep(now: number): Promise<void> {
    const expired = await k
      .deleteFrom('account_exports')
      .where((w) =>
        w.or([
          w.and([w('status', '=', 'ready'), w('expires_at', '<=', now)]),
          // A failed one, or one whose job gave up without a word, stays listed a day.
          w.and([w('status', '!=', 'ready'), w('created_at', '<=', now - EXPORT_AVAILABLE_MS)]),
        ]),
      )
      .returning('id')
      .execute();
    await Promise.all(expired.map(({ id }) => unlink(fileOf(id)).catch(() => undefined)));
    // Files whose row is gone (the account was deleted, or the row swept while this instance was down).
    const names = await readdir(folder).catch(() => [] as string[]);
    const kept = new Set((await k.selectFrom('account_exports').select('id').execute()).map((row) => row.id));
    for (const name of names) {
      const id = name.split('.')[0]!;
      if (kept.has(id)) continue;
      const path = join(folder, name);
      if (name.endsWith('.part')) {
        const written = await stat(path).catch(() => null);
        if (written && written.mtimeMs > Date.now() - ABANDONED_PART_MS) continue;
      }
      await unlink(path).catch(() => undefined);
    }
  }
  jobs.schedule({ name: 'account-exports.sweep', next: every(60 * 60_000), run: sweep });

  return {
    // A new export, unless one is still being made: then that one.
    async request(user: UserRow, ip: string | null): Promise<AccountExportInfo> {
      const now = clock();
      const info = await k.transaction().execute(async (tx) => {
        const waiting = await tx
          .selectFrom('account_exports')
          .selectAll()
          .where('user_id', '=', user.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (waiting) return toInfo(waiting);
        const row = {
          id: randomUUID(),
          user_id: user.id,
          status: 'pending' as const,
          size_bytes: null,
          created_at: now,
          ready_at: null,
          expires_at: null,
        };
        await tx.insertInto('account_exports').values(row).execute();
        await enqueue(tx, { kind: EXPORT_JOB, id: `export:${row.id}`, payload: { exportId: row.id } }, now);
        await writeAccountEvent(tx, { userId: user.id, action: 'account.export', ip }, now);
        return toInfo(row);
      });
      jobs.wake();
      return info;
    },

    async list(userId: string): Promise<AccountExportInfo[]> {
      const rows = await k
        .selectFrom('account_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .where((w) => w.or([w('status', '!=', 'ready'), w('expires_at', '>', clock())]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LISTED)
        .execute();
      return rows.map(toInfo);
    },

    // Another account's export, an expired one and one not ready are all "not found" (product rules W6).
    async open(userId: string, id: string): Promise<{ file: Readable; size: number; day: string }> {
      const row = await k
        .selectFrom('account_exports')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'ready')
        .where('expires_at', '>', clock())
        .executeTakeFirst();
      const size = row
        ? await stat(fileOf(row.id)).then(
            (found) => found.size,
            () => null,
          )
        : null;
      if (!row || size === null) throw new HttpError(404, securityError.exportNotFound);
      return { file: createReadStream(fileOf(row.id)), size, day: new Date(Number(row.created_at)).toISOString().slice(0, 10) };
    },

    sweep,
  };
}

export type AccountExports = ReturnType<typeof createAccountExports>;
