import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { WEBHOOK_EVENTS } from '#src/shared/webhooks/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { EventHook } from '#src/server/events/recorder.ts';
import { publicEventData } from './public-event.ts';

// What the outbox needs of a change.
export interface OutboxEvent {
  // Stable: it becomes the webhook-id of every delivery of the event.
  id: string;
  type: string;
  workspaceId: string;
  occurredAt: number;
  data: unknown;
}

// The body receivers get, as Standard Webhooks suggests (type, timestamp, data), with the public
// API's names (TaskEvent, CommentEvent and TestEvent in the OpenAPI document).
export function webhookPayload(event: OutboxEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: new Date(event.occurredAt).toISOString(),
    workspace_id: event.workspaceId,
    data: event.data,
  });
}

export function parseEvents(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string') : [];
}

export async function insertDelivery(tx: Kysely<Database>, endpointId: string, event: OutboxEvent, now: number): Promise<string> {
  const id = randomUUID();
  await tx
    .insertInto('webhook_deliveries')
    .values({
      id,
      workspace_id: event.workspaceId,
      endpoint_id: endpointId,
      event_id: event.id,
      event_type: event.type,
      payload: webhookPayload(event),
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: now,
      locked_until: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

// The enabled endpoints of the workspace that chose the event.
async function chosenEndpoints(tx: Kysely<Database>, workspaceId: string, type: string): Promise<string[]> {
  const endpoints = await tx
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('workspace_id', '=', workspaceId)
    .where('enabled', '=', 1)
    .execute();
  return endpoints.filter((endpoint) => parseEvents(endpoint.events).includes(type)).map((endpoint) => endpoint.id);
}

// Product rules H1 and W4: called inside the transaction of the change, so the change and its deliveries
// commit together or not at all. One row per enabled endpoint of the workspace that chose the event.
export async function enqueueWebhooks(tx: Kysely<Database>, event: OutboxEvent): Promise<void> {
  for (const endpointId of await chosenEndpoints(tx, event.workspaceId, event.type))
    await insertDelivery(tx, endpointId, event, event.occurredAt);
}

const PUBLIC_EVENTS: readonly string[] = WEBHOOK_EVENTS;

// The in-transaction hook of the event recorder (wired in app.ts). The event log's id never repeats
// (autoincrement / bigserial), so it is the stable webhook-id. Column events are not public. The public
// data is read only when some endpoint chose the event, so a workspace without webhooks pays one query.
export const enqueueWebhookEvent: EventHook = async (tx, event) => {
  const { type } = event.data;
  if (!PUBLIC_EVENTS.includes(type)) return;
  const endpoints = await chosenEndpoints(tx, event.workspaceId, type);
  if (endpoints.length === 0) return;
  const data = await publicEventData(tx, event);
  if (data === null) return;
  const outbox = { id: `evt_${event.id}`, type, workspaceId: event.workspaceId, occurredAt: event.occurredAt, data };
  for (const endpointId of endpoints) await insertDelivery(tx, endpointId, outbox, event.occurredAt);
};
