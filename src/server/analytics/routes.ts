import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsPaths, type AnalyticsResponse } from '#src/shared/analytics/paths.ts';
import { AnalyticsResponseSchema } from '#src/shared/analytics/responses.ts';
import { AnalyticsQuerySchema } from '#src/shared/analytics/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { readWorkspace } from '#src/server/workspace-access/door.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import { workspaceAnalytics } from './service.ts';

export function registerAnalyticsRoutes(app: FastifyInstance, { db, clock, limiter }: { db: Db; clock: Clock; limiter: RateLimiter }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    analyticsPaths.analytics,
    { schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsResponseSchema } } },
    async (request): Promise<AnalyticsResponse> =>
      readWorkspace(db.kysely, scopeFrom(request), 'member', async (_k, scope) => {
        await limiter.perPerson('analytics', scope.actor.userId, scope.workspaceId);
        return workspaceAnalytics(db, clock, scope, request.query);
      }),
  );
}
