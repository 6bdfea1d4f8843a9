import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { docsNotice } from '#src/shared/docs/messages.ts';
import { docsPaths, type PageResponse, type PagesResponse } from '#src/shared/docs/paths.ts';
import { CreatePageSchema, MovePageSchema, UpdatePageSchema } from '#src/shared/docs/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Docs } from './service.ts';

const pageParams = pathParams('id', 'pageId');

// The session door to docs' page tree (the paths of src/shared/docs/paths.ts); what a page says goes
// over the collaboration socket (collab.ts). A guest never gets this far. The door runs before each
// route's schemas, so a stranger gets the 401, never a 400.
export function registerDocsRoutes(app: FastifyInstance, { docs }: { docs: Docs }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(docsPaths.pages, async (request): Promise<PagesResponse> => docs.list(scopeFrom(request)));

  api.post(docsPaths.pages, { schema: { body: CreatePageSchema } }, async (request, reply): Promise<PageResponse> => {
    const page = await docs.create(scopeFrom(request), request.body);
    reply.code(201);
    return { page };
  });

  api.get(docsPaths.page, { schema: { params: pageParams } }, async (request): Promise<PageResponse> => ({
    page: await docs.get(scopeFrom(request), request.params.pageId),
  }));

  api.put(docsPaths.page, { schema: { params: pageParams, body: UpdatePageSchema } }, async (request): Promise<PageResponse> => ({
    page: await docs.update(scopeFrom(request), request.params.pageId, request.body),
  }));

  api.post(docsPaths.move, { schema: { params: pageParams, body: MovePageSchema } }, async (request): Promise<PageResponse> => ({
    page: await docs.move(scopeFrom(request), request.params.pageId, request.body),
  }));

  api.delete(docsPaths.page, { schema: { params: pageParams, body: NoBodySchema } }, async (request): Promise<OkResponse> => {
    await docs.remove(scopeFrom(request), request.params.pageId);
    return { ok: true, message: docsNotice.deleted };
  });
}
