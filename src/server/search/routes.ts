import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchPaths, type SearchResponse } from '#src/shared/search/paths.ts';
import { SearchResponseSchema } from '#src/shared/search/responses.ts';
import { SearchQuerySchema } from '#src/shared/search/schemas.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import type { Search } from './service.ts';

export function registerSearchRoutes(
  app: FastifyInstance,
  { search, session, limiter }: { search: Search; session: SessionHelpers; limiter: RateLimiter },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    searchPaths.search,
    { ...session.signedInRoute, schema: { querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } } },
    async (request, reply): Promise<SearchResponse> => {
      const { user } = await session.requireSession(request, reply);
      await limiter.perPerson('search', user.id);
      return { hits: await search.search(user.id, request.query) };
    },
  );
}
