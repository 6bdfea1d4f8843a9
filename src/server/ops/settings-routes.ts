import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { opsPaths, type BannerResponse, type SystemSettingsResponse } from '#src/shared/ops/paths.ts';
import { BannerResponseSchema, SystemSettingsResponseSchema } from '#src/shared/ops/responses.ts';
import { SystemSettingsSchema } from '#src/shared/ops/schemas.ts';
import type { Config } from '#src/server/config.ts';
import type { AdminActor } from '#src/server/admin/admin-audit.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import type { SystemSettings } from './system-settings.ts';

// Every admin's changes of system state count together, like the beta's invitations.
export const SYSTEM_SCOPE = 'system';

export async function signedInAdmin(session: SessionHelpers, request: FastifyRequest, reply: FastifyReply): Promise<AdminActor> {
  const signedIn = await session.requireAdmin(request, reply);
  return { user: signedIn.user, ip: request.ip };
}

// System Settings: admins only (a plain user gets 404, like every /admin path); the banner is public,
// since everyone, signed in or not, should see that maintenance is coming.
export function registerSettingsRoutes(
  app: FastifyInstance,
  { settings, limiter, session, config }: { settings: SystemSettings; limiter: RateLimiter; session: SessionHelpers; config: Config },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    opsPaths.settings,
    { schema: { response: { 200: SystemSettingsResponseSchema } } },
    async (request, reply): Promise<SystemSettingsResponse> => {
      await signedInAdmin(session, request, reply);
      return settings.read();
    },
  );

  api.put(
    opsPaths.settings,
    { ...session.adminRoute, schema: { body: SystemSettingsSchema, response: { 200: SystemSettingsResponseSchema } } },
    async (request, reply): Promise<SystemSettingsResponse> => {
      const who = await signedInAdmin(session, request, reply);
      await limiter.checkWrite('system-settings', who.user.id, SYSTEM_SCOPE);
      return settings.update(who, request.body);
    },
  );

  api.get(opsPaths.banner, { schema: { response: { 200: BannerResponseSchema } } }, async (): Promise<BannerResponse> => ({
    banner: config.maintenanceBanner || null,
  }));
}
