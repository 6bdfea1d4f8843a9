import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { workspaceNotice } from '#src/shared/workspaces/messages.ts';
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
import { parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Person, Workspaces } from './service.ts';

export interface WorkspaceRouteDeps {
  workspaces: Workspaces;
  limiter: RateLimiter;
  config: Config;
  session: SessionHelpers;
}

type Params = { id: string; invitationId: string; userId: string };

const ok = (message: string): OkResponse => ({ ok: true, message });

// The paths of src/shared/workspaces. The same-origin and JSON checks of every state-changing request
// come from the hook the account routes install on this scope; routes under /workspaces/:id get their
// scope from the door.
export function registerWorkspaceRoutes(app: FastifyInstance, { workspaces, limiter, config, session }: WorkspaceRouteDeps) {
  async function person(request: FastifyRequest, reply: FastifyReply): Promise<Person> {
    const signedIn = await session.requireSession(request, reply);
    return { user: signedIn.user, ip: request.ip };
  }
  const params = (request: FastifyRequest) => request.params as Params;
  // Every change of a workspace's settings, members and invitations counts as the person's write in it.
  const counts = (request: FastifyRequest) => {
    const scope = scopeFrom(request);
    return limiter.checkWrite('workspace', scope.actor.userId, scope.workspaceId);
  };

  app.get(workspacePaths.list, async (request, reply): Promise<WorkspacesResponse> => workspaces.list(await person(request, reply)));

  app.post(workspacePaths.list, async (request, reply): Promise<WorkspaceResponse> => {
    const who = await person(request, reply);
    const { name } = parseBody(CreateWorkspaceSchema, request.body);
    await limiter.perPerson('workspaceCreate', who.user.id);
    const workspace = await workspaces.create(who, name);
    reply.code(201);
    return { workspace };
  });

  app.get(workspacePaths.one, async (request): Promise<WorkspaceDetailResponse> => workspaces.detail(scopeFrom(request)));

  app.put(workspacePaths.one, async (request): Promise<WorkspaceResponse> => {
    await counts(request);
    const { name } = parseBody(RenameWorkspaceSchema, request.body);
    return { workspace: await workspaces.rename(scopeFrom(request), name) };
  });

  app.delete(workspacePaths.one, async (request): Promise<OkResponse> => {
    await counts(request);
    const { confirmName } = parseBody(DeleteWorkspaceSchema, request.body);
    await workspaces.remove(scopeFrom(request), confirmName);
    return ok(workspaceNotice.deleted);
  });

  app.post(workspacePaths.open, async (request): Promise<WorkspaceResponse> => {
    await counts(request);
    parseBody(NoBodySchema, request.body);
    return { workspace: await workspaces.open(scopeFrom(request)) };
  });

  app.post(workspacePaths.leave, async (request): Promise<OkResponse> => {
    await counts(request);
    parseBody(NoBodySchema, request.body);
    await workspaces.leave(scopeFrom(request));
    return ok(workspaceNotice.left);
  });

  app.post(workspacePaths.invitations, async (request, reply): Promise<InvitationResponse> => {
    const scope = scopeFrom(request);
    const { email } = parseBody(InviteSchema, request.body);
    const invitation = await workspaces.invitations.invite(scope, email, config.publicOrigin, () =>
      limiter.checkInvitation(scope.actor.userId, scope.workspaceId),
    );
    reply.code(201);
    return { invitation };
  });

  app.delete(workspacePaths.invitation, async (request): Promise<OkResponse> => {
    await counts(request);
    parseBody(NoBodySchema, request.body);
    await workspaces.invitations.revoke(scopeFrom(request), params(request).invitationId);
    return ok(workspaceNotice.revoked);
  });

  app.put(workspacePaths.member, async (request): Promise<MemberResponse> => {
    await counts(request);
    const { role } = parseBody(ChangeRoleSchema, request.body);
    return { member: await workspaces.changeRole(scopeFrom(request), params(request).userId, role) };
  });

  app.delete(workspacePaths.member, async (request): Promise<OkResponse> => {
    await counts(request);
    parseBody(NoBodySchema, request.body);
    const outcome = await workspaces.removeMember(scopeFrom(request), params(request).userId);
    return ok(outcome === 'left' ? workspaceNotice.left : workspaceNotice.removed);
  });

  app.post(workspacePaths.lookupInvitation, async (request): Promise<InvitationPreviewResponse> => {
    const { token } = parseBody(InvitationTokenSchema, request.body);
    return workspaces.invitations.preview(token);
  });

  app.post(workspacePaths.acceptInvitation, async (request, reply): Promise<AcceptInvitationResponse> => {
    const who = await person(request, reply);
    const { token } = parseBody(InvitationTokenSchema, request.body);
    await limiter.checkWrite('invitation-accept', who.user.id, null);
    return workspaces.invitations.accept(who, token);
  });
}
