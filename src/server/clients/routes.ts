import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
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
import { parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
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

type Params = { id: string; clientId: string; contactId: string; projectId: string; taskId: string };

// The session door to clients, projects, the dashboard and the portal (src/shared/clients/paths.ts). The
// door resolved each workspace route's scope: members on the team's routes, the client's guest on the
// portal's (guestRoute). The same-origin and JSON checks of every state-changing request come from the
// hook the account routes install on this scope.
export function registerClientRoutes(app: FastifyInstance, { clients, dashboard, portal, limiter, config, session }: ClientRouteDeps) {
  const params = (request: FastifyRequest) => request.params as Params;

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

  app.get(clientPaths.dashboard, async (request): Promise<DashboardResponse> => dashboard(scopeFrom(request)));

  app.get(clientPaths.clients, async (request): Promise<ClientListResponse> =>
    clients.list(scopeFrom(request), parseBody(ClientListQuerySchema, request.query)),
  );

  app.post(clientPaths.clients, async (request, reply): Promise<ClientResponse> => {
    const body = parseBody(CreateClientSchema, request.body);
    const client = await clients.create(await memberWrite(request), body);
    reply.code(201);
    return { client };
  });

  app.get(clientPaths.client, async (request): Promise<ClientPageResponse> => clients.page(scopeFrom(request), params(request).clientId));

  app.put(clientPaths.client, async (request): Promise<ClientResponse> => {
    const edit = parseBody(UpdateClientSchema, request.body);
    return { client: await clients.update(await memberWrite(request), params(request).clientId, edit) };
  });

  app.post(clientPaths.contacts, async (request, reply): Promise<ContactResponse> => {
    const contact = parseBody(ContactSchema, request.body);
    const added = await clients.addContact(await memberWrite(request), params(request).clientId, contact);
    reply.code(201);
    return { contact: added };
  });

  app.delete(clientPaths.contact, async (request): Promise<OkResponse> => {
    parseBody(NoBodySchema, request.body);
    await clients.removeContact(await memberWrite(request), params(request).clientId, params(request).contactId);
    return { ok: true, message: 'Contact removed.' };
  });

  app.post(clientPaths.inviteContact, async (request): Promise<OkResponse> => {
    parseBody(NoBodySchema, request.body);
    const scope = scopeFrom(request);
    const { clientId, contactId } = params(request);
    await clients.inviteContact(scope, clientId, contactId, config.publicOrigin, () =>
      limiter.checkInvitation(scope.actor.userId, scope.workspaceId),
    );
    return { ok: true, message: 'Invitation sent.' };
  });

  app.post(clientPaths.clientProjects, async (request, reply): Promise<ProjectResponse> => {
    const body = parseBody(CreateProjectSchema, request.body);
    const project = await clients.addProject(await memberWrite(request), params(request).clientId, body);
    reply.code(201);
    return { project };
  });

  app.get(clientPaths.projects, async (request): Promise<ProjectsResponse> => ({ projects: await clients.projects(scopeFrom(request)) }));

  app.put(clientPaths.project, async (request): Promise<ProjectResponse> => {
    const edit = parseBody(UpdateProjectSchema, request.body);
    return { project: await clients.updateProject(await memberWrite(request), params(request).projectId, edit) };
  });

  app.get(clientPaths.settings, async (request): Promise<ClientSettingsResponse> => ({
    currency: await clients.currency(scopeFrom(request)),
  }));

  app.put(clientPaths.settings, async (request): Promise<ClientSettingsResponse> => {
    const { currency } = parseBody(ClientSettingsSchema, request.body);
    return { currency: await clients.setCurrency(await ownerWrite(request), currency) };
  });

  // The portal.
  app.get(portalPaths.mine, async (request, reply): Promise<MyPortalsResponse> => {
    const { user } = await session.requireSession(request, reply);
    return portal.mine(user.id);
  });

  app.get(portalPaths.home, guestRoute, async (request): Promise<PortalHomeResponse> => portal.home(scopeFrom(request)));

  app.get(portalPaths.comments, guestRoute, async (request): Promise<PortalCommentsResponse> => ({
    comments: await portal.comments(scopeFrom(request), params(request).taskId),
  }));

  app.post(portalPaths.comments, guestRoute, async (request, reply): Promise<PortalCommentResponse> => {
    const { body } = parseBody(AddCommentSchema.omit({ forClient: true }), request.body);
    const comment = await portal.addComment(await guestWrite(request), params(request).taskId, body);
    reply.code(201);
    return { comment };
  });

  app.post(portalPaths.approve, guestRoute, async (request): Promise<PortalTaskResponse> => {
    parseBody(NoBodySchema, request.body);
    return { task: await portal.approve(await guestWrite(request), params(request).taskId) };
  });
}
