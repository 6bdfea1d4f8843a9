import type { FastifyInstance } from 'fastify';
import { calendarPaths, type CalendarFeedResponse, type CalendarResponse } from '#src/shared/calendar/paths.ts';
import { CalendarQuerySchema } from '#src/shared/calendar/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import type { Config } from '#src/server/config.ts';
import type { Db } from '#src/server/db/connect.ts';
import { parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
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
  app.get(calendarPaths.calendar, async (request): Promise<CalendarResponse> => {
    const query = parseBody(CalendarQuerySchema, request.query);
    return readWorkspace(db.kysely, scopeFrom(request), 'member', (_k, scope) => calendarTasks(db, scope, query));
  });

  app.get(calendarPaths.feed, async (request, reply): Promise<CalendarFeedResponse> => {
    const { user } = await session.requireSession(request, reply);
    const secret = await feeds.secretOf(user.id);
    return { url: secret ? feedAddress(config.publicOrigin, secret) : null };
  });

  app.post(calendarPaths.feed, async (request, reply): Promise<CalendarFeedResponse> => {
    const { user } = await session.requireSession(request, reply);
    parseBody(NoBodySchema, request.body);
    await limiter.perPerson('calendarFeedSecret', user.id);
    return { url: feedAddress(config.publicOrigin, await feeds.regenerate(user.id)) };
  });

  app.get(calendarPaths.feedFile, async (request, reply) => {
    const { secret } = request.params as { secret: string };
    const body = await feeds.render(secret, config.publicOrigin);
    // A subscription is polled; the secret must not end up in a shared cache.
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(body);
  });
}
