import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { aiError, aiNotice } from '#src/shared/ai/messages.ts';
import { aiPaths, type AiSettingsResponse, type CreatedBatchResponse, type ProposalStreamLine } from '#src/shared/ai/paths.ts';
import { AiSettingsSchema, CreateBatchSchema, ProposeSchema } from '#src/shared/ai/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Ai } from './service.ts';

export interface AiRouteDeps {
  ai: Ai;
  limiter: RateLimiter;
}

type Params = { id: string; batchId: string };

// Pasted notes may be 20,000 characters of any script; a batch carries up to 50 reviewed tasks.
const PROPOSE_BODY_LIMIT = 128 * 1024;
const BATCH_BODY_LIMIT = 1024 * 1024;

// The session door to AI task creation: the door resolved each route's scope to a member of the
// workspace in the path (a guest or a stranger got a 404). The same-origin and JSON checks of every state-changing request
// come from the hook the account routes install.
export function registerAiRoutes(app: FastifyInstance, { ai, limiter }: AiRouteDeps) {
  const params = (request: FastifyRequest) => request.params as Params;

  // Proposals stream as NDJSON, one ProposalStreamLine a line, so the page shows each as it arrives.
  // Everything that can refuse (access, limits, the body) is checked before the first byte.
  app.post(aiPaths.proposals, { bodyLimit: PROPOSE_BODY_LIMIT }, async (request, reply) => {
    const scope = scopeFrom(request);
    await limiter.checkProposal(scope.actor.userId, scope.workspaceId);
    const body = parseBody(ProposeSchema, request.body);
    const stop = new AbortController();
    reply.raw.on('close', () => stop.abort());
    const lines = ai.propose(scope, body, stop.signal);
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

  app.post(aiPaths.batches, { bodyLimit: BATCH_BODY_LIMIT }, async (request, reply): Promise<CreatedBatchResponse> => {
    const scope = scopeFrom(request);
    await limiter.checkWrite('ai-batch', scope.actor.userId, scope.workspaceId);
    const created = await ai.createBatch(scope, parseBody(CreateBatchSchema, request.body));
    reply.code(201);
    return created;
  });

  app.delete(aiPaths.batch, async (request): Promise<OkResponse> => {
    const scope = scopeFrom(request);
    await limiter.checkWrite('ai-batch', scope.actor.userId, scope.workspaceId);
    parseBody(NoBodySchema, request.body);
    await ai.undoBatch(scope, params(request).batchId);
    return { ok: true, message: aiNotice.undone };
  });

  app.post(aiPaths.restoreBatch, async (request): Promise<OkResponse> => {
    const scope = scopeFrom(request);
    await limiter.checkWrite('ai-batch', scope.actor.userId, scope.workspaceId);
    parseBody(NoBodySchema, request.body);
    await ai.restoreBatch(scope, params(request).batchId);
    return { ok: true, message: aiNotice.restored };
  });

  app.get(aiPaths.settings, async (request): Promise<AiSettingsResponse> => {
    const scope = scopeFrom(request);
    return ai.settings(scope);
  });

  app.put(aiPaths.settings, async (request): Promise<AiSettingsResponse> => {
    const scope = scopeFrom(request);
    await limiter.checkWrite('ai-settings', scope.actor.userId, scope.workspaceId);
    const { enabled } = parseBody(AiSettingsSchema, request.body);
    await ai.setEnabled(scope, enabled);
    return ai.settings(scope);
  });
}
