import type { Kysely, Selectable } from 'kysely';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '#src/shared/webhooks/paths.ts';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '#src/server/db/schema.ts';
import { isLocalUrl } from './address-guard.ts';
import { parseEvents } from './outbox.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const DELIVERIES_SHOWN = 50;

export const endpointColumns = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'disabled_reason',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof WebhookEndpointsTable)[];

type EndpointRow = Pick<Selectable<WebhookEndpointsTable>, (typeof endpointColumns)[number]>;

// The secret never leaves through a read: only create and rotate answer it, once.
export const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: parseEvents(row.events) as WebhookEventType[],
  enabled: Number(row.enabled) === 1,
  disabledReason: row.disabled_reason,
  local: isLocalUrl(row.url),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

// Product rules W6: filtered by the workspace too, so an id of another workspace finds nothing.
export function findEndpoint(db: Kysely<Database>, workspaceId: string, endpointId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
}

export async function listEndpoints(db: Kysely<Database>, workspaceId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toEndpoint);
}

type DeliveryRow = Pick<
  Selectable<WebhookDeliveriesTable>,
  'id' | 'event_id' | 'event_type' | 'status' | 'attempt_count' | 'next_attempt_at' | 'created_at'
>;
const deliveryColumns = ['id', 'event_id', 'event_type', 'status', 'attempt_count', 'next_attempt_at', 'created_at'] as const;

// The newest deliveries of one endpoint, each with its attempts, newest first (product rules H5).
export async function listDeliveries(
  db: Kysely<Database>,
  workspaceId: string,
  endpointId: string,
  only?: string,
): Promise<WebhookDelivery[]> {
  let query = db
    .selectFrom('webhook_deliveries')
    .select(deliveryColumns)
    .where('workspace_id', '=', workspaceId)
    .where('endpoint_id', '=', endpointId);
  if (only) query = query.where('id', '=', only);
  const rows: DeliveryRow[] = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DELIVERIES_SHOWN).execute();
  if (rows.length === 0) return [];
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where(
      'delivery_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('attempted_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attemptCount: Number(row.attempt_count),
    nextAttemptAt: row.next_attempt_at === null ? null : iso(row.next_attempt_at),
    createdAt: iso(row.created_at),
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        at: iso(attempt.attempted_at),
        statusCode: attempt.status_code === null ? null : Number(attempt.status_code),
        durationMs: Number(attempt.duration_ms),
        response: attempt.response,
        error: attempt.error,
      })),
  }));
}

// product rules A1: System Health's outbox backlog — deliveries still to be made, across all workspaces.
export async function countPendingDeliveries(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
