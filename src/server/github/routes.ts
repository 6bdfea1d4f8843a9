import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { githubError, githubUi } from '#src/shared/github/messages.ts';
import {
  GITHUB_PAYLOAD_MAX,
  githubPaths,
  type ConnectedRepoResponse,
  type GithubReposResponse,
  type GithubSettingsResponse,
  type HookResponse,
  type TaskLinksResponse,
} from '#src/shared/github/paths.ts';
import {
  ConnectedRepoResponseSchema,
  GithubReposResponseSchema,
  GithubSettingsResponseSchema,
  HookResponseSchema,
  TaskLinksResponseSchema,
} from '#src/shared/github/responses.ts';
import { ConnectRepoSchema, GithubSettingsSchema } from '#src/shared/github/schemas.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Deliveries } from './deliveries.ts';
import type { Github } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The owner's side, in the /api scope through the session door.
export function registerGithubRoutes(app: FastifyInstance, { github, limiter }: { github: Github; limiter: RateLimiter }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const counted = async (request: FastifyRequest) => {
    const scope = scopeFrom(request);
    await limiter.checkWrite('github', scope.actor.userId, scope.workspaceId);
    return scope;
  };

  api.get(
    githubPaths.repos,
    { schema: { response: { 200: GithubReposResponseSchema } } },
    async (request): Promise<GithubReposResponse> => ({ repos: await github.repos(scopeFrom(request)) }),
  );

  api.post(
    githubPaths.repos,
    { schema: { body: ConnectRepoSchema, response: { 201: ConnectedRepoResponseSchema } } },
    async (request, reply): Promise<ConnectedRepoResponse> => {
      const connected = await github.connect(await counted(request), request.body.fullName);
      reply.code(201);
      return connected;
    },
  );

  api.delete(
    githubPaths.repo,
    { schema: { params: pathParams('id', 'repoId'), body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await github.disconnect(await counted(request), request.params.repoId);
      return { ok: true, message: githubUi.disconnected };
    },
  );

  api.get(
    githubPaths.settings,
    { schema: { response: { 200: GithubSettingsResponseSchema } } },
    async (request): Promise<GithubSettingsResponse> => ({ settings: await github.settings(scopeFrom(request)) }),
  );

  api.put(
    githubPaths.settings,
    { schema: { body: GithubSettingsSchema, response: { 200: GithubSettingsResponseSchema } } },
    async (request): Promise<GithubSettingsResponse> => ({
      settings: await github.saveSettings(await counted(request), request.body),
    }),
  );

  api.get(
    githubPaths.taskLinks,
    { schema: { params: pathParams('id', 'taskId'), response: { 200: TaskLinksResponseSchema } } },
    async (request): Promise<TaskLinksResponse> => ({
      links: await github.taskLinks(scopeFrom(request), request.params.taskId),
    }),
  );
}

// GitHub's side: no session, no same-origin check (a server calls it); bound to one workspace by its
// address and proved by its signature, so the body is read as the exact bytes GitHub signed.
export async function registerGithubHookRoute(
  app: FastifyInstance,
  { deliveries, limiter }: { deliveries: Deliveries; limiter: RateLimiter },
) {
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: GITHUB_PAYLOAD_MAX }, (_request, body, done) => done(null, body));
      const hook = { bodyLimit: GITHUB_PAYLOAD_MAX, schema: { params: pathParams('repoId'), response: { 200: HookResponseSchema } } };
      scope.withTypeProvider<ZodTypeProvider>().post(githubPaths.hook, hook, async (request): Promise<HookResponse> => {
        const { repoId } = request.params;
        const workspaceId = UUID.test(repoId) ? await deliveries.workspaceOf(repoId) : null;
        if (!workspaceId) throw new HttpError(404, githubError.repoNotFound);
        // A repository, and its workspace, may take only so many deliveries (a leaked address cannot flood the board).
        await limiter.checkWrite('github-hook', repoId, workspaceId);
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        return deliveries.receive({
          repoId,
          event: header('x-github-event'),
          deliveryId: header('x-github-delivery'),
          signature: header('x-hub-signature-256'),
          contentType: header('content-type'),
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          ip: request.ip,
        });
      });
    },
    { prefix: API_BASE },
  );
}
