import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { docsNotice } from '#src/shared/docs/messages.ts';
import { docsPaths, type PageResponse, type PagesResponse } from '#src/shared/docs/paths.ts';
import { CreatePageSchema, MovePageSchema, UpdatePageSchema } from '#src/shared/docs/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { parseBody } from '#src/server/http/errors.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Docs } from './service.ts';

type Params = { id: string; pageId: string };

// The session door to docs' page tree (the paths of src/shared/docs/paths.ts); what a page says goes
// over the collaboration socket (collab.ts). A guest never gets this far.
export function registerDocsRoutes(app: FastifyInstance, { docs }: { docs: Docs }) {
  const pageId = (request: FastifyRequest) => (request.params as Params).pageId;

  app.get(docsPaths.pages, async (request): Promise<PagesResponse> => docs.list(scopeFrom(request)));

  app.post(docsPaths.pages, async (request, reply): Promise<PageResponse> => {
    const page = await docs.create(scopeFrom(request), parseBody(CreatePageSchema, request.body));
    reply.code(201);
    return { page };
  });

  app.get(docsPaths.page, async (request): Promise<PageResponse> => ({ page: await docs.get(scopeFrom(request), pageId(request)) }));

  app.put(docsPaths.page, async (request): Promise<PageResponse> => ({
    page: await docs.update(scopeFrom(request), pageId(request), parseBody(UpdatePageSchema, request.body)),
  }));

  app.post(docsPaths.move, async (request): Promise<PageResponse> => ({
    page: await docs.move(scopeFrom(request), pageId(request), parseBody(MovePageSchema, request.body)),
  }));

  app.delete(docsPaths.page, async (request): Promise<OkResponse> => {
    parseBody(NoBodySchema, request.body);
    await docs.remove(scopeFrom(request), pageId(request));
    return { ok: true, message: docsNotice.deleted };
  });
}
