import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { docsError, docsNotice } from '#src/shared/docs/messages.ts';
import {
  docsPaths,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  MARKDOWN_MAX_BYTES,
  type PageImageResponse,
  type PageResponse,
  type PagesResponse,
  type TaskPagesResponse,
  type VersionResponse,
  type VersionSavedResponse,
  type VersionsResponse,
} from '#src/shared/docs/paths.ts';
import {
  PageImageResponseSchema,
  PageResponseSchema,
  PagesResponseSchema,
  TaskPagesResponseSchema,
  VersionResponseSchema,
  VersionSavedResponseSchema,
  VersionsResponseSchema,
} from '#src/shared/docs/responses.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { CreatePageSchema, ImportPageSchema, MovePageSchema, UpdatePageSchema } from '#src/shared/docs/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { assertSameOrigin, uploadRoute } from '#src/server/http/same-origin.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { History } from './history.ts';
import type { PageImages } from './images.ts';
import type { Docs } from './service.ts';

const pageParams = pathParams('id', 'pageId');
const versionParams = pathParams('id', 'pageId', 'versionId');
const imageParams = pathParams('id', 'pageId', 'imageId');
const taskParams = pathParams('id', 'taskId');

export interface DocsRouteDeps {
  docs: Docs;
  history: History;
  images: PageImages;
  // The session door, run again before an image's body is read (see below).
  resolveScope: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  appOrigin: string | null;
}

// A download's name from a page's title: what a file system takes everywhere, the title itself for
// browsers that read the encoded form.
const fileName = (title: string) => {
  const plain = title.replace(/[^\w .-]+/g, '').trim() || 'page';
  return `attachment; filename="${plain}.md"; filename*=UTF-8''${encodeURIComponent(`${title}.md`)}`;
};

// The session door to docs' page tree (the paths of src/shared/docs/paths.ts); what a page says goes
// over the collaboration socket (collab.ts). A guest never gets this far. The door runs before each
// route's schemas, so a stranger gets the 401, never a 400.
export function registerDocsRoutes(app: FastifyInstance, { docs, history, images, resolveScope, appOrigin }: DocsRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(docsPaths.pages, { schema: { response: { 200: PagesResponseSchema } } }, async (request): Promise<PagesResponse> =>
    docs.list(scopeFrom(request)),
  );

  api.post(
    docsPaths.pages,
    { schema: { body: CreatePageSchema, response: { 201: PageResponseSchema } } },
    async (request, reply): Promise<PageResponse> => {
      const page = await docs.create(scopeFrom(request), request.body);
      reply.code(201);
      return { page };
    },
  );

  api.get(
    docsPaths.page,
    { schema: { params: pageParams, response: { 200: PageResponseSchema } } },
    async (request): Promise<PageResponse> => ({
      page: await docs.get(scopeFrom(request), request.params.pageId),
    }),
  );

  api.put(
    docsPaths.page,
    { schema: { params: pageParams, body: UpdatePageSchema, response: { 200: PageResponseSchema } } },
    async (request): Promise<PageResponse> => ({
      page: await docs.update(scopeFrom(request), request.params.pageId, request.body),
    }),
  );

  api.post(
    docsPaths.move,
    { schema: { params: pageParams, body: MovePageSchema, response: { 200: PageResponseSchema } } },
    async (request): Promise<PageResponse> => ({
      page: await docs.move(scopeFrom(request), request.params.pageId, request.body),
    }),
  );

  api.delete(
    docsPaths.page,
    { schema: { params: pageParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await docs.remove(scopeFrom(request), request.params.pageId);
      return { ok: true, message: docsNotice.deleted };
    },
  );

  // The pages whose task chips name a task, for its sheet.
  api.get(
    docsPaths.taskPages,
    { schema: { params: taskParams, response: { 200: TaskPagesResponseSchema } } },
    async (request): Promise<TaskPagesResponse> => docs.pagesOfTask(scopeFrom(request), request.params.taskId),
  );

  // Markdown in and out. The import's body may be larger than the API's usual (a 413 past MARKDOWN_MAX_BYTES).
  api.post(
    docsPaths.importMarkdown,
    { bodyLimit: MARKDOWN_MAX_BYTES + 4096, schema: { body: ImportPageSchema, response: { 201: PageResponseSchema } } },
    async (request, reply): Promise<PageResponse> => {
      const { markdown, ...place } = request.body;
      const page = await docs.importMarkdown(scopeFrom(request), { ...place, markdown });
      reply.code(201);
      return { page };
    },
  );

  api.get(docsPaths.markdown, { schema: { params: pageParams } }, async (request, reply) => {
    const { title, markdown } = await docs.markdown(scopeFrom(request), request.params.pageId);
    return reply.header('content-type', 'text/markdown; charset=utf-8').header('content-disposition', fileName(title)).send(markdown);
  });

  // History: versions of a page, kept, read and restored.
  api.get(
    docsPaths.versions,
    { schema: { params: pageParams, response: { 200: VersionsResponseSchema } } },
    async (request): Promise<VersionsResponse> => history.list(scopeFrom(request), request.params.pageId),
  );

  api.post(
    docsPaths.versions,
    { schema: { params: pageParams, body: NoBodySchema, response: { 201: VersionSavedResponseSchema } } },
    async (request, reply): Promise<VersionSavedResponse> => {
      const version = await history.save(scopeFrom(request), request.params.pageId);
      reply.code(201);
      return { version };
    },
  );

  api.get(
    docsPaths.version,
    { schema: { params: versionParams, response: { 200: VersionResponseSchema } } },
    async (request): Promise<VersionResponse> => history.get(scopeFrom(request), request.params.pageId, request.params.versionId),
  );

  api.post(
    docsPaths.restore,
    { schema: { params: versionParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await history.restore(scopeFrom(request), request.params.pageId, request.params.versionId);
      return { ok: true, message: docsNotice.restored };
    },
  );

  // Images: the body is the file's bytes with its type as Content-Type. Before a byte of it is read, the
  // request must be same-origin, from a member, for a page of this workspace, within the allowance.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    for (const type of IMAGE_TYPES) {
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
    }
    scope.post(
      docsPaths.images,
      {
        ...uploadRoute(IMAGE_TYPES),
        bodyLimit: IMAGE_MAX_BYTES,
        schema: { params: pageParams, response: { 201: PageImageResponseSchema } },
        preParsing: async (request, reply, payload) => {
          assertSameOrigin(request, appOrigin);
          await resolveScope(request, reply);
          await images.mayUpload(scopeFrom(request));
          return payload;
        },
      },
      // No body schema: the body is the image's bytes (the parsers above), checked by what they are.
      async (request, reply): Promise<PageImageResponse> => {
        if (!Buffer.isBuffer(request.body)) throw new HttpError(415, docsError.imageType);
        const uploaded = await images.upload(
          scopeFrom(request),
          request.params.pageId,
          request.headers['content-type'] ?? '',
          request.body,
        );
        reply.code(201);
        return uploaded;
      },
    );

    // An image never changes under its id: the browser may keep it, but only for this person.
    scope.get(docsPaths.image, { schema: { params: imageParams } }, async (request, reply) => {
      const { type, bytes } = await images.read(scopeFrom(request), request.params.pageId, request.params.imageId);
      return reply.header('content-type', type).header('cache-control', 'private, max-age=31536000, immutable').send(bytes);
    });
  });
}
