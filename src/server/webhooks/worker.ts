import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { webhookAttemptError } from '#src/shared/webhooks/messages.ts';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS } from '#src/shared/webhooks/paths.ts';
import { raiseAlert, webhookDisabledAlert, webhookFailedAlert } from '#src/server/admin/alerts.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { groupCommit } from '#src/server/db/group-commit.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { webhookDisabledMail } from '#src/server/mail/templates.ts';
import type { SecretBox } from '#src/server/security/secret-box.ts';
import { ownerEmails } from '#src/server/workspace-access/memberships.ts';
import { writeAudit } from '#src/server/workspaces/audit.ts';
import type { AddressPolicy, Resolver } from './address-guard.ts';
import { pollingWorker } from '#src/server/jobs/polling-worker.ts';
import { createConnectionPool } from './connections.ts';
import { openWebhookSecret } from './secrets.ts';
import { sendWebhook, type AttemptResult } from './send.ts';

// A claim outlives the longest attempt (10 s) many times over, so a slow database write after the
// answer never lets another worker start the same attempt; a crashed worker's claim lapses after it.
export const WEBHOOK_LEASE_MS = 60_000;
// Attempts in flight at once in this instance, and at most, across instances, for one workspace and for
// one endpoint: endpoints that never answer hold at most half the worker, and only until they rest.
export const WEBHOOK_IN_FLIGHT = 48;
export const WEBHOOK_IN_FLIGHT_PER_WORKSPACE = 24;
export const WEBHOOK_IN_FLIGHT_PER_ENDPOINT = 24;
// How long a worker with nothing it may claim waits before looking again, while other instances hold
// the caps of what is still due.
const BLOCKED_WAIT_MS = 20;
const REFILL_AFTER_MS = 1;
// After attempts that time out, an endpoint rests 30 s, doubling per timeout in a row, at most 15 min.
export const WEBHOOK_REST_MS = 30_000;
export const WEBHOOK_REST_MAX_MS = 15 * 60_000;
const RESTS_BEFORE_MAX = Math.ceil(Math.log2(WEBHOOK_REST_MAX_MS / WEBHOOK_REST_MS));

interface Log {
  warn(obj: object, msg: string): void;
}

export interface WebhookWorkerDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Log;
  box: SecretBox;
  policy: AddressPolicy;
  // Milliseconds between looks at the outbox; 0 leaves the worker to be run by hand (tests).
  pollMs: number;
  resolve?: Resolver;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  event_id: string;
  payload: string;
  attempt_count: number;
  locked_until: number | null;
}

interface Settled {
  delivery: Claimed;
  result: AttemptResult;
  at: number;
}

interface Endpoint {
  url: string;
  secret: string;
}

interface Disabled {
  workspaceId: string;
  url: string;
}

// An endpoint with a failure on record: a success clears it (most successes follow successes, so the
// endpoint row is written only then).
const failureToClear = sql<boolean>`(failing_since IS NOT NULL OR resting_until IS NOT NULL OR timeouts_in_a_row <> 0)`;

const succeeded = (result: AttemptResult) => result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

const attemptRow = ({ delivery, result, at }: Settled) => ({
  id: randomUUID(),
  delivery_id: delivery.id,
  attempted_at: at,
  status_code: result.statusCode,
  duration_ms: result.durationMs,
  response: result.response,
  error: result.error,
});

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;

// Product rules H3 and W4: delivers the outbox. A delivery is claimed with a lease before its attempt
// and settled after it; a crash at any point leaves it pending (claimed or not), so it is sent again
// once the lease lapses: at least once, never lost, with the same webhook-id.
export function createWebhookWorker({ db, clock, mailer, log, box, policy, pollMs, resolve }: WebhookWorkerDeps) {
  const k = db.kysely;
  const connections = createConnectionPool(WEBHOOK_IN_FLIGHT_PER_ENDPOINT);

  // One statement claims up to `room` due deliveries, fairly: per endpoint, then round-robin across
  // workspaces (each one's first due, then each one's second…), counting what every instance has in
  // flight (a live lease) against the caps. On PostgreSQL the rows another instance is claiming are
  // skipped, not waited for (FOR UPDATE SKIP LOCKED); SQLite has a single writer, so the statement alone
  // is the lock. Two instances claiming at the same moment may each fill a cap once; never more.
  async function claim(room: number): Promise<Claimed[]> {
    const now = clock();
    const lease = now + WEBHOOK_LEASE_MS;
    const inFlight = (column: 'workspace_id' | 'endpoint_id') =>
      sql`(SELECT ${sql.ref(column)}, COUNT(*) AS n FROM webhook_deliveries
           WHERE status = 'pending' AND locked_until > ${now} GROUP BY ${sql.ref(column)})`;
    const lock = db.engine === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    // Only an endpoint's first due deliveries can fit under its cap, so only those are read, by index,
    // endpoint by endpoint: a backlog of thousands costs a claim no more than a few. PostgreSQL says so
    // with LATERAL; SQLite has none, and its CROSS JOIN keeps the endpoints as the outer loop.
    const due = sql`FROM webhook_deliveries due
      WHERE due.endpoint_id = e.id AND due.status = 'pending' AND due.next_attempt_at <= ${now}
        AND (due.locked_until IS NULL OR due.locked_until <= ${now})
      ORDER BY due.next_attempt_at, due.id LIMIT ${WEBHOOK_IN_FLIGHT_PER_ENDPOINT}`;
    const firstDue =
      db.engine === 'postgres'
        ? sql`CROSS JOIN LATERAL (SELECT due.id, due.endpoint_id, due.workspace_id, due.next_attempt_at ${due}) d`
        : sql`CROSS JOIN webhook_deliveries d ON d.id IN (SELECT due.id ${due})`;
    const claimed = await sql<Claimed>`
      UPDATE webhook_deliveries SET locked_until = ${lease}, updated_at = ${now}
      WHERE id IN (
        SELECT id FROM webhook_deliveries WHERE id IN (
          SELECT fair.id FROM (
            SELECT per_endpoint.id, per_endpoint.next_attempt_at,
              ROW_NUMBER() OVER (PARTITION BY per_endpoint.workspace_id ORDER BY per_endpoint.next_attempt_at, per_endpoint.id)
                + COALESCE(busy_workspace.n, 0) AS workspace_place
            FROM (
              SELECT d.id, d.workspace_id, d.next_attempt_at,
                ROW_NUMBER() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at, d.id) + COALESCE(busy_endpoint.n, 0) AS endpoint_place
              FROM webhook_endpoints e ${firstDue}
              LEFT JOIN ${inFlight('endpoint_id')} busy_endpoint ON busy_endpoint.endpoint_id = d.endpoint_id
              WHERE e.enabled = 1 AND (e.resting_until IS NULL OR e.resting_until <= ${now})
            ) per_endpoint
            LEFT JOIN ${inFlight('workspace_id')} busy_workspace ON busy_workspace.workspace_id = per_endpoint.workspace_id
            WHERE per_endpoint.endpoint_place <= ${WEBHOOK_IN_FLIGHT_PER_ENDPOINT}
          ) fair
          WHERE fair.workspace_place <= ${WEBHOOK_IN_FLIGHT_PER_WORKSPACE}
          ORDER BY fair.workspace_place, fair.next_attempt_at, fair.id
          LIMIT ${room}
        )
        -- Checked again here, on the row as it is now: on PostgreSQL a row another instance claimed since
        -- this statement began is re-read at this level, and no longer qualifies.
        AND status = 'pending' AND (locked_until IS NULL OR locked_until <= ${now})
        ${lock}
      )
      RETURNING id, endpoint_id, event_id, payload, attempt_count, locked_until`.execute(k);
    return claimed.rows.map((row) => ({ ...row, attempt_count: Number(row.attempt_count), locked_until: Number(row.locked_until) }));
  }

  async function anyDue(): Promise<boolean> {
    const now = clock();
    const due = await k
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select('d.id')
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', now)
      .where('e.enabled', '=', 1)
      .where((w) => w.or([w('e.resting_until', 'is', null), w('e.resting_until', '<=', now)]))
      .limit(1)
      .executeTakeFirst();
    return due !== undefined;
  }

  // What settleOne does for a success, for many at once: their attempts in one insert, their deliveries
  // marked succeeded while the claim is still ours (as in settleOne), and each endpoint's failure cleared
  // once. On PostgreSQL the three writes are one statement (data-modifying WITH), its own transaction when
  // the batch is all successes: every statement is a round trip to the server, and going from the five of
  // a transaction (begin, three writes, commit) to one halved the server's CPU per delivery there. SQLite
  // has no such statement, and its statements cost no round trip.
  async function settleSucceeded(tx: Kysely<Database>, batch: Settled[]): Promise<void> {
    if (batch.length === 0) return;
    const now = clock();
    const attempts = batch.map(attemptRow);
    const endpointIds = [...new Set(batch.map((settled) => settled.delivery.endpoint_id))];
    if (db.engine === 'postgres') {
      const column = <Key extends keyof ReturnType<typeof attemptRow>>(key: Key) => attempts.map((row) => row[key]);
      await sql`
        WITH attempts AS (
          INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, duration_ms, response, error)
          SELECT * FROM unnest(${column('id')}::text[], ${column('delivery_id')}::text[], ${column('attempted_at')}::bigint[],
            ${column('status_code')}::integer[], ${column('duration_ms')}::integer[], ${column('response')}::text[], ${column('error')}::text[])
        ), delivered AS (
          UPDATE webhook_deliveries d SET status = 'succeeded', attempt_count = d.attempt_count + 1, next_attempt_at = NULL,
            locked_until = NULL, updated_at = ${now}
          FROM unnest(${column('delivery_id')}::text[], ${batch.map((settled) => settled.delivery.locked_until)}::bigint[]) AS ours(id, lease)
          WHERE d.id = ours.id AND d.locked_until = ours.lease
        )
        UPDATE webhook_endpoints SET failing_since = NULL, resting_until = NULL, timeouts_in_a_row = 0
        WHERE id = ANY(${endpointIds}::text[]) AND ${failureToClear}`.execute(tx);
      return;
    }
    await tx.insertInto('webhook_attempts').values(attempts).execute();
    for (const lease of new Set(batch.map((settled) => settled.delivery.locked_until))) {
      await tx
        .updateTable('webhook_deliveries')
        .set({
          status: 'succeeded',
          attempt_count: sql<number>`attempt_count + 1`,
          next_attempt_at: null,
          locked_until: null,
          updated_at: now,
        })
        .where(
          'id',
          'in',
          batch.filter((settled) => settled.delivery.locked_until === lease).map((settled) => settled.delivery.id),
        )
        .where('locked_until', '=', lease)
        .execute();
    }
    for (const endpointId of endpointIds) await clearFailure(tx, endpointId);
  }

  async function clearFailure(tx: Kysely<Database>, endpointId: string): Promise<void> {
    await tx
      .updateTable('webhook_endpoints')
      .set({ failing_since: null, resting_until: null, timeouts_in_a_row: 0 })
      .where('id', '=', endpointId)
      .where(failureToClear)
      .execute();
  }

  // Records the attempt and decides what comes next. Answers the workspace of an endpoint this failure
  // disabled, so its owners are told after the commit.
  async function settleOne(tx: Kysely<Database>, settled: Settled): Promise<Disabled | null> {
    const { delivery, result, at } = settled;
    const ok = succeeded(result);
    const attempts = delivery.attempt_count + 1;
    const exhausted = attempts > WEBHOOK_RETRY_DELAYS_MS.length;
    const now = clock();
    await tx.insertInto('webhook_attempts').values(attemptRow(settled)).execute();
    await tx
      .updateTable('webhook_deliveries')
      .set({
        status: ok ? 'succeeded' : exhausted ? 'failed' : 'pending',
        attempt_count: attempts,
        next_attempt_at: ok || exhausted ? null : now + WEBHOOK_RETRY_DELAYS_MS[attempts - 1]!,
        locked_until: null,
        updated_at: now,
      })
      .where('id', '=', delivery.id)
      // Only while the claim is still ours; a lapsed claim belongs to whoever took it over.
      .where('locked_until', '=', delivery.locked_until)
      .execute();
    if (ok) {
      await clearFailure(tx, delivery.endpoint_id);
      return null;
    }
    if (result.error === webhookAttemptError.timeout || result.error === webhookAttemptError.connectTimeout) {
      await tx
        .updateTable('webhook_endpoints')
        .set({
          timeouts_in_a_row: sql<number>`timeouts_in_a_row + 1`,
          resting_until: sql<number>`${now} + CASE WHEN timeouts_in_a_row >= ${RESTS_BEFORE_MAX} THEN ${WEBHOOK_REST_MAX_MS}
            ELSE ${WEBHOOK_REST_MS} * POWER(2, timeouts_in_a_row) END`,
        })
        .where('id', '=', delivery.endpoint_id)
        .execute();
    }
    // product rules A4: admins hear of a delivery given up on, in System Alerts.
    if (exhausted) await raiseAlert(tx, webhookFailedAlert(delivery.event_id, attempts), now);
    await tx
      .updateTable('webhook_endpoints')
      .set({ failing_since: sql<number>`coalesce(failing_since, ${at})` })
      .where('id', '=', delivery.endpoint_id)
      .execute();
    const endpoint = await tx
      .selectFrom('webhook_endpoints as e')
      .innerJoin('workspaces as w', 'w.id', 'e.workspace_id')
      .select(['e.id', 'e.url', 'e.enabled', 'e.failing_since', 'e.created_by', 'w.id as workspaceId', 'w.name as workspaceName'])
      .where('e.id', '=', delivery.endpoint_id)
      .executeTakeFirst();
    // Product rules H4: failing without a single success for 5 days disables the endpoint.
    if (!endpoint || endpoint.enabled !== 1 || endpoint.failing_since === null || now - endpoint.failing_since < WEBHOOK_DISABLE_AFTER_MS)
      return null;
    await tx
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: 'failing', updated_at: now })
      .where('id', '=', endpoint.id)
      .execute();
    await raiseAlert(tx, webhookDisabledAlert(endpoint.workspaceName), now);
    await writeAudit(
      tx,
      {
        workspace: { id: endpoint.workspaceId, name: endpoint.workspaceName },
        actor: { userId: 'system', ip: null },
        action: 'webhook.disable',
        target: endpoint.id,
        details: { reason: 'failing', since: endpoint.failing_since },
      },
      now,
    );
    return { workspaceId: endpoint.workspaceId, url: endpoint.url };
  }

  // The attempts that end while one settlement commits are settled together in the next: one commit
  // (one wait for the disk) for many deliveries. A crash before it only means those are sent again.
  const settle = groupCommit(async (batch: Settled[]): Promise<(Disabled | null)[]> => {
    // Successes at endpoints with no failure in the batch are settled with a few statements for all;
    // the rest one by one, in the order they came, so a failure and a success keep their sequence.
    const failing = new Set(batch.filter((settled) => !succeeded(settled.result)).map((settled) => settled.delivery.endpoint_id));
    const together = batch.filter((settled) => succeeded(settled.result) && !failing.has(settled.delivery.endpoint_id));
    if (together.length === batch.length && db.engine === 'postgres') {
      await settleSucceeded(k, together);
      return batch.map(() => null);
    }
    return k.transaction().execute(async (tx) => {
      await settleSucceeded(tx, together);
      const disabled: (Disabled | null)[] = [];
      for (const settled of batch) disabled.push(together.includes(settled) ? null : await settleOne(tx, settled));
      return disabled;
    });
  });

  // The address and signing secret of each endpoint of a claim, read once for all its deliveries.
  async function endpointsOf(claimed: Claimed[]): Promise<Map<string, Endpoint>> {
    if (claimed.length === 0) return new Map();
    const rows = await k
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'secret_sealed'])
      .where('id', 'in', [...new Set(claimed.map((delivery) => delivery.endpoint_id))])
      .execute();
    return new Map(rows.map((row) => [row.id, { url: row.url, secret: openWebhookSecret(box, row.id, row.secret_sealed) }]));
  }

  async function attempt(delivery: Claimed, endpoint: Endpoint | undefined): Promise<void> {
    // Deleted since the claim: its deliveries went with it.
    if (!endpoint) return;
    const at = clock();
    const result = await sendWebhook(
      {
        id: delivery.event_id,
        url: endpoint.url,
        secret: endpoint.secret,
        payload: delivery.payload,
        at,
      },
      { policy, resolve, connections },
    );
    const disabled = await settle({ delivery, result, at });
    if (!disabled) return;
    const workspace = await k.selectFrom('workspaces').select('name').where('id', '=', disabled.workspaceId).executeTakeFirst();
    for (const owner of await ownerEmails(k, disabled.workspaceId)) {
      await mailer
        .send(webhookDisabledMail(owner, workspace?.name ?? '', disabled.url))
        .catch((error: unknown) => log.warn({ err: error }, 'webhook disabled mail failed'));
    }
  }

  // Keeps up to WEBHOOK_IN_FLIGHT attempts going, claiming again as attempts end (those that end
  // together are refilled by one claim), until nothing is due and nothing is in flight; answers how many
  // attempts were made. A slow attempt holds only its own place.
  function drain(): Promise<number> {
    return new Promise((done, failed) => {
      let made = 0;
      let inFlight = 0;
      let claiming = false;
      let again = false;
      let soon: NodeJS.Timeout | null = null;
      // Attempts that end together (a settlement commits them as one) are refilled by one claim, not one
      // each; the wait is short, since a place left empty is a delivery not made.
      const finished = (made: number) => {
        refillRunning = null;
        done(made);
      };
      const refill = () => {
        if (claiming) again = true;
        else
          soon ??= setTimeout(() => {
            soon = null;
            void fill();
          }, REFILL_AFTER_MS);
      };
      const fill = async (): Promise<void> => {
        claiming = true;
        again = false;
        try {
          const room = WEBHOOK_IN_FLIGHT - inFlight;
          const claimed = room > 0 ? await claim(room) : [];
          const endpoints = await endpointsOf(claimed);
          for (const delivery of claimed) {
            inFlight += 1;
            made += 1;
            void attempt(delivery, endpoints.get(delivery.endpoint_id))
              .catch((error: unknown) => log.warn({ err: error, delivery: delivery.id }, 'webhook attempt failed'))
              .finally(() => {
                inFlight -= 1;
                refill();
              });
          }
          if (claimed.length === 0 && inFlight === 0) {
            // Other instances may hold the caps of what is still due: look again shortly, so a drain
            // ends only when nothing is left to send.
            if (await anyDue()) setTimeout(refill, BLOCKED_WAIT_MS).unref();
            else finished(made);
          }
        } catch (error) {
          refillRunning = null;
          failed(error);
        } finally {
          claiming = false;
        }
        if (again) refill();
      };
      // New deliveries while attempts hang: a look now, not when a place frees up.
      refillRunning = refill;
      void fill();
    });
  }

  let refillRunning: (() => void) | null = null;
  // A wake during a drain makes it look for new work at once, not when a place frees up.
  const worker = pollingWorker({ name: 'webhook worker', log, pollMs, drain, onWakeDuringDrain: () => refillRunning?.() });
  return {
    ...worker,
    async stop() {
      await worker.stop();
      connections.close();
    },
  };
}
