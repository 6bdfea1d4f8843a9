import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { slackImportError } from '#src/shared/chat/slack-import-messages.ts';
import type { SlackImport, SlackImportPreview } from '#src/shared/chat/slack-import-paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database, SlackImportsTable } from '#src/server/db/schema.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { enqueue } from '#src/server/jobs/queue.ts';
import { JOB_RETRY_DELAYS_MS, type JobRunner } from '#src/server/jobs/runner.ts';
import { every } from '#src/server/jobs/schedule-times.ts';
import { createChange } from '#src/server/tasks/change.ts';
import { ownerScope, readWorkspace } from '#src/server/workspace-access/door.ts';
import { listMembers } from '#src/server/workspace-access/memberships.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { writeBatch, type ImportChannel } from './batch.ts';
import { channelNameFor, peopleOf, readPlan, type ImportPlan } from './plan.ts';
import { channelsHere, previewExport } from './preview.ts';
import { readDay } from './slack-export.ts';
import { openExportArchive } from './zip-archive.ts';

export const SLACK_IMPORT_JOB = 'chat.slack-import';
// Messages one run of the job takes on before it hands over to the next run: a few seconds of work, far
// inside the job's lease, so other jobs (and other workspaces' imports) take their turns in between.
const SLICE_MESSAGES = 2000;
// Messages written in one transaction: the workspace's other changes wait at most one batch.
const BATCH_MESSAGES = 500;
// An export previewed and never imported is dropped after a day.
const KEEP_PREVIEWED_MS = 24 * 60 * 60_000;
const LISTED = 5;

const PayloadSchema = z.object({ importId: z.string(), slice: z.number().int().min(0) });

// Every column but the archive, which only the job reads.
const COLUMNS = [
  'id',
  'workspace_id',
  'created_by',
  'file_name',
  'status',
  'preview',
  'total_messages',
  'processed_messages',
  'imported_messages',
  'cursor_unit',
  'cursor_offset',
  'slice',
  'error',
  'created_at',
  'updated_at',
  'finished_at',
] as const;
type Row = Omit<Selectable<SlackImportsTable>, 'archive'>;

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function toImport(row: Row): SlackImport {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status,
    preview: JSON.parse(row.preview) as SlackImportPreview,
    totalMessages: Number(row.total_messages),
    processedMessages: Number(row.processed_messages),
    importedMessages: Number(row.imported_messages),
    error: row.error,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
  };
}

export interface SlackImportDeps {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  recordEvent: RecordEvent;
  bus: { poke: (workspaceId: string) => void };
  limiter: Pick<RateLimiter, 'checkWrite'>;
}

// The Slack import (product rules C): an owner uploads a workspace export, sees what it holds, and starts
// a background job that brings its public channels, messages, threads and reactions in. Every write
// carries the Slack ids it came from, so a second import of the same export, or a run again after a
// crash, finds what is there and adds nothing twice.
export function createSlackImports({ db, clock, jobs, recordEvent, bus, limiter }: SlackImportDeps) {
  const k = db.kysely;
  const change = createChange(db, recordEvent, bus, limiter, 'slack-import');

  const find = (tx: Kysely<Database>, workspaceId: string, importId: string) =>
    tx.selectFrom('slack_imports').select(COLUMNS).where('workspace_id', '=', workspaceId).where('id', '=', importId).executeTakeFirst();

  async function requireImport(tx: Kysely<Database>, workspaceId: string, importId: string): Promise<Row> {
    const row = await find(tx, workspaceId, importId);
    if (!row) throw new HttpError(404, slackImportError.notFound);
    return row;
  }

  async function fail(importId: string, message: string): Promise<void> {
    await k
      .updateTable('slack_imports')
      .set({ status: 'failed', error: message, archive: null, updated_at: clock(), finished_at: clock() })
      .where('id', '=', importId)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  // The channels the export's public channels land in: made on the first run (named as the preview
  // said, unless a name was taken since), found by their Slack id on every later one.
  async function ensureChannels(scope: WorkspaceScope, plan: ImportPlan): Promise<Map<string, ImportChannel>> {
    const known = async (tx: Kysely<Database>) => (await channelsHere(tx, scope.workspaceId)).bySlackId;
    let found = await known(k);
    if (plan.channels.some((channel) => !found.has(channel.id))) {
      found = await change(
        scope,
        'owner',
        async (tx, record) => {
          const here = await channelsHere(tx, scope.workspaceId);
          for (const channel of plan.channels) {
            if (here.bySlackId.has(channel.id)) continue;
            const id = randomUUID();
            const name = channelNameFor(channel.name, here.taken);
            here.taken.add(name);
            await tx
              .insertInto('chat_channels')
              .values({
                id,
                workspace_id: scope.workspaceId,
                name,
                private: 0,
                archived_at: channel.archived ? clock() : null,
                created_by: scope.actor.userId,
                created_at: clock(),
                slack_id: channel.id,
              })
              .execute();
            await record({ type: 'chat.changed', channelId: id, threadId: null });
          }
          return known(tx);
        },
        { counted: false },
      );
    }
    return new Map(plan.channels.map((channel) => [channel.id, { id: found.get(channel.id)!.id, name: found.get(channel.id)!.name }]));
  }

  // The last run: the Slack channels' members who are members here join the channels, with everything
  // imported read (history is not news), and the export is let go.
  async function finish(
    scope: WorkspaceScope,
    importId: string,
    plan: ImportPlan,
    channels: Map<string, ImportChannel>,
    person: ReturnType<typeof peopleOf>,
  ) {
    await change(
      scope,
      'owner',
      async (tx, record) => {
        for (const channel of plan.channels) {
          const target = channels.get(channel.id)!;
          const joining = [
            ...new Set(
              channel.members.flatMap((id) => {
                const found = person(id);
                return found && 'memberId' in found ? [found.memberId] : [];
              }),
            ),
          ];
          if (joining.length === 0) continue;
          const last = await tx
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.max('seq').as('seq'))
            .where('channel_id', '=', target.id)
            .executeTakeFirst();
          await tx
            .insertInto('chat_members')
            .values(
              joining.map((userId) => ({
                channel_id: target.id,
                user_id: userId,
                workspace_id: scope.workspaceId,
                last_read_seq: Number(last?.seq ?? 0),
                joined_at: clock(),
              })),
            )
            .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
            .execute();
          await record({ type: 'chat.changed', channelId: target.id, threadId: null });
        }
        await tx
          .updateTable('slack_imports')
          .set({ status: 'done', archive: null, error: null, updated_at: clock(), finished_at: clock() })
          .where('id', '=', importId)
          .execute();
      },
      { counted: false },
    );
  }

  // One run of the job: from the saved cursor, up to a slice of messages, a batch per transaction (each
  // moving the cursor with the rows it wrote); then either the finish or the next run, enqueued with the
  // slice's number moved on, so a run repeated after a crash sees it is not its turn and does nothing.
  async function runSlice(importId: string, slice: number): Promise<void> {
    const row = await k.selectFrom('slack_imports').selectAll().where('id', '=', importId).executeTakeFirst();
    if (!row || Number(row.slice) !== slice || (row.status !== 'queued' && row.status !== 'running')) return;
    if (!row.archive) return fail(importId, slackImportError.gone);
    const scope = row.created_by ? await ownerScope(k, row.workspace_id, row.created_by, null) : null;
    if (!scope) return fail(importId, slackImportError.ownerGone);
    const archive = await openExportArchive(Buffer.from(row.archive));
    const plan = await readPlan(archive);
    const channels = await ensureChannels(scope, plan);
    const person = peopleOf(plan.users, await listMembers(k, scope.workspaceId));
    const nameOf = (id: string) => channels.get(id)?.name;
    let unit = Number(row.cursor_unit);
    let offset = Number(row.cursor_offset);
    let budget = SLICE_MESSAGES;
    while (unit < plan.units.length && budget > 0) {
      const { channel, file } = plan.units[unit]!;
      const { messages } = await readDay(archive, file);
      while (offset < messages.length && budget > 0) {
        const batch = messages.slice(offset, offset + Math.min(BATCH_MESSAGES, budget));
        offset += batch.length;
        budget -= batch.length;
        const cursor = offset >= messages.length ? { unit: unit + 1, offset: 0 } : { unit, offset };
        await change(
          scope,
          'owner',
          (tx, record) =>
            writeBatch(tx, record, {
              importId,
              workspaceId: scope.workspaceId,
              channel: channels.get(channel.id)!,
              messages: batch,
              cursor,
              context: { person, channelName: nameOf },
              now: clock(),
            }),
          { counted: false },
        );
      }
      if (offset >= messages.length) {
        unit += 1;
        offset = 0;
      }
    }
    if (unit >= plan.units.length) return finish(scope, importId, plan, channels, person);
    await change(
      scope,
      'owner',
      async (tx) => {
        const now = clock();
        await tx
          .updateTable('slack_imports')
          .set({ slice: slice + 1, status: 'running', cursor_unit: unit, cursor_offset: offset, updated_at: now })
          .where('id', '=', importId)
          .where('slice', '=', slice)
          .execute();
        await enqueue(
          tx,
          {
            kind: SLACK_IMPORT_JOB,
            id: `${SLACK_IMPORT_JOB}:${importId}:${slice + 1}`,
            payload: { importId, slice: slice + 1 },
            workspaceId: scope.workspaceId,
          },
          now,
        );
      },
      { counted: false },
    );
  }

  jobs.handle(SLACK_IMPORT_JOB, async (payload, { attempt }) => {
    const { importId, slice } = PayloadSchema.parse(payload);
    try {
      await runSlice(importId, slice);
    } catch (error) {
      // A refusal (the export, or the door: the owner is an owner no more) will not change by retrying.
      if (error instanceof HttpError) {
        const door = error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 404;
        return fail(importId, door ? slackImportError.ownerGone : error.message);
      }
      if (attempt > JOB_RETRY_DELAYS_MS.length) await fail(importId, slackImportError.failed);
      throw error;
    }
  });

  jobs.schedule({
    name: 'chat.slack-import.sweep',
    next: every(60 * 60_000),
    run: async (now) => {
      await k
        .deleteFrom('slack_imports')
        .where('status', '=', 'previewed')
        .where('created_at', '<', now - KEEP_PREVIEWED_MS)
        .execute();
    },
  });

  return {
    // Before an upload is read: only an owner, within the upload allowance, gets to send 50 MB.
    mayUpload(scope: WorkspaceScope): Promise<void> {
      return readWorkspace(k, scope, 'owner', async () => undefined);
    },

    // Checked and counted in full before it is kept; the upload itself was counted before it was read.
    async upload(scope: WorkspaceScope, fileName: string, bytes: Buffer): Promise<SlackImport> {
      const preview = await readWorkspace(k, scope, 'owner', async (reader) =>
        previewExport(reader, scope.workspaceId, await openExportArchive(bytes)),
      );
      return change(
        scope,
        'owner',
        async (tx) => {
          const now = clock();
          const row = {
            id: randomUUID(),
            workspace_id: scope.workspaceId,
            created_by: scope.actor.userId,
            file_name: fileName,
            archive: bytes,
            status: 'previewed' as const,
            preview: JSON.stringify(preview),
            total_messages: preview.messages,
            created_at: now,
            updated_at: now,
            finished_at: null,
            error: null,
          };
          await tx.insertInto('slack_imports').values(row).execute();
          return toImport({ ...row, processed_messages: 0, imported_messages: 0, cursor_unit: 0, cursor_offset: 0, slice: 0 });
        },
        { counted: false },
      );
    },

    list(scope: WorkspaceScope): Promise<SlackImport[]> {
      return readWorkspace(k, scope, 'owner', async (reader, owner) => {
        const rows = await reader
          .selectFrom('slack_imports')
          .select(COLUMNS)
          .where('workspace_id', '=', owner.workspaceId)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(LISTED)
          .execute();
        return rows.map(toImport);
      });
    },

    get(scope: WorkspaceScope, importId: string): Promise<SlackImport> {
      return readWorkspace(k, scope, 'owner', async (reader, owner) => toImport(await requireImport(reader, owner.workspaceId, importId)));
    },

    start(scope: WorkspaceScope, importId: string): Promise<SlackImport> {
      return change(scope, 'owner', async (tx) => {
        const row = await requireImport(tx, scope.workspaceId, importId);
        if (row.status !== 'previewed') throw new HttpError(409, slackImportError.started);
        const busy = await tx
          .selectFrom('slack_imports')
          .select('id')
          .where('workspace_id', '=', scope.workspaceId)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst();
        if (busy) throw new HttpError(409, slackImportError.busy);
        const now = clock();
        await tx.updateTable('slack_imports').set({ status: 'queued', updated_at: now }).where('id', '=', importId).execute();
        await enqueue(
          tx,
          {
            kind: SLACK_IMPORT_JOB,
            id: `${SLACK_IMPORT_JOB}:${importId}:0`,
            payload: { importId, slice: 0 },
            workspaceId: scope.workspaceId,
          },
          now,
        );
        return toImport({ ...row, status: 'queued', updated_at: now });
      });
    },

    discard(scope: WorkspaceScope, importId: string): Promise<void> {
      return change(scope, 'owner', async (tx) => {
        const row = await requireImport(tx, scope.workspaceId, importId);
        if (row.status === 'queued' || row.status === 'running') throw new HttpError(409, slackImportError.running);
        await tx.deleteFrom('slack_imports').where('id', '=', importId).execute();
      });
    },
  };
}

export type SlackImports = ReturnType<typeof createSlackImports>;
