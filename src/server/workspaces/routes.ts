import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/api-paths.ts';
import { workspaceNotice } from '#src/shared/workspace-messages.ts';
import {
  ChangeRoleSchema,
  CreateWorkspaceSchema,
  DeleteWorkspaceSchema,
  InvitationTokenSchema,
  InviteSchema,
  NoBodySchema,
  RenameWorkspaceSchema,
  workspacePaths,
  type AcceptInvitationResponse,
  type InvitationPreviewResponse,
  type InvitationResponse,
  type MemberResponse,
  type WorkspaceDetailResponse,
  type WorkspaceResponse,
  type WorkspacesResponse,
} from '#src/shared/workspaces.ts';
import type { Config } from '#src/server/config.ts';
import { parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import type { Actor } from './access.ts';
import type { Workspaces } from './service.ts';

export interface WorkspaceRouteDeps {
  workspaces: Workspaces;
  limiter: RateLimiter;
  config: Config;
  session: SessionHelpers;
}

type Params = { id: string; invitationId: string; userId: string };

const ok = (message: string): OkResponse => ({ ok: true, message });

// Issue 15: the paths of src/shared/workspaces.ts. The same-origin and JSON checks of every
// state-changing request come from the hook the account routes install on this scope.
export function registerWorkspaceRoutes(app: FastifyInstance, { workspaces, limiter, config, session }: WorkspaceRouteDeps) {
  async function actor(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
    const signedIn = await session.requireSession(request, reply);
    return { user: signedIn.user, ip: request.ip };
  }
  const params = (request: FastifyRequest) => request.params as Params;

  app.get(workspacePaths.list, async (request, reply): Promise<WorkspacesResponse> => workspaces.list(await actor(request, reply)));

  app.post(workspacePaths.list, async (request, reply): Promise<WorkspaceResponse> => {
    const who = await actor(request, reply);
    const { name } = parseBody(CreateWorkspaceSchema, request.body);
    const workspace = await workspaces.create(who, name);
    reply.code(201);
    return { workspace };
  });

  app.get(workspacePaths.one, async (request, reply): Promise<WorkspaceDetailResponse> =>
    workspaces.detail(await actor(request, reply), params(request).id),
  );

  app.put(workspacePaths.one, async (request, reply): Promise<WorkspaceResponse> => {
    const who = await actor(request, reply);
    const { name } = parseBody(RenameWorkspaceSchema, request.body);
    return { workspace: await workspaces.rename(who, params(request).id, name) };
  });

  app.delete(workspacePaths.one, async (request, reply): Promise<OkResponse> => {
    const who = await actor(request, reply);
    const { confirmName } = parseBody(DeleteWorkspaceSchema, request.body);
    await workspaces.remove(who, params(request).id, confirmName);
    return ok(workspaceNotice.deleted);
  });

  app.post(workspacePaths.open, async (request, reply): Promise<WorkspaceResponse> => {
    const who = await actor(request, reply);
    parseBody(NoBodySchema, request.body);
    return { workspace: await workspaces.open(who, params(request).id) };
  });

  app.post(workspacePaths.leave, async (request, reply): Promise<OkResponse> => {
    const who = await actor(request, reply);
    parseBody(NoBodySchema, request.body);
    await workspaces.leave(who, params(request).id);
    return ok(workspaceNotice.left);
  });

  app.post(workspacePaths.invitations, async (request, reply): Promise<InvitationResponse> => {
    const who = await actor(request, reply);
    const { email } = parseBody(InviteSchema, request.body);
    const { id } = params(request);
    // The link points at the public origin when one is configured, else at the address the owner used.
    const origin = config.appOrigin ?? `${request.protocol}://${request.host}`;
    const invitation = await workspaces.invitations.invite(who, id, email, origin, () => limiter.checkInvitation(who.user.id, id));
    reply.code(201);
    return { invitation };
  });

  app.delete(workspacePaths.invitation, async (request, reply): Promise<OkResponse> => {
    const who = await actor(request, reply);
    parseBody(NoBodySchema, request.body);
    const { id, invitationId } = params(request);
    await workspaces.invitations.revoke(who, id, invitationId);
    return ok(workspaceNotice.revoked);
  });

  app.put(workspacePaths.member, async (request, reply): Promise<MemberResponse> => {
    const who = await actor(request, reply);
    const { role } = parseBody(ChangeRoleSchema, request.body);
    const { id, userId } = params(request);
    return { member: await workspaces.changeRole(who, id, userId, role) };
  });

  app.delete(workspacePaths.member, async (request, reply): Promise<OkResponse> => {
    const who = await actor(request, reply);
    parseBody(NoBodySchema, request.body);
    const { id, userId } = params(request);
    const outcome = await workspaces.removeMember(who, id, userId);
    return ok(outcome === 'left' ? workspaceNotice.left : workspaceNotice.removed);
  });

  app.post(workspacePaths.lookupInvitation, async (request): Promise<InvitationPreviewResponse> => {
    const { token } = parseBody(InvitationTokenSchema, request.body);
    return workspaces.invitations.preview(token);
  });

  app.post(workspacePaths.acceptInvitation, async (request, reply): Promise<AcceptInvitationResponse> => {
    const who = await actor(request, reply);
    const { token } = parseBody(InvitationTokenSchema, request.body);
    return workspaces.invitations.accept(who, token);
  });
}
