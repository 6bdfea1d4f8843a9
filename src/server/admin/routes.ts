import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminOverviewResponseSchema,
  AdminUserDetailResponseSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  SignupsResponseSchema,
} from '#src/shared/admin/responses.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { AdminInviteSchema, AdminNoBodySchema, AdminRoleSchema, AdminUsersQuerySchema } from '#src/shared/admin/schemas.ts';
import {
  adminPaths,
  type AdminOverviewResponse,
  type AdminUserDetailResponse,
  type AdminUserResponse,
  type AdminUsersResponse,
  type SignupsResponse,
} from '#src/shared/admin/paths.ts';
import { adminNotice } from '#src/shared/admin/messages.ts';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import type { Config } from '#src/server/config.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import { pathParams } from '#src/server/http/validation.ts';
import type { AdminActor } from './admin-audit.ts';
import type { Admin } from './service.ts';

export interface AdminRouteDeps {
  admin: Admin;
  limiter: RateLimiter;
  config: Config;
  session: SessionHelpers;
}

// The rate limiter's invitation counters, with the beta standing in for a workspace: every admin
// together sends at most that many beta invitations a day.
const BETA_INVITATIONS = 'beta';

// Every path checks the admin role on the server first; a plain user (or a
// guest) gets a 404 / 401 {error} and no admin data. The same-origin and JSON checks of every
// state-changing request come from the hook the account routes install on this scope.
export function registerAdminRoutes(app: FastifyInstance, { admin, limiter, config, session }: AdminRouteDeps) {
  async function signedInAdmin(request: FastifyRequest, reply: FastifyReply): Promise<AdminActor> {
    const signedIn = await session.requireAdmin(request, reply);
    return { user: signedIn.user, ip: request.ip };
  }
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The admin check comes before the input's validation: a plain user gets the 404, never a 400.
  const onUser = { ...session.adminRoute, schema: { params: pathParams('id'), response: { 200: AdminUserDetailResponseSchema } } };
  const onUserNoBody = {
    ...session.adminRoute,
    schema: { params: pathParams('id'), body: AdminNoBodySchema, response: { 200: AdminUserResponseSchema } },
  };

  api.get(
    adminPaths.overview,
    { schema: { response: { 200: AdminOverviewResponseSchema } } },
    async (request, reply): Promise<AdminOverviewResponse> => {
      await signedInAdmin(request, reply);
      return admin.overview();
    },
  );

  api.get(
    adminPaths.users,
    { ...session.adminRoute, schema: { querystring: AdminUsersQuerySchema, response: { 200: AdminUsersResponseSchema } } },
    async (request, reply): Promise<AdminUsersResponse> => {
      await signedInAdmin(request, reply);
      return admin.users(request.query);
    },
  );

  api.get(adminPaths.user, onUser, async (request, reply): Promise<AdminUserDetailResponse> => {
    await signedInAdmin(request, reply);
    return admin.user(request.params.id);
  });

  api.put(
    adminPaths.role,
    { ...session.adminRoute, schema: { params: pathParams('id'), body: AdminRoleSchema, response: { 200: AdminUserResponseSchema } } },
    async (request, reply): Promise<AdminUserResponse> => {
      const who = await signedInAdmin(request, reply);
      return { user: await admin.changeRole(who, request.params.id, request.body.role) };
    },
  );

  for (const [path, act] of [
    [adminPaths.suspend, admin.suspend],
    [adminPaths.reactivate, admin.reactivate],
    [adminPaths.decline, admin.decline],
  ] as const) {
    api.post(path, onUserNoBody, async (request, reply): Promise<AdminUserResponse> => {
      const who = await signedInAdmin(request, reply);
      return { user: await act(who, request.params.id) };
    });
  }

  api.post(adminPaths.approve, onUserNoBody, async (request, reply): Promise<AdminUserResponse> => {
    const who = await signedInAdmin(request, reply);
    return { user: await admin.approve(who, request.params.id, config.publicOrigin) };
  });

  api.post(
    adminPaths.invitations,
    { ...session.adminRoute, schema: { body: AdminInviteSchema, response: { 201: OkResponseSchema } } },
    async (request, reply): Promise<OkResponse> => {
      const who = await signedInAdmin(request, reply);
      const { email } = request.body;
      // product rules S6: it sends mail to an address of the sender's choosing.
      await limiter.checkInvitation(who.user.id, BETA_INVITATIONS);
      await admin.invite(who, email, config.publicOrigin);
      reply.code(201);
      return { ok: true, message: adminNotice.invited(email) };
    },
  );

  api.get(
    adminPaths.signups,
    { schema: { response: { 200: SignupsResponseSchema } } },
    async (request, reply): Promise<SignupsResponse> => {
      await signedInAdmin(request, reply);
      return admin.signups();
    },
  );
}
