import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { workspaceNotice } from '#src/shared/workspaces/messages.ts';
import {
  AcceptInvitationResponseSchema,
  InvitationPreviewResponseSchema,
  InvitationResponseSchema,
  MemberResponseSchema,
  WorkspaceDetailResponseSchema,
  WorkspaceResponseSchema,
  WorkspacesResponseSchema,
} from '#src/shared/workspaces/responses.ts';
import {
  ChangeRoleSchema,
  CreateWorkspaceSchema,
  DeleteWorkspaceSchema,
  InvitationTokenSchema,
  InviteSchema,
  NoBodySchema,
  RenameWorkspaceSchema,
} from '#src/shared/workspaces/schemas.ts';
import {
  workspacePaths,
  type AcceptInvitationResponse,
  type InvitationPreviewResponse,
  type InvitationResponse,
  type MemberResponse,
  type WorkspaceDetailResponse,
  type WorkspaceResponse,
  type WorkspacesResponse,
} from '#src/shared/workspaces/paths.ts';
import type { Config } from '#src/server/config.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Person, Workspaces } from './service.ts';

export interface WorkspaceRouteDeps {
  workspaces: Workspaces;
  limiter: RateLimiter;
  config: Config;
  session: SessionHelpers;
}

const ok = (message: string): OkResponse => ({ ok: true, message });

// The paths of src/shared/workspaces. The same-origin and JSON checks of every state-changing request
// come from the hook the account routes install on this scope; routes under /workspaces/:id get their
// scope from the door.
export function registerWorkspaceRoutes(app: FastifyInstance, { workspaces, limiter, config, session }: WorkspaceRouteDeps) {
  async function person(request: FastifyRequest, reply: FastifyReply): Promise<Person> {
    const signedIn = await session.requireSession(request, reply);
    return { user: signedIn.user, ip: request.ip };
  }
  const api = app.withTypeProvider<ZodTypeProvider>();
  const body = <S extends object, R extends object>(schema: S, response: R) => ({ schema: { body: schema, response: { 200: response } } });
  const member = pathParams('id', 'userId');
  // Every change of a workspace's settings, members and invitations counts as the person's write in it.
  const counts = (request: FastifyRequest) => {
    const scope = scopeFrom(request);
    return limiter.checkWrite('workspace', scope.actor.userId, scope.workspaceId);
  };

  api.get(
    workspacePaths.list,
    { schema: { response: { 200: WorkspacesResponseSchema } } },
    async (request, reply): Promise<WorkspacesResponse> => workspaces.list(await person(request, reply)),
  );

  // The session is checked before the input: a stranger gets the 401, never a 400.
  api.post(
    workspacePaths.list,
    { ...session.signedInRoute, schema: { body: CreateWorkspaceSchema, response: { 201: WorkspaceResponseSchema } } },
    async (request, reply): Promise<WorkspaceResponse> => {
      const who = await person(request, reply);
      const { name } = request.body;
      await limiter.perPerson('workspaceCreate', who.user.id);
      const workspace = await workspaces.create(who, name);
      reply.code(201);
      return { workspace };
    },
  );

  api.get(
    workspacePaths.one,
    { schema: { response: { 200: WorkspaceDetailResponseSchema } } },
    async (request): Promise<WorkspaceDetailResponse> => workspaces.detail(scopeFrom(request)),
  );

  api.put(workspacePaths.one, body(RenameWorkspaceSchema, WorkspaceResponseSchema), async (request): Promise<WorkspaceResponse> => {
    await counts(request);
    const { name } = request.body;
    return { workspace: await workspaces.rename(scopeFrom(request), name) };
  });

  api.delete(workspacePaths.one, body(DeleteWorkspaceSchema, OkResponseSchema), async (request): Promise<OkResponse> => {
    await counts(request);
    const { confirmName } = request.body;
    await workspaces.remove(scopeFrom(request), confirmName);
    return ok(workspaceNotice.deleted);
  });

  api.post(workspacePaths.open, body(NoBodySchema, WorkspaceResponseSchema), async (request): Promise<WorkspaceResponse> => {
    await counts(request);
    return { workspace: await workspaces.open(scopeFrom(request)) };
  });

  api.post(workspacePaths.leave, body(NoBodySchema, OkResponseSchema), async (request): Promise<OkResponse> => {
    await counts(request);
    await workspaces.leave(scopeFrom(request));
    return ok(workspaceNotice.left);
  });

  api.post(
    workspacePaths.invitations,
    { schema: { body: InviteSchema, response: { 201: InvitationResponseSchema } } },
    async (request, reply): Promise<InvitationResponse> => {
      const scope = scopeFrom(request);
      const { email } = request.body;
      const invitation = await workspaces.invitations.invite(scope, email, config.publicOrigin, () =>
        limiter.checkInvitation(scope.actor.userId, scope.workspaceId),
      );
      reply.code(201);
      return { invitation };
    },
  );

  api.delete(
    workspacePaths.invitation,
    { schema: { params: pathParams('id', 'invitationId'), body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await counts(request);
      await workspaces.invitations.revoke(scopeFrom(request), request.params.invitationId);
      return ok(workspaceNotice.revoked);
    },
  );

  api.put(
    workspacePaths.member,
    { schema: { params: member, body: ChangeRoleSchema, response: { 200: MemberResponseSchema } } },
    async (request): Promise<MemberResponse> => {
      await counts(request);
      const { role } = request.body;
      return { member: await workspaces.changeRole(scopeFrom(request), request.params.userId, role) };
    },
  );

  api.delete(
    workspacePaths.member,
    { schema: { params: member, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await counts(request);
      const outcome = await workspaces.removeMember(scopeFrom(request), request.params.userId);
      return ok(outcome === 'left' ? workspaceNotice.left : workspaceNotice.removed);
    },
  );

  api.post(
    workspacePaths.lookupInvitation,
    body(InvitationTokenSchema, InvitationPreviewResponseSchema),
    async (request): Promise<InvitationPreviewResponse> => {
      const { token } = request.body;
      return workspaces.invitations.preview(token);
    },
  );

  api.post(
    workspacePaths.acceptInvitation,
    { ...session.signedInRoute, ...body(InvitationTokenSchema, AcceptInvitationResponseSchema) },
    async (request, reply): Promise<AcceptInvitationResponse> => {
      const who = await person(request, reply);
      const { token } = request.body;
      await limiter.checkWrite('invitation-accept', who.user.id, null);
      return workspaces.invitations.accept(who, token);
    },
  );
}
