import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { githubError } from '#src/shared/github/messages.ts';
import { GITHUB_COMMITS_MAX, type GithubLinkState, type HookResponse } from '#src/shared/github/paths.ts';
import { closingKeysIn, keysIn, taskKey } from '#src/shared/tasks/task-keys.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database, GithubReposTable } from '#src/server/db/schema.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Tasks } from '#src/server/tasks/service.ts';
import { taskPrefixOf } from '#src/server/tasks/task-keys.ts';
import { ownerScope, withWorkspace } from '#src/server/workspace-access/door.ts';
import { shownRef, type Github } from './service.ts';

// X-Hub-Signature-256 is `sha256=` and the HMAC-SHA256 of the exact bytes sent, keyed by the secret.
// Compared in constant time, so the answer's timing says nothing about how much of a guess was right.
export function signatureMatches(secret: string, body: Buffer, header: string | undefined): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Only the fields Tessera reads; GitHub sends many more, which are ignored.
const repository = z.object({ full_name: z.string().max(300) });
const PushSchema = z.object({
  repository,
  commits: z.array(z.object({ id: z.string().max(100), message: z.string(), url: z.string().max(2000) })).default([]),
});
const PullRequestSchema = z.object({
  action: z.string().max(100),
  repository,
  pull_request: z.object({
    number: z.int().min(1),
    title: z.string(),
    body: z.string().nullable().default(null),
    html_url: z.string().max(2000),
    state: z.enum(['open', 'closed']),
    draft: z.boolean().default(false),
    merged: z.boolean().nullable().default(false),
    head: z.object({ ref: z.string().max(300) }),
  }),
});
const PingSchema = z.object({ repository: repository.optional() });

const DELIVERY_ID = /^[A-Za-z0-9-]{1,100}$/;

interface Delivery {
  repoId: string;
  event: string | undefined;
  deliveryId: string | undefined;
  signature: string | undefined;
  contentType: string | undefined;
  body: Buffer;
  ip: string;
}

interface Link {
  kind: 'commit' | 'pull_request';
  ref: string;
  title: string;
  url: string;
  state: GithubLinkState;
  // Task numbers it names, and those it moves (and to which column).
  numbers: number[];
  moveTo: { columnId: string; numbers: number[] } | null;
}

type ParsedEvent =
  | { event: 'push'; payload: z.output<typeof PushSchema> }
  | { event: 'pull_request'; payload: z.output<typeof PullRequestSchema> }
  | { event: 'ping'; payload: z.output<typeof PingSchema> };

function parseEvent(event: string, payload: unknown): ParsedEvent {
  if (event === 'push') return { event, payload: parse(PushSchema, payload) };
  if (event === 'pull_request') return { event, payload: parse(PullRequestSchema, payload) };
  if (event === 'ping') return { event, payload: parse(PingSchema, payload) };
  throw new HttpError(400, githubError.unknownEvent(event.slice(0, 50) || 'none'));
}

const firstLine = (text: string) => text.split('\n', 1)[0]!.slice(0, 300);

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, githubError.badPayload);
  return parsed.data;
}

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  github: Github;
  tasks: Tasks;
  recordEvent: RecordEvent;
  // After the commit: the live streams hear of the links.
  bus: { poke: (workspaceId: string) => void };
}

// One delivery from GitHub: checked (address, signature, delivery id, event, payload, repository), then
// its links written and its delivery id taken in one transaction under the workspace lock, then its
// moves made through the task service, so the board, the activity, webhooks and notifications hear of
// them as of any move. Each link is an event of its own (GitHub's doing, no member's), so the task's
// links refresh live and Recent Activity shows it. A refused delivery changes no task; once its signature is proved, the refusal
// is noted on the repository so the Apps page can show it.
export function createDeliveries({ db, clock, github, tasks, recordEvent, bus }: DeliveryDeps) {
  const k = db.kysely;

  async function noteError(repoId: string, error: HttpError) {
    await k.updateTable('github_repos').set({ last_error: error.message, last_error_at: clock() }).where('id', '=', repoId).execute();
  }

  function linksOf(parsed: ParsedEvent, prefix: string, settings: Awaited<ReturnType<Github['settingsOf']>>): Link[] {
    if (parsed.event === 'push') {
      return parsed.payload.commits.slice(0, GITHUB_COMMITS_MAX).map((commit) => ({
        kind: 'commit',
        ref: commit.id,
        title: firstLine(commit.message),
        url: commit.url,
        state: 'pushed',
        numbers: keysIn(commit.message, prefix),
        moveTo: null,
      }));
    }
    if (parsed.event === 'pull_request') {
      const { action, pull_request: pr } = parsed.payload;
      const text = `${pr.title}\n${pr.body ?? ''}`;
      const numbers = keysIn(`${text}\n${pr.head.ref}`, prefix);
      const merged = pr.merged === true;
      const state: GithubLinkState = merged ? 'merged' : pr.state === 'closed' ? 'closed' : pr.draft ? 'draft' : 'open';
      let moveTo: Link['moveTo'] = null;
      if (['opened', 'reopened', 'ready_for_review'].includes(action) && settings.moveOnOpen && settings.openColumnId) {
        moveTo = { columnId: settings.openColumnId, numbers };
      }
      if (action === 'closed' && merged && settings.moveOnMerge && settings.mergedColumnId) {
        moveTo = { columnId: settings.mergedColumnId, numbers: closingKeysIn(text, prefix) };
      }
      return [{ kind: 'pull_request', ref: String(pr.number), title: firstLine(pr.title), url: pr.html_url, state, numbers, moveTo }];
    }
    return [];
  }

  async function tasksNamed(
    tx: Kysely<Database>,
    workspaceId: string,
    numbers: number[],
  ): Promise<Map<number, { id: string; title: string }>> {
    if (numbers.length === 0) return new Map();
    const rows = await tx
      .selectFrom('tasks')
      .select(['id', 'number', 'title'])
      .where('workspace_id', '=', workspaceId)
      .where('number', 'in', numbers)
      .where('deleted_at', 'is', null)
      .execute();
    return new Map(rows.map((row) => [Number(row.number), { id: row.id, title: row.title }]));
  }

  async function verified(delivery: Delivery): Promise<{ row: GithubReposTable; parsed: ParsedEvent; deliveryId: string }> {
    const target = await github.hookTarget(delivery.repoId);
    if (!target || !signatureMatches(target.secret, delivery.body, delivery.signature)) {
      // An unknown address and a wrong signature look alike to the sender: neither is confirmed.
      throw new HttpError(target ? 401 : 404, target ? githubError.badSignature : githubError.repoNotFound);
    }
    const { row } = target;
    try {
      if (!delivery.deliveryId || !DELIVERY_ID.test(delivery.deliveryId)) throw new HttpError(400, githubError.noDeliveryId);
      const event = delivery.event ?? '';
      if (!/^application\/json\s*(;|$)/i.test(delivery.contentType ?? '')) throw new HttpError(415, githubError.notJson);
      let payload: unknown;
      try {
        payload = JSON.parse(delivery.body.toString('utf8'));
      } catch {
        throw new HttpError(400, githubError.badPayload);
      }
      const named = (payload as { repository?: { full_name?: unknown } } | null)?.repository?.full_name;
      if (typeof named === 'string' && named.toLowerCase() !== row.full_name)
        throw new HttpError(400, githubError.otherRepo(row.full_name));
      const parsed = parseEvent(event, payload);
      return { row, parsed, deliveryId: delivery.deliveryId };
    } catch (error) {
      if (error instanceof HttpError) await noteError(row.id, error);
      throw error;
    }
  }

  return {
    // The repository a delivery names, for the rate limit, before anything else is read.
    async workspaceOf(repoId: string): Promise<string | null> {
      const row = await k.selectFrom('github_repos').select('workspace_id').where('id', '=', repoId).executeTakeFirst();
      return row?.workspace_id ?? null;
    },

    async receive(delivery: Delivery): Promise<HookResponse> {
      const { row, parsed, deliveryId } = await verified(delivery);
      const scope = row.created_by ? await ownerScope(k, row.workspace_id, row.created_by, delivery.ip) : null;
      if (!scope) {
        const refused = new HttpError(403, githubError.ownerGone);
        await noteError(row.id, refused);
        throw refused;
      }
      const moves = await withWorkspace(k, scope, 'member', async (tx) => {
        const now = clock();
        const taken = await tx
          .insertInto('github_deliveries')
          .values({ repo_id: row.id, delivery_id: deliveryId, workspace_id: row.workspace_id, received_at: now })
          .onConflict((conflict) => conflict.columns(['repo_id', 'delivery_id']).doNothing())
          .returning('delivery_id')
          .executeTakeFirst();
        if (!taken) throw new HttpError(409, githubError.replayed);
        const prefix = await taskPrefixOf(tx, row.workspace_id);
        const links = linksOf(parsed, prefix, await github.settingsOf(tx, row.workspace_id));
        const named = await tasksNamed(tx, row.workspace_id, [...new Set(links.flatMap((link) => link.numbers))]);
        let linked = 0;
        for (const link of links) {
          for (const number of link.numbers) {
            const task = named.get(number);
            if (!task) continue;
            const values = { title: link.title, url: link.url, state: link.state, updated_at: now };
            await tx
              .insertInto('github_links')
              .values({
                id: randomUUID(),
                workspace_id: row.workspace_id,
                task_id: task.id,
                repo_id: row.id,
                kind: link.kind,
                ref: link.ref,
                ...values,
              })
              .onConflict((conflict) => conflict.columns(['task_id', 'repo_id', 'kind', 'ref']).doUpdateSet(values))
              .execute();
            await recordEvent(tx, {
              workspaceId: row.workspace_id,
              actorId: null,
              data: {
                type: 'github.linked',
                task: { id: task.id, title: task.title, key: taskKey(prefix, number) },
                link: {
                  kind: link.kind,
                  repo: row.full_name,
                  ref: shownRef(link.kind, link.ref),
                  title: link.title,
                  url: link.url,
                  state: link.state,
                },
              },
            });
            linked += 1;
          }
        }
        await tx
          .updateTable('github_repos')
          .set({ last_delivery_at: now, last_event: parsed.event, last_error: null, last_error_at: null })
          .where('id', '=', row.id)
          .execute();
        const toMove = links.flatMap((link) =>
          link.moveTo
            ? link.moveTo.numbers.flatMap((number) =>
                named.has(number) ? [{ taskId: named.get(number)!.id, columnId: link.moveTo!.columnId }] : [],
              )
            : [],
        );
        return { linked, toMove };
      });
      bus.poke(row.workspace_id);
      let moved = 0;
      for (const move of moves.toMove) {
        const task = await tasks.get(scope, move.taskId);
        if (task.columnId === move.columnId) continue;
        await tasks.move(scope, move.taskId, { columnId: move.columnId, afterId: null });
        moved += 1;
      }
      return { ok: true, linked: moves.linked, moved };
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
