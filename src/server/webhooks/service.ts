import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import { webhookError } from '#src/shared/webhook-messages.ts';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookSchema,
  type UpdateWebhookSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookSecretResponse,
} from '#src/shared/webhooks.ts';
import { workspaceError } from '#src/shared/workspace-messages.ts';
import type { z } from 'zod';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { SecretBox } from '#src/server/security/secret-box.ts';
import { enter, requireOwner, type Actor } from '#src/server/workspaces/access.ts';
import { audited, writeAudit, type AuditAction } from '#src/server/workspaces/audit.ts';
import { findSummary } from '#src/server/workspaces/reads.ts';
import { isAllowedAddress, type AddressPolicy } from './address-guard.ts';
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? !isAllowedAddress(host, policy) : !policy.allowLoopback && /(^|\.)localhost\.?$/i.test(host))
    throw new HttpError(400, webhookError.urlNotPublic);
  return url.toString();
}

// Webhook endpoints of a workspace (issue 18): owners only; another workspace's endpoint is a 404.
export function createWebhooks({ db, clock, box, policy, wake }: WebhooksDeps) {
  const k = db.kysely;

  // Reads: a non-member learns nothing (404), a member is told it is for owners (403), as elsewhere.
  async function requireOwnerToRead(actor: Actor, workspaceId: string): Promise<void> {
    const summary = await findSummary(k, actor.user.id, workspaceId);
    if (!summary) throw new HttpError(404, workspaceError.notFound);
    if (summary.role !== 'owner') throw new HttpError(403, workspaceError.ownerOnly);
  }

  // Every change: the workspace entered (locked), the owner checked, the endpoint found in it, the
  // change and its audit row in one transaction.
  async function change<T>(
    actor: Actor,
    workspaceId: string,
    endpointId: string | null,
    action: AuditAction,
    work: (tx: Kysely<Database>, now: number) => Promise<{ answer: T; target: string; details?: Record<string, unknown> }>,
  ): Promise<T> {
    return k.transaction().execute(async (tx) => {
      const entered = await enter(tx, workspaceId, actor);
      requireOwner(entered);
      if (endpointId !== null && !(await findEndpoint(tx, workspaceId, endpointId))) throw new HttpError(404, webhookError.notFound);
      const now = clock();
      const { answer, target, details } = await work(tx, now);
      await writeAudit(tx, { ...audited(entered, actor), action, target, details }, now);
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
    async list(actor: Actor, workspaceId: string): Promise<WebhookEndpoint[]> {
      await requireOwnerToRead(actor, workspaceId);
      return listEndpoints(k, workspaceId);
    },

    async create(actor: Actor, workspaceId: string, body: CreateBody): Promise<WebhookSecretResponse> {
      const url = checkUrlShape(body.url, policy);
      const id = randomUUID();
      const secret = newWebhookSecret();
      const endpoint = await change(actor, workspaceId, null, 'webhook.create', async (tx, now) => {
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
            created_by: actor.user.id,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return { answer: await endpointOf(tx, workspaceId, id), target: id, details: { url, events: body.events } };
      });
      return { endpoint, secret };
    },

    async update(actor: Actor, workspaceId: string, endpointId: string, body: UpdateBody): Promise<WebhookEndpoint> {
      const url = body.url === undefined ? undefined : checkUrlShape(body.url, policy);
      return change(actor, workspaceId, endpointId, 'webhook.update', async (tx, now) => {
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
    async rotate(actor: Actor, workspaceId: string, endpointId: string): Promise<WebhookSecretResponse> {
      const secret = newWebhookSecret();
      const endpoint = await change(actor, workspaceId, endpointId, 'webhook.rotate', async (tx, now) => {
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

    async remove(actor: Actor, workspaceId: string, endpointId: string): Promise<void> {
      await change(actor, workspaceId, endpointId, 'webhook.delete', async (tx) => {
        const { url } = await endpointOf(tx, workspaceId, endpointId);
        await tx.deleteFrom('webhook_endpoints').where('id', '=', endpointId).where('workspace_id', '=', workspaceId).execute();
        return { answer: undefined, target: endpointId, details: { url } };
      });
    },

    async test(actor: Actor, workspaceId: string, endpointId: string): Promise<WebhookDelivery> {
      const deliveryId = await change(actor, workspaceId, endpointId, 'webhook.test', async (tx, now) => {
        const endpoint = await endpointOf(tx, workspaceId, endpointId);
        if (!endpoint.enabled) throw new HttpError(409, webhookError.disabled);
        const event = { id: `msg_${randomUUID()}`, type: WEBHOOK_TEST_EVENT, workspaceId, occurredAt: now, data: { endpointId } };
        return { answer: await insertDelivery(tx, endpointId, event, now), target: endpointId };
      });
      wake();
      return deliveryOf(workspaceId, endpointId, deliveryId);
    },

    async deliveries(actor: Actor, workspaceId: string, endpointId: string): Promise<WebhookDelivery[]> {
      await requireOwnerToRead(actor, workspaceId);
      if (!(await findEndpoint(k, workspaceId, endpointId))) throw new HttpError(404, webhookError.notFound);
      return listDeliveries(k, workspaceId, endpointId);
    },

    // Product rules H5: a failed delivery goes out again with the same webhook-id and a fresh schedule.
    async resend(actor: Actor, workspaceId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
      await change(actor, workspaceId, endpointId, 'webhook.resend', async (tx, now) => {
        const delivery = await tx
          .selectFrom('webhook_deliveries')
          .select('status')
          .where('id', '=', deliveryId)
          .where('endpoint_id', '=', endpointId)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst();
        if (!delivery) throw new HttpError(404, webhookError.deliveryNotFound);
        if (delivery.status !== 'failed') throw new HttpError(409, webhookError.notFailed);
        await tx
          .updateTable('webhook_deliveries')
          .set({ status: 'pending', attempt_count: 0, next_attempt_at: now, locked_until: null, updated_at: now })
          .where('id', '=', deliveryId)
          .execute();
        return { answer: undefined, target: deliveryId };
      });
      wake();
      return deliveryOf(workspaceId, endpointId, deliveryId);
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
