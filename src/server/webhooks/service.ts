import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import { webhookError } from '#src/shared/webhooks/messages.ts';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookSecretResponse,
} from '#src/shared/webhooks/paths.ts';
import { type CreateWebhookSchema, type UpdateWebhookSchema } from '#src/shared/webhooks/schemas.ts';
import type { z } from 'zod';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { SecretBox } from '#src/server/security/secret-box.ts';
import { readWorkspace, withWorkspace } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { audited, writeAudit, type AuditAction } from '#src/server/workspaces/audit.ts';
import { isAllowedAddress, isAllowedPort, type AddressPolicy } from './address-guard.ts';
import { insertDelivery } from './outbox.ts';
import { findEndpoint, listDeliveries, listEndpoints, toEndpoint } from './reads.ts';
import { newWebhookSecret, sealWebhookSecret } from './secrets.ts';

type CreateBody = z.output<typeof CreateWebhookSchema>;
type UpdateBody = z.output<typeof UpdateWebhookSchema>;

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
  policy: AddressPolicy;
  // Asks the worker to look at the outbox now (after a test event or a resend).
  wake: () => void;
}

// Product rules H6: refused early with a clear sentence when the URL itself shows it can never be sent;
// the authoritative check runs at send time, after DNS (address-guard.ts).
export function checkUrlShape(raw: string, policy: AddressPolicy): string {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(policy.allowLoopback && url.protocol === 'http:')) throw new HttpError(400, webhookError.urlNotHttps);
  if (url.username || url.password) throw new HttpError(400, webhookError.urlCredentials);
  if (!isAllowedPort(url, policy)) throw new HttpError(400, webhookError.urlPort);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? !isAllowedAddress(host, policy) : !policy.allowLoopback && /(^|\.)localhost\.?$/i.test(host))
    throw new HttpError(400, webhookError.urlNotPublic);
  return url.toString();
}

// Webhook endpoints of a workspace: owners only, reads included (a member is told so, a stranger gets
// a 404); another workspace's endpoint is a 404.
export function createWebhooks({ db, clock, box, policy, wake }: WebhooksDeps) {
  const k = db.kysely;

  // Every change: through the door as an owner, the endpoint found in the workspace, the change and
  // its audit row in one transaction.
  async function change<T>(
    scope: WorkspaceScope,
    endpointId: string | null,
    action: AuditAction,
    work: (tx: Kysely<Database>, now: number) => Promise<{ answer: T; target: string; details?: Record<string, unknown> }>,
  ): Promise<T> {
    const { workspaceId } = scope;
    return withWorkspace(k, scope, 'owner', async (tx, entered) => {
      if (endpointId !== null && !(await findEndpoint(tx, workspaceId, endpointId))) throw new HttpError(404, webhookError.notFound);
      const now = clock();
      const { answer, target, details } = await work(tx, now);
      await writeAudit(tx, { ...audited(entered), action, target, details }, now);
      return answer;
    });
  }

  async function endpointOf(tx: Kysely<Database>, workspaceId: string, endpointId: string): Promise<WebhookEndpoint> {
    return toEndpoint((await findEndpoint(tx, workspaceId, endpointId))!);
  }

  async function deliveryOf(workspaceId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const [delivery] = await listDeliveries(k, workspaceId, endpointId, deliveryId);
    return delivery!;
  }

  return {
    localAllowed: policy.allowLoopback,

    list: (scope: WorkspaceScope): Promise<WebhookEndpoint[]> =>
      readWorkspace(k, scope, 'owner', (db) => listEndpoints(db, scope.workspaceId)),

    async create(scope: WorkspaceScope, body: CreateBody): Promise<WebhookSecretResponse> {
      const { workspaceId } = scope;
      const url = checkUrlShape(body.url, policy);
      const id = randomUUID();
      const secret = newWebhookSecret();
      const endpoint = await change(scope, null, 'webhook.create', async (tx, now) => {
        const count = await tx
          .selectFrom('webhook_endpoints')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow();
        if (Number(count.count) >= WEBHOOK_ENDPOINTS_MAX) throw new HttpError(409, webhookError.tooMany(WEBHOOK_ENDPOINTS_MAX));
        await tx
          .insertInto('webhook_endpoints')
          .values({
            id,
            workspace_id: workspaceId,
            url,
            description: body.description,
            events: JSON.stringify(body.events),
            enabled: 1,
            disabled_reason: null,
            secret_sealed: sealWebhookSecret(box, id, secret),
            failing_since: null,
            resting_until: null,
            timeouts_in_a_row: 0,
            created_by: scope.actor.userId,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return { answer: await endpointOf(tx, workspaceId, id), target: id, details: { url, events: body.events } };
      });
      return { endpoint, secret };
    },

    async update(scope: WorkspaceScope, endpointId: string, body: UpdateBody): Promise<WebhookEndpoint> {
      const { workspaceId } = scope;
      const url = body.url === undefined ? undefined : checkUrlShape(body.url, policy);
      return change(scope, endpointId, 'webhook.update', async (tx, now) => {
        await tx
          .updateTable('webhook_endpoints')
          .set({
            ...(url === undefined ? {} : { url }),
            ...(body.description === undefined ? {} : { description: body.description }),
            ...(body.events === undefined ? {} : { events: JSON.stringify(body.events) }),
            // Enabling starts a fresh count towards the 5 days of product rules H4.
            ...(body.enabled === undefined
              ? {}
              : body.enabled
                ? { enabled: 1, disabled_reason: null, failing_since: null }
                : { enabled: 0, disabled_reason: 'manual' as const }),
            updated_at: now,
          })
          .where('id', '=', endpointId)
          .where('workspace_id', '=', workspaceId)
          .execute();
        return { answer: await endpointOf(tx, workspaceId, endpointId), target: endpointId, details: { ...body, ...(url ? { url } : {}) } };
      });
    },

    // The old secret stops signing at once (decision 019).
    async rotate(scope: WorkspaceScope, endpointId: string): Promise<WebhookSecretResponse> {
      const { workspaceId } = scope;
      const secret = newWebhookSecret();
      const endpoint = await change(scope, endpointId, 'webhook.rotate', async (tx, now) => {
        await tx
          .updateTable('webhook_endpoints')
          .set({ secret_sealed: sealWebhookSecret(box, endpointId, secret), updated_at: now })
          .where('id', '=', endpointId)
          .where('workspace_id', '=', workspaceId)
          .execute();
        return { answer: await endpointOf(tx, workspaceId, endpointId), target: endpointId };
      });
      return { endpoint, secret };
    },

    async remove(scope: WorkspaceScope, endpointId: string): Promise<void> {
      const { workspaceId } = scope;
      await change(scope, endpointId, 'webhook.delete', async (tx) => {
        const { url } = await endpointOf(tx, workspaceId, endpointId);
        await tx.deleteFrom('webhook_endpoints').where('id', '=', endpointId).where('workspace_id', '=', workspaceId).execute();
        return { answer: undefined, target: endpointId, details: { url } };
      });
    },

    async test(scope: WorkspaceScope, endpointId: string): Promise<WebhookDelivery> {
      const { workspaceId } = scope;
      const deliveryId = await change(scope, endpointId, 'webhook.test', async (tx, now) => {
        const endpoint = await endpointOf(tx, workspaceId, endpointId);
        if (!endpoint.enabled) throw new HttpError(409, webhookError.disabled);
        const event = {
          id: `msg_${randomUUID()}`,
          type: WEBHOOK_TEST_EVENT,
          workspaceId,
          occurredAt: now,
          data: { endpoint_id: endpointId },
        };
        return { answer: await insertDelivery(tx, endpointId, event, now), target: endpointId };
      });
      wake();
      return deliveryOf(workspaceId, endpointId, deliveryId);
    },

    deliveries: (scope: WorkspaceScope, endpointId: string): Promise<WebhookDelivery[]> =>
      readWorkspace(k, scope, 'owner', async (db) => {
        if (!(await findEndpoint(db, scope.workspaceId, endpointId))) throw new HttpError(404, webhookError.notFound);
        return listDeliveries(db, scope.workspaceId, endpointId);
      }),

    // Product rules H5 ("Retry now"): a delivery that has not succeeded goes out at once, with the same
    // webhook-id. A failed one starts a fresh schedule; a pending one keeps its count, only sooner. An
    // endpoint resting after timeouts is tried too: its owner asked for it.
    async resend(scope: WorkspaceScope, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
      const { workspaceId } = scope;
      await change(scope, endpointId, 'webhook.resend', async (tx, now) => {
        const delivery = await tx
          .selectFrom('webhook_deliveries')
          .select('status')
          .where('id', '=', deliveryId)
          .where('endpoint_id', '=', endpointId)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst();
        if (!delivery) throw new HttpError(404, webhookError.deliveryNotFound);
        if (delivery.status === 'succeeded') throw new HttpError(409, webhookError.alreadySucceeded);
        if (!(await endpointOf(tx, workspaceId, endpointId)).enabled) throw new HttpError(409, webhookError.disabled);
        await tx
          .updateTable('webhook_deliveries')
          .set(
            delivery.status === 'failed'
              ? { status: 'pending', attempt_count: 0, next_attempt_at: now, locked_until: null, updated_at: now }
              : { next_attempt_at: now, updated_at: now },
          )
          .where('id', '=', deliveryId)
          .where('status', '=', delivery.status)
          .execute();
        await tx
          .updateTable('webhook_endpoints')
          .set({ resting_until: null })
          .where('id', '=', endpointId)
          .where('workspace_id', '=', workspaceId)
          .execute();
        return { answer: undefined, target: deliveryId, details: { status: delivery.status } };
      });
      wake();
      return deliveryOf(workspaceId, endpointId, deliveryId);
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
