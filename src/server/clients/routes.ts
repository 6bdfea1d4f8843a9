import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import {
  ClientListResponseSchema,
  ClientPageResponseSchema,
  ClientResponseSchema,
  ClientSettingsResponseSchema,
  ContactResponseSchema,
  DashboardResponseSchema,
  MyPortalsResponseSchema,
  PortalCommentResponseSchema,
  PortalCommentsResponseSchema,
  PortalHomeResponseSchema,
  PortalTaskResponseSchema,
  ProjectResponseSchema,
  ProjectsResponseSchema,
} from '#src/shared/clients/responses.ts';
import {
  clientPaths,
  portalPaths,
  type ClientListResponse,
  type ClientPageResponse,
  type ClientResponse,
  type ClientSettingsResponse,
  type ContactResponse,
  type DashboardResponse,
  type MyPortalsResponse,
  type PortalCommentResponse,
  type PortalCommentsResponse,
  type PortalHomeResponse,
  type PortalTaskResponse,
  type ProjectResponse,
  type ProjectsResponse,
} from '#src/shared/clients/paths.ts';
import {
  ClientListQuerySchema,
  ClientSettingsSchema,
  ContactSchema,
  CreateClientSchema,
  CreateProjectSchema,
  UpdateClientSchema,
  UpdateProjectSchema,
} from '#src/shared/clients/schemas.ts';
import { AddCommentSchema } from '#src/shared/tasks/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import type { Config } from '#src/server/config.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { refuseUnless, type Requirement } from '#src/server/workspace-access/door.ts';
import { guestRoute, scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { createDashboard } from './dashboard.ts';
import type { Portal } from './portal.ts';
import type { Clients } from './service.ts';

export interface ClientRouteDeps {
  clients: Clients;
  dashboard: ReturnType<typeof createDashboard>;
  portal: Portal;
  limiter: RateLimiter;
  config: Config;
  session: SessionHelpers;
}

const clientParams = pathParams('id', 'clientId');
const contactParams = pathParams('id', 'clientId', 'contactId');
const projectParams = pathParams('id', 'projectId');
const portalTaskParams = pathParams('id', 'taskId');
// A guest's comment is always for the client: the field the team sets is not theirs to send.
const GuestCommentSchema = AddCommentSchema.omit({ forClient: true });

// The session door to clients, projects, the dashboard and the portal (src/shared/clients/paths.ts). The
// door resolved each workspace route's scope: members on the team's routes, the client's guest on the
// portal's (guestRoute). The same-origin and JSON checks of every state-changing request come from the
// hook the account routes install on this scope.
export function registerClientRoutes(app: FastifyInstance, { clients, dashboard, portal, limiter, config, session }: ClientRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A write is counted once the caller is known to be allowed it, so nobody else can spend a workspace's allowance.
  function writer(requirement: Requirement | 'client') {
    return async (request: FastifyRequest) => {
      const scope = scopeFrom(request);
      refuseUnless(scope.role, requirement);
      await limiter.checkWrite('clients', scope.actor.userId, scope.workspaceId);
      return scope;
    };
  }
  const memberWrite = writer('member');
  const ownerWrite = writer('owner');
  const guestWrite = writer('client');

  api.get(clientPaths.dashboard, { schema: { response: { 200: DashboardResponseSchema } } }, async (request): Promise<DashboardResponse> =>
    dashboard(scopeFrom(request)),
  );

  api.get(
    clientPaths.clients,
    { schema: { querystring: ClientListQuerySchema, response: { 200: ClientListResponseSchema } } },
    async (request): Promise<ClientListResponse> => clients.list(scopeFrom(request), request.query),
  );

  api.post(
    clientPaths.clients,
    { schema: { body: CreateClientSchema, response: { 201: ClientResponseSchema } } },
    async (request, reply): Promise<ClientResponse> => {
      const client = await clients.create(await memberWrite(request), request.body);
      reply.code(201);
      return { client };
    },
  );

  api.get(
    clientPaths.client,
    { schema: { params: clientParams, response: { 200: ClientPageResponseSchema } } },
    async (request): Promise<ClientPageResponse> => clients.page(scopeFrom(request), request.params.clientId),
  );

  api.put(
    clientPaths.client,
    { schema: { params: clientParams, body: UpdateClientSchema, response: { 200: ClientResponseSchema } } },
    async (request): Promise<ClientResponse> => {
      return { client: await clients.update(await memberWrite(request), request.params.clientId, request.body) };
    },
  );

  api.post(
    clientPaths.contacts,
    { schema: { params: clientParams, body: ContactSchema, response: { 201: ContactResponseSchema } } },
    async (request, reply): Promise<ContactResponse> => {
      const added = await clients.addContact(await memberWrite(request), request.params.clientId, request.body);
      reply.code(201);
      return { contact: added };
    },
  );

  api.delete(
    clientPaths.contact,
    { schema: { params: contactParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await clients.removeContact(await memberWrite(request), request.params.clientId, request.params.contactId);
      return { ok: true, message: 'Contact removed.' };
    },
  );

  api.post(
    clientPaths.inviteContact,
    { schema: { params: contactParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      const scope = scopeFrom(request);
      const { clientId, contactId } = request.params;
      await clients.inviteContact(scope, clientId, contactId, config.publicOrigin, () =>
        limiter.checkInvitation(scope.actor.userId, scope.workspaceId),
      );
      return { ok: true, message: 'Invitation sent.' };
    },
  );

  api.post(
    clientPaths.clientProjects,
    { schema: { params: clientParams, body: CreateProjectSchema, response: { 201: ProjectResponseSchema } } },
    async (request, reply): Promise<ProjectResponse> => {
      const project = await clients.addProject(await memberWrite(request), request.params.clientId, request.body);
      reply.code(201);
      return { project };
    },
  );

  api.get(clientPaths.projects, { schema: { response: { 200: ProjectsResponseSchema } } }, async (request): Promise<ProjectsResponse> => ({
    projects: await clients.projects(scopeFrom(request)),
  }));

  api.put(
    clientPaths.project,
    { schema: { params: projectParams, body: UpdateProjectSchema, response: { 200: ProjectResponseSchema } } },
    async (request): Promise<ProjectResponse> => {
      return { project: await clients.updateProject(await memberWrite(request), request.params.projectId, request.body) };
    },
  );

  api.get(
    clientPaths.settings,
    { schema: { response: { 200: ClientSettingsResponseSchema } } },
    async (request): Promise<ClientSettingsResponse> => ({
      currency: await clients.currency(scopeFrom(request)),
    }),
  );

  api.put(
    clientPaths.settings,
    { schema: { body: ClientSettingsSchema, response: { 200: ClientSettingsResponseSchema } } },
    async (request): Promise<ClientSettingsResponse> => {
      const { currency } = request.body;
      return { currency: await clients.setCurrency(await ownerWrite(request), currency) };
    },
  );

  // The portal.
  api.get(
    portalPaths.mine,
    { schema: { response: { 200: MyPortalsResponseSchema } } },
    async (request, reply): Promise<MyPortalsResponse> => {
      const { user } = await session.requireSession(request, reply);
      return portal.mine(user.id);
    },
  );

  api.get(
    portalPaths.home,
    { ...guestRoute, schema: { response: { 200: PortalHomeResponseSchema } } },
    async (request): Promise<PortalHomeResponse> => portal.home(scopeFrom(request)),
  );

  api.get(
    portalPaths.comments,
    { ...guestRoute, schema: { params: portalTaskParams, response: { 200: PortalCommentsResponseSchema } } },
    async (request): Promise<PortalCommentsResponse> => ({
      comments: await portal.comments(scopeFrom(request), request.params.taskId),
    }),
  );

  api.post(
    portalPaths.comments,
    { ...guestRoute, schema: { params: portalTaskParams, body: GuestCommentSchema, response: { 201: PortalCommentResponseSchema } } },
    async (request, reply): Promise<PortalCommentResponse> => {
      const { body } = request.body;
      const comment = await portal.addComment(await guestWrite(request), request.params.taskId, body);
      reply.code(201);
      return { comment };
    },
  );

  api.post(
    portalPaths.approve,
    { ...guestRoute, schema: { params: portalTaskParams, body: NoBodySchema, response: { 200: PortalTaskResponseSchema } } },
    async (request): Promise<PortalTaskResponse> => {
      return { task: await portal.approve(await guestWrite(request), request.params.taskId) };
    },
  );
}
