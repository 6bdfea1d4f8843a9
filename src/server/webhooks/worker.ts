import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS } from '#src/shared/webhooks.ts';
import { raiseAlert, webhookDisabledAlert, webhookFailedAlert } from '#src/server/admin/alerts.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { webhookDisabledMail } from '#src/server/mail/templates.ts';
import type { SecretBox } from '#src/server/security/secret-box.ts';
import { writeAudit } from '#src/server/workspaces/audit.ts';
import type { AddressPolicy, Resolver } from './address-guard.ts';
import { openWebhookSecret } from './secrets.ts';
import { sendWebhook, type AttemptResult } from './send.ts';

// A claim outlives the longest attempt (10 s) many times over, so a slow database write after the
// answer never lets another worker start the same attempt; a crashed worker's claim lapses after it.
export const WEBHOOK_LEASE_MS = 60_000;
const BATCH = 25;

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

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;

// Product rules H3 and W4: delivers the outbox. A delivery is claimed with a lease before its attempt
// and settled after it; a crash at any point leaves it pending (claimed or not), so it is sent again
// once the lease lapses: at least once, never lost, with the same webhook-id.
export function createWebhookWorker({ db, clock, mailer, log, box, policy, pollMs, resolve }: WebhookWorkerDeps) {
  const k = db.kysely;

  // One statement: on PostgreSQL the rows another instance is claiming are skipped, not waited for
  // (FOR UPDATE SKIP LOCKED); SQLite has a single writer, so the statement alone is the lock.
  async function claim(): Promise<Claimed[]> {
    const now = clock();
    const lease = now + WEBHOOK_LEASE_MS;
    return k
      .updateTable('webhook_deliveries')
      .set({ locked_until: lease, updated_at: now })
      .where('id', 'in', (eb) => {
        const due = eb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
          .where('endpoint_id', 'in', (inner) => inner.selectFrom('webhook_endpoints').select('id').where('enabled', '=', 1))
          .orderBy('next_attempt_at')
          .limit(BATCH);
        return db.engine === 'postgres' ? due.forUpdate().skipLocked() : due;
      })
      .returning(['id', 'endpoint_id', 'event_id', 'payload', 'attempt_count', 'locked_until'])
      .execute();
  }

  async function ownersOf(workspaceId: string): Promise<string[]> {
    const rows = await k
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.email')
      .where('m.workspace_id', '=', workspaceId)
      .where('m.role', '=', 'owner')
      .execute();
    return rows.map((row) => row.email);
  }

  // Records the attempt and decides what comes next, in one transaction. Answers the workspace of an
  // endpoint this failure disabled, so its owners are told after the commit.
  async function settle(delivery: Claimed, result: AttemptResult, at: number): Promise<{ workspaceId: string; url: string } | null> {
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const attempts = delivery.attempt_count + 1;
    const exhausted = attempts > WEBHOOK_RETRY_DELAYS_MS.length;
    return k.transaction().execute(async (tx) => {
      const now = clock();
      await tx
        .insertInto('webhook_attempts')
        .values({
          id: randomUUID(),
          delivery_id: delivery.id,
          attempted_at: at,
          status_code: result.statusCode,
          duration_ms: result.durationMs,
          response: result.response,
          error: result.error,
        })
        .execute();
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
        await tx.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', delivery.endpoint_id).execute();
        return null;
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
    });
  }

  async function attempt(delivery: Claimed): Promise<void> {
    const endpoint = await k
      .selectFrom('webhook_endpoints')
      .select(['url', 'secret_sealed'])
      .where('id', '=', delivery.endpoint_id)
      .executeTakeFirst();
    // Deleted since the claim: its deliveries went with it.
    if (!endpoint) return;
    const at = clock();
    const result = await sendWebhook(
      {
        id: delivery.event_id,
        url: endpoint.url,
        secret: openWebhookSecret(box, delivery.endpoint_id, endpoint.secret_sealed),
        payload: delivery.payload,
        at,
      },
      { policy, resolve },
    );
    const disabled = await settle(delivery, result, at);
    if (!disabled) return;
    const workspace = await k.selectFrom('workspaces').select('name').where('id', '=', disabled.workspaceId).executeTakeFirst();
    for (const owner of await ownersOf(disabled.workspaceId)) {
      await mailer
        .send(webhookDisabledMail(owner, workspace?.name ?? '', disabled.url))
        .catch((error: unknown) => log.warn({ err: error }, 'webhook disabled mail failed'));
    }
  }

  // Claims and attempts until nothing is due; answers how many attempts were made.
  async function drain(): Promise<number> {
    let made = 0;
    for (;;) {
      const claimed = await claim();
      if (claimed.length === 0) return made;
      await Promise.all(
        claimed.map((delivery) =>
          attempt(delivery).catch((error: unknown) => log.warn({ err: error, delivery: delivery.id }, 'webhook attempt failed')),
        ),
      );
      made += claimed.length;
    }
  }

  let running: Promise<number> | null = null;
  let again = false;
  // One drain at a time in this process; a wake during a drain runs one more after it.
  function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'webhook worker failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void runDue();
        }
      });
    return running;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    runDue,
    // Looks at once instead of at the next poll (after a test event or a resend).
    wake() {
      if (pollMs > 0) void runDue();
    },
    start() {
      if (pollMs <= 0 || timer) return;
      timer = setInterval(() => void runDue(), pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await running;
    },
  };
}
