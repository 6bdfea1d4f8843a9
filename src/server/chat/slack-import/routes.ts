import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { slackImportError, slackImportNotice } from '#src/shared/chat/slack-import-messages.ts';
import {
  SLACK_EXPORT_CONTENT_TYPE,
  SLACK_EXPORT_MAX_BYTES,
  slackImportPaths,
  type SlackImportResponse,
  type SlackImportsResponse,
} from '#src/shared/chat/slack-import-paths.ts';
import { SlackImportResponseSchema, SlackImportsResponseSchema } from '#src/shared/chat/responses.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { assertSameOrigin, uploadRoute } from '#src/server/http/same-origin.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { SlackImports } from './service.ts';

const importParams = pathParams('id', 'importId');

export interface SlackImportRouteDeps {
  slackImports: SlackImports;
  limiter: RateLimiter;
  // The session door, run again before an upload's body is read (see below).
  resolveScope: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  appOrigin: string | null;
}

// The file's name as the browser sent it (X-File-Name, URI-encoded), for the owner to recognise it.
function fileNameOf(request: FastifyRequest): string {
  const raw = request.headers['x-file-name'];
  let name = '';
  try {
    name = typeof raw === 'string' ? decodeURIComponent(raw) : '';
  } catch {
    name = '';
  }
  // Control characters left out: the name is shown, never used as a path.
  const shown = Array.from(name)
    .filter((char) => char.charCodeAt(0) >= 32 && char.charCodeAt(0) !== 127)
    .join('')
    .trim()
    .slice(0, 200);
  return shown || 'slack-export.zip';
}

// The owner's side of the Slack import, through the session door. An upload's body is the zip's bytes
// (application/zip, at most SLACK_EXPORT_MAX_BYTES, counted as it arrives); before a byte of it is read,
// the request must be same-origin, from an owner, within the upload allowance, so nobody else can make
// the server take in 50 MB.
export function registerSlackImportRoutes(app: FastifyInstance, { slackImports, limiter, resolveScope, appOrigin }: SlackImportRouteDeps) {
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      SLACK_EXPORT_CONTENT_TYPE,
      { parseAs: 'buffer', bodyLimit: SLACK_EXPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    scope.get(
      slackImportPaths.imports,
      { schema: { response: { 200: SlackImportsResponseSchema } } },
      async (request): Promise<SlackImportsResponse> => ({
        imports: await slackImports.list(scopeFrom(request)),
      }),
    );

    scope.post(
      slackImportPaths.imports,
      {
        ...uploadRoute([SLACK_EXPORT_CONTENT_TYPE]),
        bodyLimit: SLACK_EXPORT_MAX_BYTES,
        schema: { response: { 201: SlackImportResponseSchema } },
        preParsing: async (request, reply, payload) => {
          assertSameOrigin(request, appOrigin);
          await resolveScope(request, reply);
          const owner = scopeFrom(request);
          await slackImports.mayUpload(owner);
          await limiter.perPerson('slackImport', owner.actor.userId, owner.workspaceId);
          return payload;
        },
      },
      // No body schema: the body is the zip's bytes (the parser above), not JSON to validate.
      async (request, reply): Promise<SlackImportResponse> => {
        if (!Buffer.isBuffer(request.body)) throw new HttpError(415, slackImportError.wrongType);
        const created = await slackImports.upload(scopeFrom(request), fileNameOf(request), request.body);
        reply.code(201);
        return { import: created };
      },
    );

    scope.get(
      slackImportPaths.import,
      { schema: { params: importParams, response: { 200: SlackImportResponseSchema } } },
      async (request): Promise<SlackImportResponse> => ({
        import: await slackImports.get(scopeFrom(request), request.params.importId),
      }),
    );

    scope.delete(
      slackImportPaths.import,
      { schema: { params: importParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
      async (request): Promise<OkResponse> => {
        await slackImports.discard(scopeFrom(request), request.params.importId);
        return { ok: true, message: slackImportNotice.discarded };
      },
    );

    scope.post(
      slackImportPaths.start,
      { schema: { params: importParams, body: NoBodySchema, response: { 200: SlackImportResponseSchema } } },
      async (request): Promise<SlackImportResponse> => ({
        import: await slackImports.start(scopeFrom(request), request.params.importId),
      }),
    );
  });
}
