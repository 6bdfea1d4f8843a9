import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarPaths, type CalendarFeedResponse, type CalendarResponse } from '#src/shared/calendar/paths.ts';
import { CalendarFeedResponseSchema, CalendarResponseSchema } from '#src/shared/calendar/responses.ts';
import { CalendarQuerySchema } from '#src/shared/calendar/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import type { Config } from '#src/server/config.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { readWorkspace } from '#src/server/workspace-access/door.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import { feedAddress, type CalendarFeeds } from './feed.ts';
import { calendarTasks } from './service.ts';

export interface CalendarRouteDeps {
  db: Db;
  feeds: CalendarFeeds;
  session: SessionHelpers;
  limiter: RateLimiter;
  config: Config;
}

export function registerCalendarRoutes(app: FastifyInstance, { db, feeds, session, limiter, config }: CalendarRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    calendarPaths.calendar,
    { schema: { querystring: CalendarQuerySchema, response: { 200: CalendarResponseSchema } } },
    async (request): Promise<CalendarResponse> =>
      readWorkspace(db.kysely, scopeFrom(request), 'member', (_k, scope) => calendarTasks(db, scope, request.query)),
  );

  api.get(
    calendarPaths.feed,
    { schema: { response: { 200: CalendarFeedResponseSchema } } },
    async (request, reply): Promise<CalendarFeedResponse> => {
      const { user } = await session.requireSession(request, reply);
      const secret = await feeds.secretOf(user.id);
      return { url: secret ? feedAddress(config.publicOrigin, secret) : null };
    },
  );

  api.post(
    calendarPaths.feed,
    { ...session.signedInRoute, schema: { body: NoBodySchema, response: { 200: CalendarFeedResponseSchema } } },
    async (request, reply): Promise<CalendarFeedResponse> => {
      const { user } = await session.requireSession(request, reply);
      await limiter.perPerson('calendarFeedSecret', user.id);
      return { url: feedAddress(config.publicOrigin, await feeds.regenerate(user.id)) };
    },
  );

  api.get(calendarPaths.feedFile, { schema: { params: pathParams('secret') } }, async (request, reply) => {
    const body = await feeds.render(request.params.secret, config.publicOrigin);
    // A subscription is polled; the secret must not end up in a shared cache.
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(body);
  });
}
