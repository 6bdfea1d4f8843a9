import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { z } from 'zod';
import { aiError } from '#src/shared/ai/messages.ts';
import type { ParseContext } from '#src/shared/ai/parse-line.ts';
import { wallClock } from '#src/shared/ai/time-zone.ts';
import {
  PROPOSALS_MAX,
  type AiSettingsResponse,
  type CreatedBatchResponse,
  type ProposalSource,
  type ProposalStreamLine,
} from '#src/shared/ai/paths.ts';
import type { CreateBatchSchema, ProposeSchema } from '#src/shared/ai/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { lazy } from '#src/server/lazy.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { withWorkspace } from '#src/server/workspace-access/door.ts';
import type { Tasks } from '#src/server/tasks/service.ts';
import { audited, writeAudit } from '#src/server/workspaces/audit.ts';
import { listMembers } from '#src/server/workspace-access/memberships.ts';
import { projectRows, toProject } from '#src/server/clients/reads.ts';
import { projectNames } from '#src/shared/clients/project-names.ts';
import { toProposal } from './model-output.ts';
import { ModelError, type ChatProvider } from './provider.ts';

export interface AiDeps {
  db: Db;
  clock: Clock;
  tasks: Tasks;
  // Null when the server has no model configured.
  provider: ChatProvider | null;
  dailyLimit: number;
  log: { warn: (details: object, message: string) => void };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

const fallbackReason = { busy: 'model-busy', timeout: 'model-timeout', invalid: 'model-failed', failed: 'model-failed' } as const;

// The parser and chrono-node's date grammar under it, loaded with the first proposal run.
const parser = lazy(() => import('#src/shared/ai/parse-tasks.ts'));

// AI task creation: text in, proposals out (from the model when there is one and the workspace allows
// it, else from the parser), and reviewed proposals created together as one batch that undoes as one.
// Nothing here acts on what the model says: its answer only ever becomes proposals for a person.
export function createAi({ db, clock, tasks, provider, dailyLimit, log }: AiDeps) {
  const k = db.kysely;

  async function parseContext(scope: WorkspaceScope, timeZone: string): Promise<ParseContext> {
    const [members, labels, projects] = await Promise.all([
      listMembers(k, scope.workspaceId),
      tasks.labels(scope),
      projectRows(k, scope.workspaceId).execute(),
    ]);
    return {
      now: clock(),
      timeZone,
      members: members.map((member) => ({ id: member.userId, name: member.name, email: member.email })),
      labels,
      projects: projectNames(projects.map(toProject)),
    };
  }

  async function enabled(workspaceId: string): Promise<boolean> {
    const row = await k.selectFrom('ai_settings').select('enabled').where('workspace_id', '=', workspaceId).executeTakeFirst();
    return row ? row.enabled === 1 : true;
  }

  async function usedToday(workspaceId: string): Promise<number> {
    const row = await k
      .selectFrom('ai_usage')
      .select('requests')
      .where('workspace_id', '=', workspaceId)
      .where('day', '=', utcDay(clock()))
      .executeTakeFirst();
    return Number(row?.requests ?? 0);
  }

  // Counts one model request against today's allowance, atomically (one upsert), so a burst across
  // instances cannot pass it. False once the allowance is spent.
  async function spendRequest(workspaceId: string): Promise<boolean> {
    const row = await k
      .insertInto('ai_usage')
      .values({ workspace_id: workspaceId, day: utcDay(clock()), requests: 1 })
      .onConflict((conflict) => conflict.columns(['workspace_id', 'day']).doUpdateSet({ requests: sql`ai_usage.requests + 1` }))
      .returning('requests')
      .executeTakeFirstOrThrow();
    return Number(row.requests) <= dailyLimit;
  }

  // Why the parser must do the work this time, or null when the model may.
  async function parserBecause(workspaceId: string): Promise<ProposalSource | null> {
    if (!provider) return { kind: 'parser', reason: 'not-configured' };
    if (!(await enabled(workspaceId))) return { kind: 'parser', reason: 'turned-off' };
    if (!(await spendRequest(workspaceId))) return { kind: 'parser', reason: 'daily-limit' };
    return null;
  }

  async function* fromParser(
    text: string,
    context: ParseContext,
    source: ProposalSource,
    restart: boolean,
  ): AsyncGenerator<ProposalStreamLine> {
    const { parseTasks } = await parser();
    yield restart ? { type: 'restart', source } : { type: 'source', source };
    const { proposals, report } = parseTasks(text, context);
    for (const proposal of proposals) yield { type: 'proposal', proposal };
    yield { type: 'done', report };
  }

  async function* fromModel(
    model: ChatProvider,
    text: string,
    context: ParseContext,
    signal: AbortSignal,
  ): AsyncGenerator<ProposalStreamLine> {
    const today = wallClock(context.now, context.timeZone);
    const input = {
      text,
      memberNames: context.members.map((member) => member.name),
      labels: context.labels ?? [],
      today: today.toISOString().slice(0, 10),
      weekday: WEEKDAYS[today.getUTCDay()]!,
    };
    const source: ProposalSource = { kind: 'model', model: model.model };
    yield { type: 'source', source };
    // An answer that breaks the schema is asked for once more; anything else goes to the parser.
    for (let attempt = 1; ; attempt += 1) {
      let sent = 0;
      try {
        for await (const task of model.propose(input, signal)) {
          const proposal = toProposal(task, context);
          if (!proposal || sent >= PROPOSALS_MAX) continue;
          sent += 1;
          yield { type: 'proposal', proposal };
        }
        yield { type: 'done', report: null };
        return;
      } catch (error) {
        if (signal.aborted) return;
        const kind = error instanceof ModelError ? error.kind : 'failed';
        log.warn({ kind, attempt, detail: error instanceof Error ? error.message : String(error) }, 'AI model request failed');
        if (kind === 'invalid' && attempt === 1) {
          if (sent > 0) yield { type: 'restart', source };
          continue;
        }
        yield* fromParser(text, context, { kind: 'parser', reason: fallbackReason[kind] }, true);
        return;
      }
    }
  }

  async function batchOf(tx: Kysely<Database>, scope: WorkspaceScope, batchId: string) {
    const batch = await tx
      .selectFrom('ai_batches')
      .select('id')
      .where('id', '=', batchId)
      .where('workspace_id', '=', scope.workspaceId)
      .executeTakeFirst();
    if (!batch) throw new HttpError(404, aiError.batchNotFound);
  }

  // The batch's tasks that are live (undone = false) or held deleted by its undo (undone = true).
  async function batchTasks(tx: Kysely<Database>, batchId: string, undone: boolean): Promise<string[]> {
    const rows = await tx
      .selectFrom('ai_batch_tasks as b')
      .innerJoin('tasks as t', 't.id', 'b.task_id')
      .select('b.task_id')
      .where('b.batch_id', '=', batchId)
      .where('b.undone', '=', undone ? 1 : 0)
      .where('t.deleted_at', undone ? 'is not' : 'is', null)
      .orderBy('t.position', 'desc')
      .execute();
    return rows.map((row) => row.task_id);
  }

  async function markUndone(tx: Kysely<Database>, batchId: string, taskIds: string[], undone: boolean) {
    await tx
      .updateTable('ai_batch_tasks')
      .set({ undone: undone ? 1 : 0 })
      .where('batch_id', '=', batchId)
      .where('task_id', 'in', taskIds)
      .execute();
  }

  return {
    // The stream of one proposal run: who proposes, each proposal as it comes, then done.
    async *propose(scope: WorkspaceScope, body: z.output<typeof ProposeSchema>, signal: AbortSignal): AsyncGenerator<ProposalStreamLine> {
      const context = await parseContext(scope, body.timeZone);
      const because = await parserBecause(scope.workspaceId);
      if (because || !provider) yield* fromParser(body.text, context, because ?? { kind: 'parser', reason: 'not-configured' }, false);
      else yield* fromModel(provider, body.text, context, signal);
    },

    // Every reviewed task in one transaction through the task service (an event each), remembered as
    // one batch so one undo removes them all.
    async createBatch(scope: WorkspaceScope, body: z.output<typeof CreateBatchSchema>): Promise<CreatedBatchResponse> {
      const batchId = randomUUID();
      const made = await tasks.createMany(scope, body.tasks, async (tx, created) => {
        await tx
          .insertInto('ai_batches')
          .values({ id: batchId, workspace_id: scope.workspaceId, created_by: scope.actor.userId, created_at: clock() })
          .execute();
        await tx
          .insertInto('ai_batch_tasks')
          .values(created.map((task) => ({ batch_id: batchId, task_id: task.id, undone: 0 })))
          .execute();
      });
      return { batchId, taskIds: made.map((task) => task.id) };
    },

    // Undo: the batch's tasks still on the board are deleted (each restorable, like any delete).
    async undoBatch(scope: WorkspaceScope, batchId: string): Promise<number> {
      const removed = await tasks.removeMany(scope, async (tx) => {
        await batchOf(tx, scope, batchId);
        const ids = await batchTasks(tx, batchId, false);
        if (ids.length === 0) throw new HttpError(409, aiError.nothingToUndo);
        await markUndone(tx, batchId, ids, true);
        return ids;
      });
      return removed.length;
    },

    // Redo: what the undo removed comes back where it was.
    async restoreBatch(scope: WorkspaceScope, batchId: string): Promise<number> {
      const restored = await tasks.restoreMany(scope, async (tx) => {
        await batchOf(tx, scope, batchId);
        const ids = await batchTasks(tx, batchId, true);
        if (ids.length === 0) throw new HttpError(409, aiError.nothingToRestore);
        await markUndone(tx, batchId, ids, false);
        return ids;
      });
      return restored.length;
    },

    async settings(scope: WorkspaceScope): Promise<AiSettingsResponse> {
      return {
        enabled: await enabled(scope.workspaceId),
        model: provider?.model ?? null,
        // Refused requests count too (one upsert checks and counts), so the figure stops at the limit.
        usedToday: Math.min(await usedToday(scope.workspaceId), dailyLimit),
        dailyLimit,
        canChange: scope.role === 'owner',
      };
    },

    // The owners' switch, in the workspace's audit trail.
    async setEnabled(scope: WorkspaceScope, on: boolean): Promise<void> {
      await withWorkspace(k, scope, { role: 'owner', refusal: aiError.ownerOnly }, async (tx, entered) => {
        const now = clock();
        const by = scope.actor.userId;
        await tx
          .insertInto('ai_settings')
          .values({ workspace_id: scope.workspaceId, enabled: on ? 1 : 0, updated_by: by, updated_at: now })
          .onConflict((conflict) => conflict.column('workspace_id').doUpdateSet({ enabled: on ? 1 : 0, updated_by: by, updated_at: now }))
          .execute();
        await writeAudit(tx, { ...audited(entered), action: 'ai.settings', details: { enabled: on } }, now);
      });
    },
  };
}

export type Ai = ReturnType<typeof createAi>;
