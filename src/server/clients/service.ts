import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { clientError } from '#src/shared/clients/messages.ts';
import {
  CLIENT_PAGE_SIZE,
  CONTACTS_MAX,
  type ClientContact,
  type ClientDetail,
  type ClientListResponse,
  type ClientPageResponse,
  type Currency,
  type Project,
  type ProjectChoice,
} from '#src/shared/clients/paths.ts';
import type {
  ClientListQuerySchema,
  ContactSchema,
  CreateClientSchema,
  CreateProjectSchema,
  UpdateClientSchema,
  UpdateProjectSchema,
} from '#src/shared/clients/schemas.ts';
import type { LiveEventData } from '#src/shared/tasks/paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { likePattern } from '#src/server/db/like-pattern.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import type { Workspaces } from '#src/server/workspaces/service.ts';
import { readWorkspace, withWorkspace, type Requirement } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { latestEvents, toActivity } from './activity.ts';
import {
  clientColumns,
  clientRef,
  findClient,
  listContacts,
  projectRef,
  projectRows,
  toClientSummary,
  toProject,
  workspaceCurrency,
} from './reads.ts';

export type NewClient = z.output<typeof CreateClientSchema>;
export type ClientEdit = z.output<typeof UpdateClientSchema>;
export type NewContact = z.output<typeof ContactSchema>;
export type NewProject = z.output<typeof CreateProjectSchema>;
export type ProjectEdit = z.output<typeof UpdateProjectSchema>;
export type ClientListQuery = z.output<typeof ClientListQuerySchema>;

// How far back a client's page looks in the workspace log for activity with that client.
const CLIENT_ACTIVITY_SCAN = 500;
const CLIENT_ACTIVITY_SHOWN = 20;
const OPEN_TASKS_SHOWN = 50;

type Record = (data: LiveEventData) => Promise<unknown>;

// Clients, their contacts and projects (spec 5's client dashboard; issue: the client portal). Every change
// goes through the workspace's event recorder, so webhooks, Recent Activity and live streams follow.
export function createClients(deps: {
  db: Db;
  clock: Clock;
  recordEvent: RecordEvent;
  bus: { poke: (workspaceId: string) => void };
  workspaces: Workspaces;
}) {
  const { db, clock, recordEvent, bus, workspaces } = deps;

  async function change<T>(scope: WorkspaceScope, requirement: Requirement, work: (tx: Kysely<Database>, record: Record) => Promise<T>) {
    const result = await withWorkspace(db.kysely, scope, requirement, (tx) =>
      work(tx, (data) => recordEvent(tx, { workspaceId: scope.workspaceId, actorId: scope.actor.userId, data })),
    );
    bus.poke(scope.workspaceId);
    return result;
  }

  async function requireClient(k: Kysely<Database>, workspaceId: string, clientId: string): Promise<ClientDetail> {
    const client = await findClient(k, workspaceId, clientId);
    if (!client) throw new HttpError(404, clientError.clientNotFound);
    return client;
  }

  async function requireProject(k: Kysely<Database>, workspaceId: string, projectId: string): Promise<Project> {
    const row = await projectRows(k, workspaceId).where('p.id', '=', projectId).executeTakeFirst();
    if (!row) throw new HttpError(404, clientError.projectNotFound);
    return toProject(row);
  }

  async function insertContact(tx: Kysely<Database>, workspaceId: string, clientId: string, contact: NewContact): Promise<void> {
    const taken = await tx
      .selectFrom('client_contacts')
      .select('id')
      .where('client_id', '=', clientId)
      .where('email', '=', contact.email)
      .executeTakeFirst();
    if (taken) throw new HttpError(409, clientError.contactExists(contact.email));
    await tx
      .insertInto('client_contacts')
      .values({
        id: randomUUID(),
        workspace_id: workspaceId,
        client_id: clientId,
        name: contact.name,
        email: contact.email,
        unsubscribed_at: null,
        created_at: clock(),
      })
      .execute();
  }

  return {
    async list(scope: WorkspaceScope, query: ClientListQuery): Promise<ClientListResponse> {
      return readWorkspace(db.kysely, scope, 'member', async (k) => {
        const page = query.page ?? 1;
        let base = k.selectFrom('clients as c').where('c.workspace_id', '=', scope.workspaceId);
        const search = query.q?.trim();
        if (search) {
          const pattern = likePattern(search);
          base = base.where((eb) =>
            eb.or([
              eb(sql<string>`lower(${sql.ref('c.name')})`, 'like', sql<string>`${pattern} escape '\\'`),
              eb(sql<string>`lower(${sql.ref('c.company')})`, 'like', sql<string>`${pattern} escape '\\'`),
            ]),
          );
        }
        if (query.status) base = base.where('c.status', '=', query.status);
        const [rows, total] = await Promise.all([
          base
            .select(clientColumns)
            .orderBy('c.name')
            .orderBy('c.id')
            .limit(CLIENT_PAGE_SIZE)
            .offset((page - 1) * CLIENT_PAGE_SIZE)
            .execute(),
          base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        ]);
        return { clients: rows.map(toClientSummary), total: Number(total.count), page, pageSize: CLIENT_PAGE_SIZE };
      });
    },

    // A client's page: contacts, projects, open tasks and the activity with them.
    async page(scope: WorkspaceScope, clientId: string): Promise<ClientPageResponse> {
      return readWorkspace(db.kysely, scope, 'member', async (k) => {
        const client = await requireClient(k, scope.workspaceId, clientId);
        const projects = (
          await projectRows(k, scope.workspaceId).where('p.client_id', '=', clientId).orderBy('p.created_at').execute()
        ).map(toProject);
        const tasks = await k
          .selectFrom('tasks as t')
          .innerJoin('projects as p', 'p.id', 't.project_id')
          .leftJoin('task_approvals as a', 'a.task_id', 't.id')
          .select(['t.id', 't.title', 'p.name as project_name', 't.due_date', 't.shared_with_client'])
          .where('t.workspace_id', '=', scope.workspaceId)
          .where('p.client_id', '=', clientId)
          .where('t.deleted_at', 'is', null)
          // Open: not approved by the client yet.
          .where('a.task_id', 'is', null)
          .orderBy('t.updated_at', 'desc')
          .limit(OPEN_TASKS_SHOWN)
          .execute();
        const projectIds = new Set(projects.map((project) => project.id));
        const taskIds = new Set(
          projectIds.size === 0
            ? []
            : (
                await k
                  .selectFrom('tasks')
                  .select('id')
                  .where('project_id', 'in', [...projectIds])
                  .execute()
              ).map((row) => row.id),
        );
        const events = (await latestEvents(k, scope.workspaceId, CLIENT_ACTIVITY_SCAN)).filter(({ data }) => {
          switch (data.type) {
            case 'client.created':
            case 'client.updated':
            case 'contact.invited':
              return data.client.id === clientId;
            case 'project.created':
            case 'project.updated':
              return data.project.clientId === clientId;
            case 'task.approved':
              return data.clientId === clientId;
            case 'campaign.sent':
              return data.clientIds.includes(clientId);
            case 'task.created':
            case 'task.updated':
            case 'task.deleted':
              return data.task.projectId !== null && projectIds.has(data.task.projectId);
            case 'comment.added':
              return taskIds.has(data.comment.taskId);
            case 'github.linked':
              return taskIds.has(data.task.id);
            default:
              return false;
          }
        });
        return {
          client,
          projects,
          openTasks: tasks.map((row) => ({
            id: row.id,
            title: row.title,
            projectName: row.project_name,
            dueDate: row.due_date,
            sharedWithClient: Number(row.shared_with_client) === 1,
          })),
          activity: await toActivity(k, events.slice(0, CLIENT_ACTIVITY_SHOWN)),
          currency: await workspaceCurrency(k, scope.workspaceId),
        };
      });
    },

    async create(scope: WorkspaceScope, input: NewClient): Promise<ClientDetail> {
      return change(scope, 'member', async (tx, record) => {
        const id = randomUUID();
        const now = clock();
        await tx
          .insertInto('clients')
          .values({
            id,
            workspace_id: scope.workspaceId,
            name: input.name,
            company: input.company ?? '',
            status: input.status ?? 'Active',
            notes: input.notes ?? '',
            last_contact_at: null,
            created_by: scope.actor.userId,
            created_at: now,
            updated_at: now,
          })
          .execute();
        for (const contact of input.contacts ?? []) await insertContact(tx, scope.workspaceId, id, contact);
        const client = (await findClient(tx, scope.workspaceId, id))!;
        await record({ type: 'client.created', client: clientRef(client) });
        return client;
      });
    },

    async update(scope: WorkspaceScope, clientId: string, edit: ClientEdit): Promise<ClientDetail> {
      return change(scope, 'member', async (tx, record) => {
        await requireClient(tx, scope.workspaceId, clientId);
        await tx
          .updateTable('clients')
          .set({ ...edit, updated_at: clock() })
          .where('id', '=', clientId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        const client = (await findClient(tx, scope.workspaceId, clientId))!;
        await record({ type: 'client.updated', client: clientRef(client) });
        return client;
      });
    },

    async addContact(scope: WorkspaceScope, clientId: string, contact: NewContact): Promise<ClientContact> {
      return change(scope, 'member', async (tx, record) => {
        const client = await requireClient(tx, scope.workspaceId, clientId);
        if (client.contacts.length >= CONTACTS_MAX) throw new HttpError(409, clientError.tooManyContacts);
        await insertContact(tx, scope.workspaceId, clientId, contact);
        await record({ type: 'client.updated', client: clientRef(client) });
        return (await listContacts(tx, scope.workspaceId, clientId)).find((each) => each.email === contact.email)!;
      });
    },

    // The contact goes, and with it their portal access.
    async removeContact(scope: WorkspaceScope, clientId: string, contactId: string): Promise<void> {
      await change(scope, 'member', async (tx, record) => {
        const client = await requireClient(tx, scope.workspaceId, clientId);
        if (!client.contacts.some((contact) => contact.id === contactId)) throw new HttpError(404, clientError.contactNotFound);
        await tx.deleteFrom('client_guests').where('contact_id', '=', contactId).where('workspace_id', '=', scope.workspaceId).execute();
        await tx.deleteFrom('client_contacts').where('id', '=', contactId).where('workspace_id', '=', scope.workspaceId).execute();
        await record({ type: 'client.updated', client: clientRef(client) });
      });
    },

    // Owners invite a client's contact to the portal; the invitation is the workspace's own (one token,
    // 7 days, that address only), accepted as a guest of this client.
    async inviteContact(
      scope: WorkspaceScope,
      clientId: string,
      contactId: string,
      origin: string,
      allow: () => Promise<void>,
    ): Promise<void> {
      const { client, contact } = await readWorkspace(db.kysely, scope, 'owner', async (k) => {
        const found = await requireClient(k, scope.workspaceId, clientId);
        const person = found.contacts.find((each) => each.id === contactId);
        if (!person) throw new HttpError(404, clientError.contactNotFound);
        return { client: found, contact: person };
      });
      // The invitation is the workspace domain's.
      await workspaces.invitations.invite(scope, contact.email, origin, allow, { contactId, clientId });
      await change(scope, 'owner', async (_tx, record) => {
        await record({ type: 'contact.invited', client: clientRef(client), contactName: contact.name });
      });
    },

    async addProject(scope: WorkspaceScope, clientId: string, input: NewProject): Promise<Project> {
      return change(scope, 'member', async (tx, record) => {
        await requireClient(tx, scope.workspaceId, clientId);
        const id = randomUUID();
        const now = clock();
        await tx
          .insertInto('projects')
          .values({
            id,
            workspace_id: scope.workspaceId,
            client_id: clientId,
            name: input.name,
            status: input.status ?? 'Active',
            value: input.value ?? null,
            start_date: input.startDate ?? null,
            end_date: input.endDate ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        const project = await requireProject(tx, scope.workspaceId, id);
        await record({ type: 'project.created', project: projectRef(project) });
        return project;
      });
    },

    async updateProject(scope: WorkspaceScope, projectId: string, edit: ProjectEdit): Promise<Project> {
      return change(scope, 'member', async (tx, record) => {
        const current = await requireProject(tx, scope.workspaceId, projectId);
        const startDate = edit.startDate !== undefined ? edit.startDate : current.startDate;
        const endDate = edit.endDate !== undefined ? edit.endDate : current.endDate;
        if (startDate && endDate && startDate > endDate) throw new HttpError(400, clientError.datesOutOfOrder);
        await tx
          .updateTable('projects')
          .set({
            ...(edit.name !== undefined && { name: edit.name }),
            ...(edit.status !== undefined && { status: edit.status }),
            ...(edit.value !== undefined && { value: edit.value }),
            start_date: startDate,
            end_date: endDate,
            updated_at: clock(),
          })
          .where('id', '=', projectId)
          .where('workspace_id', '=', scope.workspaceId)
          .execute();
        const project = await requireProject(tx, scope.workspaceId, projectId);
        await record({ type: 'project.updated', project: projectRef(project) });
        return project;
      });
    },

    async projects(scope: WorkspaceScope): Promise<ProjectChoice[]> {
      return readWorkspace(db.kysely, scope, 'member', (k) =>
        k
          .selectFrom('projects as p')
          .innerJoin('clients as c', 'c.id', 'p.client_id')
          .select(['p.id', 'p.client_id as clientId', 'c.name as clientName', 'p.name', 'p.status'])
          .where('p.workspace_id', '=', scope.workspaceId)
          .orderBy('c.name')
          .orderBy('p.name')
          .execute(),
      );
    },

    async currency(scope: WorkspaceScope): Promise<Currency> {
      return readWorkspace(db.kysely, scope, 'member', (k) => workspaceCurrency(k, scope.workspaceId));
    },

    async setCurrency(scope: WorkspaceScope, currency: Currency): Promise<Currency> {
      return withWorkspace(db.kysely, scope, 'owner', async (tx) => {
        await tx.updateTable('workspaces').set({ currency }).where('id', '=', scope.workspaceId).execute();
        return currency;
      });
    },
  };
}

export type Clients = ReturnType<typeof createClients>;
