import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyError } from '#src/shared/api-key-messages.ts';
import { bearerKey } from '#src/server/api-keys/secret.ts';
import type { ApiKeyPrincipal, ApiKeys } from '#src/server/api-keys/service.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Quota, RateLimiter } from '#src/server/http/rate-limit.ts';

function sendQuota(reply: FastifyReply, quota: Quota): void {
  reply.header('X-RateLimit-Limit', quota.limit);
  reply.header('X-RateLimit-Remaining', quota.remaining);
  reply.header('X-RateLimit-Reset', Math.ceil(quota.resetAt / 1000));
}

// product rules K3, K4: only `Authorization: Bearer <key>` opens /api/v1 (a cookie is never read here).
// A valid key is counted against its own hourly allowance; anything else against the caller's address,
// so a missing, wrong or dead key cannot be tried without end. Past either: 429 with Retry-After.
export function createKeyAuth({ apiKeys, limiter, limited }: { apiKeys: ApiKeys; limiter: RateLimiter; limited: boolean }) {
  const principals = new WeakMap<FastifyRequest, ApiKeyPrincipal>();

  return {
    async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const secret = bearerKey(request.headers.authorization);
      const principal = secret === null ? null : await apiKeys.authenticate(secret);
      if (limited) {
        const quota = principal ? await limiter.quota('key', principal.keyId) : await limiter.quota('badKey', request.ip);
        sendQuota(reply, quota);
        if (quota.retryAfterS !== null) {
          throw new HttpError(429, apiKeyError.tooMany(quota.retryAfterS), { 'Retry-After': String(quota.retryAfterS) });
        }
      }
      if (!principal) throw new HttpError(401, apiKeyError.unauthorized, { 'WWW-Authenticate': 'Bearer' });
      principals.set(request, principal);
    },

    principal(request: FastifyRequest): ApiKeyPrincipal {
      const principal = principals.get(request);
      if (!principal) throw new Error('The /api/v1 route ran without its key check');
      return principal;
    },
  };
}

export type KeyAuth = ReturnType<typeof createKeyAuth>;
