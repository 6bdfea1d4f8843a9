import type { Kysely } from 'kysely';
import type { ClientContact, ClientDetail, ClientSummary, Currency, Project } from '#src/shared/clients/paths.ts';
import type { ClientRef, ProjectRef } from '#src/shared/clients/events.ts';
import type { ClientsTable, Database } from '#src/server/db/schema.ts';
import { guestsSince } from '#src/server/workspace-access/memberships.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

type ClientRow = Pick<ClientsTable, 'id' | 'workspace_id' | 'name' | 'company' | 'status' | 'last_contact_at' | 'created_at'>;
export const clientColumns = ['c.id', 'c.workspace_id', 'c.name', 'c.company', 'c.status', 'c.last_contact_at', 'c.created_at'] as const;

export const toClientSummary = (row: ClientRow): ClientSummary => ({
  id: row.id,
  workspaceId: row.workspace_id,
  name: row.name,
  company: row.company,
  status: row.status,
  lastContactAt: row.last_contact_at === null ? null : iso(row.last_contact_at),
  createdAt: iso(row.created_at),
});

export const clientRef = (client: Pick<ClientSummary, 'id' | 'name' | 'company' | 'status'>): ClientRef => ({
  id: client.id,
  name: client.name,
  company: client.company,
  status: client.status,
});
export const projectRef = (project: Project): ProjectRef => ({
  id: project.id,
  clientId: project.clientId,
  name: project.name,
  status: project.status,
});

export async function findClient(db: Kysely<Database>, workspaceId: string, clientId: string): Promise<ClientDetail | null> {
  const row = await db
    .selectFrom('clients as c')
    .select([...clientColumns, 'c.notes'])
    .where('c.workspace_id', '=', workspaceId)
    .where('c.id', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...toClientSummary(row), notes: row.notes, contacts: await listContacts(db, workspaceId, clientId) };
}

export async function listContacts(db: Kysely<Database>, workspaceId: string, clientId: string): Promise<ClientContact[]> {
  const rows = await db
    .selectFrom('client_contacts as k')
    .leftJoin(guestsSince(db, workspaceId).as('g'), 'g.contact_id', 'k.id')
    .select(['k.id', 'k.name', 'k.email', 'k.unsubscribed_at', 'g.joined_at'])
    .where('k.workspace_id', '=', workspaceId)
    .where('k.client_id', '=', clientId)
    .orderBy('k.created_at')
    .orderBy('k.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    portalSince: row.joined_at === null ? null : iso(row.joined_at),
    unsubscribedAt: row.unsubscribed_at === null ? null : iso(row.unsubscribed_at),
  }));
}

export function projectRows(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('projects as p')
    .innerJoin('clients as c', 'c.id', 'p.client_id')
    .select([
      'p.id',
      'p.workspace_id',
      'p.client_id',
      'c.name as client_name',
      'p.name',
      'p.status',
      'p.value',
      'p.start_date',
      'p.end_date',
    ])
    .where('p.workspace_id', '=', workspaceId);
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof projectRows>['executeTakeFirstOrThrow']>>;

export const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  workspaceId: row.workspace_id,
  clientId: row.client_id,
  clientName: row.client_name,
  name: row.name,
  status: row.status,
  value: row.value === null ? null : Number(row.value),
  startDate: row.start_date,
  endDate: row.end_date,
});

export async function workspaceCurrency(db: Kysely<Database>, workspaceId: string): Promise<Currency> {
  const row = await db.selectFrom('workspaces').select('currency').where('id', '=', workspaceId).executeTakeFirstOrThrow();
  return row.currency as Currency;
}
