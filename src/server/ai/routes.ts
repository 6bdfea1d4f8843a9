import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { aiError, aiNotice } from '#src/shared/ai/messages.ts';
import { aiPaths, type AiSettingsResponse, type CreatedBatchResponse, type ProposalStreamLine } from '#src/shared/ai/paths.ts';
import { AiSettingsResponseSchema, CreatedBatchResponseSchema } from '#src/shared/ai/responses.ts';
import { AiSettingsSchema, CreateBatchSchema, ProposeSchema } from '#src/shared/ai/schemas.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Ai } from './service.ts';

export interface AiRouteDeps {
  ai: Ai;
  limiter: RateLimiter;
}

// Pasted notes may be 20,000 characters of any script; a batch carries up to 50 reviewed tasks.
const PROPOSE_BODY_LIMIT = 128 * 1024;
const BATCH_BODY_LIMIT = 1024 * 1024;

// The session door to AI task creation: the door resolved each route's scope to a member of the
// workspace in the path (a guest or a stranger got a 404). The same-origin and JSON checks of every state-changing request
// come from the hook the account routes install.
export function registerAiRoutes(app: FastifyInstance, { ai, limiter }: AiRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const batch = { schema: { params: pathParams('id', 'batchId'), body: NoBodySchema, response: { 200: OkResponseSchema } } };

  // Proposals stream as NDJSON, one ProposalStreamLine a line, so the page shows each as it arrives.
  // Everything that can refuse (access, limits, the body) is checked before the first byte.
  api.post(aiPaths.proposals, { bodyLimit: PROPOSE_BODY_LIMIT, schema: { body: ProposeSchema } }, async (request, reply) => {
    const scope = scopeFrom(request);
    await limiter.checkProposal(scope.actor.userId, scope.workspaceId);
    const stop = new AbortController();
    reply.raw.on('close', () => stop.abort());
    const lines = ai.propose(scope, request.body, stop.signal);
    const first = await lines.next();
    async function* ndjson(): AsyncGenerator<string> {
      try {
        if (!first.done) yield `${JSON.stringify(first.value)}\n`;
        for await (const line of lines) yield `${JSON.stringify(line)}\n`;
      } catch (error) {
        request.log.error({ err: error }, 'AI proposals failed mid-stream');
        yield `${JSON.stringify({ type: 'error', error: aiError.streamFailed } satisfies ProposalStreamLine)}\n`;
      }
    }
    reply.header('x-accel-buffering', 'no');
    return reply.type('application/x-ndjson; charset=utf-8').send(Readable.from(ndjson()));
  });

  api.post(
    aiPaths.batches,
    { bodyLimit: BATCH_BODY_LIMIT, schema: { body: CreateBatchSchema, response: { 201: CreatedBatchResponseSchema } } },
    async (request, reply): Promise<CreatedBatchResponse> => {
      const scope = scopeFrom(request);
      await limiter.checkWrite('ai-batch', scope.actor.userId, scope.workspaceId);
      const created = await ai.createBatch(scope, request.body);
      reply.code(201);
      return created;
    },
  );

  api.delete(aiPaths.batch, batch, async (request): Promise<OkResponse> => {
    const scope = scopeFrom(request);
    await limiter.checkWrite('ai-batch', scope.actor.userId, scope.workspaceId);
    await ai.undoBatch(scope, request.params.batchId);
    return { ok: true, message: aiNotice.undone };
  });

  api.post(aiPaths.restoreBatch, batch, async (request): Promise<OkResponse> => {
    const scope = scopeFrom(request);
    await limiter.checkWrite('ai-batch', scope.actor.userId, scope.workspaceId);
    await ai.restoreBatch(scope, request.params.batchId);
    return { ok: true, message: aiNotice.restored };
  });

  api.get(aiPaths.settings, { schema: { response: { 200: AiSettingsResponseSchema } } }, async (request): Promise<AiSettingsResponse> => {
    const scope = scopeFrom(request);
    return ai.settings(scope);
  });

  api.put(
    aiPaths.settings,
    { schema: { body: AiSettingsSchema, response: { 200: AiSettingsResponseSchema } } },
    async (request): Promise<AiSettingsResponse> => {
      const scope = scopeFrom(request);
      await limiter.checkWrite('ai-settings', scope.actor.userId, scope.workspaceId);
      await ai.setEnabled(scope, request.body.enabled);
      return ai.settings(scope);
    },
  );
}
