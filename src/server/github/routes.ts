import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { ConnectRepoSchema, GithubSettingsSchema } from '#src/shared/github/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { HttpError, parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Deliveries } from './deliveries.ts';
import type { Github } from './service.ts';

type Params = { id: string; repoId: string; taskId: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The owner's side, in the /api scope through the session door.
export function registerGithubRoutes(app: FastifyInstance, { github, limiter }: { github: Github; limiter: RateLimiter }) {
  const params = (request: FastifyRequest) => request.params as Params;
  const counted = async (request: FastifyRequest) => {
    const scope = scopeFrom(request);
    await limiter.checkWrite('github', scope.actor.userId, scope.workspaceId);
    return scope;
  };

  app.get(githubPaths.repos, async (request): Promise<GithubReposResponse> => ({ repos: await github.repos(scopeFrom(request)) }));

  app.post(githubPaths.repos, async (request, reply): Promise<ConnectedRepoResponse> => {
    const { fullName } = parseBody(ConnectRepoSchema, request.body);
    const connected = await github.connect(await counted(request), fullName);
    reply.code(201);
    return connected;
  });

  app.delete(githubPaths.repo, async (request): Promise<OkResponse> => {
    parseBody(NoBodySchema, request.body);
    await github.disconnect(await counted(request), params(request).repoId);
    return { ok: true, message: githubUi.disconnected };
  });

  app.get(githubPaths.settings, async (request): Promise<GithubSettingsResponse> => ({
    settings: await github.settings(scopeFrom(request)),
  }));

  app.put(githubPaths.settings, async (request): Promise<GithubSettingsResponse> => {
    const body = parseBody(GithubSettingsSchema, request.body);
    return { settings: await github.saveSettings(await counted(request), body) };
  });

  app.get(githubPaths.taskLinks, async (request): Promise<TaskLinksResponse> => ({
    links: await github.taskLinks(scopeFrom(request), params(request).taskId),
  }));
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
      scope.post(githubPaths.hook, { bodyLimit: GITHUB_PAYLOAD_MAX }, async (request): Promise<HookResponse> => {
        const { repoId } = request.params as Params;
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
