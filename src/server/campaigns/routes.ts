import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { campaignPaths, type AudienceResponse, type CampaignResponse } from '#src/shared/campaigns/paths.ts';
import { AudienceResponseSchema, CampaignResponseSchema } from '#src/shared/campaigns/responses.ts';
import { CampaignUnsubscribeQuerySchema, SendCampaignSchema } from '#src/shared/campaigns/schemas.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { readWorkspace } from '#src/server/workspace-access/door.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Campaigns } from './service.ts';

export interface CampaignRouteDeps {
  campaigns: Campaigns;
  limiter: RateLimiter;
  db: Db;
}

// Up to 10,000 characters of any script and 700 picked ids.
const SEND_BODY_LIMIT = 256 * 1024;

// The session door to email campaigns: owners only (a member is told so, 403; a portal guest or a
// stranger gets 404 from the door). The same-origin and JSON checks come from the /api scope.
export function registerCampaignRoutes(app: FastifyInstance, { campaigns, limiter, db }: CampaignRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const owner = (request: FastifyRequest) => {
    const scope = scopeFrom(request);
    return readWorkspace(db.kysely, scope, 'owner', async () => scope);
  };

  api.get(campaignPaths.audience, { schema: { response: { 200: AudienceResponseSchema } } }, async (request): Promise<AudienceResponse> =>
    campaigns.audience(await owner(request)),
  );

  api.post(
    campaignPaths.campaigns,
    { bodyLimit: SEND_BODY_LIMIT, schema: { body: SendCampaignSchema, response: { 201: CampaignResponseSchema } } },
    async (request, reply): Promise<CampaignResponse> => {
      const scope = await owner(request);
      await limiter.perPerson('campaign', scope.actor.userId, scope.workspaceId);
      const sent = await campaigns.send(scope, request.body);
      reply.code(201);
      return sent;
    },
  );

  api.get(
    campaignPaths.campaign,
    { schema: { params: pathParams('id', 'campaignId'), response: { 200: CampaignResponseSchema } } },
    async (request): Promise<CampaignResponse> => campaigns.detail(await owner(request), request.params.campaignId),
  );
}

// RFC 8058: the mail program POSTs `List-Unsubscribe=One-Click` as a form from its own origin, with no
// cookie; the same-origin and JSON checks of /api would refuse it, so this route sits outside them. It
// changes the standing of the one contact the signed token names, and nothing else.
export async function registerCampaignUnsubscribeRoute(
  app: FastifyInstance,
  { campaigns, limiter }: Pick<CampaignRouteDeps, 'campaigns' | 'limiter'>,
) {
  await app.register(
    async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
        done(null, body),
      );
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post(
          campaignPaths.unsubscribe,
          { schema: { querystring: CampaignUnsubscribeQuerySchema, response: { 200: OkResponseSchema } } },
          async (request): Promise<OkResponse> => {
            await limiter.check('unsubscribe', request.ip);
            return { ok: true, message: await campaigns.unsubscribe(request.query.token) };
          },
        );
    },
    { prefix: '/api' },
  );
}
