import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { campaignError, campaignNotice } from '#src/shared/campaigns/messages.ts';
import type { AudienceResponse, CampaignRecipient, CampaignResponse } from '#src/shared/campaigns/paths.ts';
import type { SendCampaignSchema } from '#src/shared/campaigns/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import type { SendLater } from '#src/server/jobs/email-outbox.ts';
import { readWorkspace, withWorkspace } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { campaignMail } from './campaign-mail.ts';
import { readContactUnsubscribeToken } from './unsubscribe-token.ts';

export type NewCampaign = z.output<typeof SendCampaignSchema>;

const DAY_MS = 86_400_000;
// Recipient rows per insert: well under SQLite's limit of bound values in one statement.
const INSERT_CHUNK = 500;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const unique = (ids: string[]) => [...new Set(ids)];

interface Contact {
  id: string;
  client_id: string;
  name: string;
  email: string;
  unsubscribed_at: number | null;
}

function contactRows(k: Kysely<Database>, workspaceId: string) {
  return k
    .selectFrom('client_contacts')
    .select(['id', 'client_id', 'name', 'email', 'unsubscribed_at'])
    .where('workspace_id', '=', workspaceId);
}

// Campaign emails the workspace has put in the outbox since midnight UTC.
async function sentToday(k: Kysely<Database>, workspaceId: string, now: number): Promise<number> {
  const row = await k
    .selectFrom('campaign_recipients')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'sent')
    .where('created_at', '>=', now - (now % DAY_MS))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// Who a send reaches: every contact of the picked clients and each picked contact, once per address.
// A name that is not of this workspace refuses the whole send (404), like any other workspace's row.
async function pickRecipients(tx: Kysely<Database>, workspaceId: string, input: NewCampaign): Promise<Contact[]> {
  const clientIds = unique(input.clientIds);
  const contactIds = unique(input.contactIds);
  if (clientIds.length > 0) {
    const found = await tx
      .selectFrom('clients')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', clientIds)
      .execute();
    if (found.length !== clientIds.length) throw new HttpError(404, campaignError.unknownClient);
  }
  const ofClients = clientIds.length > 0 ? await contactRows(tx, workspaceId).where('client_id', 'in', clientIds).execute() : [];
  const picked = contactIds.length > 0 ? await contactRows(tx, workspaceId).where('id', 'in', contactIds).execute() : [];
  if (picked.length !== contactIds.length) throw new HttpError(404, campaignError.unknownContact);
  const byEmail = new Map<string, Contact>();
  for (const contact of [...ofClients, ...picked].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))) {
    if (!byEmail.has(contact.email)) byEmail.set(contact.email, contact);
  }
  return [...byEmail.values()];
}

// An owner's update to client contacts (spec 5's Quick Action "Send Email Campaign"): one outbox email
// per contact in the transaction of the send, each with its own one-click unsubscribe; unsubscribed
// contacts are skipped and recorded as such; a workspace sends at most `dailyLimit` a UTC day.
export function createCampaigns(deps: {
  db: Db;
  clock: Clock;
  sendLater: SendLater;
  recordEvent: RecordEvent;
  // After the commit: the live streams, and the outbox's worker.
  bus: { poke: (workspaceId: string) => void };
  origin: string;
  appSecret: string;
  dailyLimit: number;
}) {
  const { db, clock, sendLater, recordEvent, bus, origin, appSecret, dailyLimit } = deps;
  const k = db.kysely;

  async function detail(reader: Kysely<Database>, workspaceId: string, campaignId: string): Promise<CampaignResponse> {
    const campaign = await reader
      .selectFrom('campaigns as c')
      .leftJoin('users as u', 'u.id', 'c.sent_by')
      .select(['c.id', 'c.subject', 'c.body', 'c.created_at', 'u.name as sent_by_name'])
      .where('c.workspace_id', '=', workspaceId)
      .where('c.id', '=', campaignId)
      .executeTakeFirst();
    if (!campaign) throw new HttpError(404, campaignError.campaignNotFound);
    const rows = await reader
      .selectFrom('campaign_recipients')
      .select(['contact_id', 'client_id', 'name', 'email', 'status'])
      .where('workspace_id', '=', workspaceId)
      .where('campaign_id', '=', campaignId)
      .orderBy('name')
      .orderBy('email')
      .execute();
    const recipients: CampaignRecipient[] = rows.map((row) => ({
      contactId: row.contact_id,
      clientId: row.client_id,
      name: row.name,
      email: row.email,
      status: row.status,
    }));
    return {
      campaign: {
        id: campaign.id,
        subject: campaign.subject,
        body: campaign.body,
        sentAt: iso(campaign.created_at),
        sentBy: campaign.sent_by_name ?? '',
        sent: recipients.filter((each) => each.status === 'sent').length,
        skipped: recipients.filter((each) => each.status === 'unsubscribed').length,
      },
      recipients,
    };
  }

  return {
    async audience(scope: WorkspaceScope): Promise<AudienceResponse> {
      return readWorkspace(k, scope, 'owner', async (reader) => {
        const rows = await reader
          .selectFrom('client_contacts as k')
          .innerJoin('clients as c', 'c.id', 'k.client_id')
          .select(['c.id as client_id', 'c.name as client_name', 'c.company', 'k.id', 'k.name', 'k.email', 'k.unsubscribed_at'])
          .where('k.workspace_id', '=', scope.workspaceId)
          .where('c.workspace_id', '=', scope.workspaceId)
          .orderBy('c.name')
          .orderBy('c.id')
          .orderBy('k.created_at')
          .orderBy('k.id')
          .execute();
        const clients: AudienceResponse['clients'] = [];
        for (const row of rows) {
          let client = clients.at(-1);
          if (client?.id !== row.client_id) {
            client = { id: row.client_id, name: row.client_name, company: row.company, contacts: [] };
            clients.push(client);
          }
          client.contacts.push({
            id: row.id,
            name: row.name,
            email: row.email,
            unsubscribedAt: row.unsubscribed_at === null ? null : iso(row.unsubscribed_at),
          });
        }
        const used = await sentToday(reader, scope.workspaceId, clock());
        return { clients, remainingToday: Math.max(0, dailyLimit - used), dailyLimit };
      });
    },

    async send(scope: WorkspaceScope, input: NewCampaign): Promise<CampaignResponse> {
      const result = await withWorkspace(k, scope, 'owner', async (tx, entered) => {
        const now = clock();
        const everyone = await pickRecipients(tx, scope.workspaceId, input);
        const reachable = everyone.filter((contact) => contact.unsubscribed_at === null);
        if (reachable.length === 0) throw new HttpError(409, campaignError.nobodyToSend);
        // Under the workspace's lock: two sends at once cannot both fit in what is left of today.
        const left = Math.max(0, dailyLimit - (await sentToday(tx, scope.workspaceId, now)));
        if (reachable.length > left) {
          const retryAfter = Math.ceil((DAY_MS - (now % DAY_MS)) / 1000);
          throw new HttpError(429, campaignError.dailyCap(left, reachable.length, dailyLimit), { 'Retry-After': String(retryAfter) });
        }
        const id = randomUUID();
        await tx
          .insertInto('campaigns')
          .values({
            id,
            workspace_id: scope.workspaceId,
            subject: input.subject,
            body: input.body,
            sent_by: scope.actor.userId,
            created_at: now,
          })
          .execute();
        const rows = everyone.map((contact) => ({
          campaign_id: id,
          workspace_id: scope.workspaceId,
          contact_id: contact.id,
          client_id: contact.client_id,
          name: contact.name,
          email: contact.email,
          status: contact.unsubscribed_at === null ? ('sent' as const) : ('unsubscribed' as const),
          created_at: now,
        }));
        for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
          await tx
            .insertInto('campaign_recipients')
            .values(rows.slice(at, at + INSERT_CHUNK))
            .execute();
        }
        const context = { origin, appSecret, workspaceName: entered.workspace.name };
        for (const contact of reachable) {
          await sendLater(tx, campaignMail(context, contact, input), `campaign:${id}:${contact.id}`, {
            workspaceId: scope.workspaceId,
            counted: { kind: 'campaign', clientId: contact.client_id },
          });
        }
        // Like any change, it is in the workspace's activity (and each client's Last Contact follows).
        await recordEvent(tx, {
          workspaceId: scope.workspaceId,
          actorId: scope.actor.userId,
          data: {
            type: 'campaign.sent',
            campaignId: id,
            clientIds: unique(reachable.map((contact) => contact.client_id)),
            sent: reachable.length,
            skipped: everyone.length - reachable.length,
          },
        });
        return detail(tx, scope.workspaceId, id);
      });
      bus.poke(scope.workspaceId);
      return result;
    },

    async detail(scope: WorkspaceScope, campaignId: string): Promise<CampaignResponse> {
      return readWorkspace(k, scope, 'owner', (reader) => detail(reader, scope.workspaceId, campaignId));
    },

    // RFC 8058 one-click: the signed token names one contact; only their standing changes. A contact
    // removed since the mail was sent gets no more mail either, so the answer is the same.
    async unsubscribe(token: string): Promise<string> {
      const contactId = readContactUnsubscribeToken(appSecret, token);
      if (!contactId) throw new HttpError(400, campaignError.badToken);
      const contact = await k
        .selectFrom('client_contacts as k')
        .innerJoin('workspaces as w', 'w.id', 'k.workspace_id')
        .select(['k.id', 'w.name as workspace_name'])
        .where('k.id', '=', contactId)
        .executeTakeFirst();
      if (!contact) return campaignNotice.unsubscribedGone;
      await k
        .updateTable('client_contacts')
        .set({ unsubscribed_at: clock() })
        .where('id', '=', contactId)
        .where('unsubscribed_at', 'is', null)
        .execute();
      return campaignNotice.unsubscribed(contact.workspace_name);
    },
  };
}

export type Campaigns = ReturnType<typeof createCampaigns>;
