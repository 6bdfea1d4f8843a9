import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { apiKeyError } from '#src/shared/api-keys/messages.ts';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import { bearerKey } from '#src/server/api-keys/secret.ts';
import type { ApiKeys } from '#src/server/api-keys/service.ts';
import type { Db } from '#src/server/db/connect.ts';
import { prepareQuery, type Slot } from '#src/server/db/prepared-query.ts';
import { createReadMemo } from '#src/server/db/read-memo.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { readVersions } from '#src/server/http/remembered-json.ts';
import { requestSlot } from '#src/server/http/request-slot.ts';
import type { Quota, RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { guestStanding, standingQuery } from './memberships.ts';
import type { WorkspaceScope } from './scope.ts';

const scopes = requestSlot<WorkspaceScope>('workspace scope');

// The scope a resolver made for this request. A route that reads it without one ran outside the door.
export function scopeFrom(request: FastifyRequest): WorkspaceScope {
  const scope = scopes.get(request);
  if (!scope) throw new Error(`${request.routeOptions.url ?? request.url} ran without its workspace scope`);
  return scope;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    // Set through `guestRoute` only: the portal's routes, which a guest enters and a member does not.
    workspaceGuests?: true;
  }
}

// The options of a workspace route a portal guest (role `client`) may enter, and only they may. Every
// other workspace route resolves members only, so a guest is a stranger there without the route
// saying anything: a new route is closed to guests until it opts in here.
export const guestRoute = { config: { workspaceGuests: true } } as const;

// Every route whose path names a workspace goes through the session door.
const WORKSPACE_ROUTE = `${API_BASE}/workspaces/:id`;
const workspaceParams = pathParams('id');
const isWorkspaceRoute = (url: string | undefined) =>
  url !== undefined && (url === WORKSPACE_ROUTE || url.startsWith(`${WORKSPACE_ROUTE}/`));

// Named in lower case, as Fastify keeps every header name: written so, it has nothing to convert on
// each of the public API's answers.
function sendQuota(reply: FastifyReply, quota: Quota): void {
  reply.header('x-ratelimit-limit', quota.limit);
  reply.header('x-ratelimit-remaining', quota.remaining);
  reply.header('x-ratelimit-reset', Math.ceil(quota.resetAt / 1000));
}

export interface ResolverDeps {
  // The root instance, whose requests carry the scope the door made.
  app: FastifyInstance;
  db: Db;
  session: SessionHelpers;
  apiKeys: ApiKeys;
  limiter: RateLimiter;
  // Whether /api/v1 counts requests (product rules K4); tests of other things turn it off.
  keyRateLimit: boolean;
}

// The two ways into a workspace, each making the same WorkspaceScope: the session cookie for the
// browser's /api/workspaces/:id/…, an API key for /api/v1. Both run before the route validates its
// input, so a stranger learns nothing from a 400 about a workspace they cannot see.
export function createScopeResolvers({ app, db, session, apiKeys, limiter, keyRateLimit }: ResolverDeps) {
  scopes.addTo(app);
  readVersions.addTo(app);
  const standing = prepareQuery((slot: Slot<{ workspaceId: string; userId: string }>) =>
    standingQuery(db.kysely).where('m.workspace_id', '=', slot('workspaceId')).where('m.user_id', '=', slot('userId')),
  );
  // An API key's owner is read on every /api/v1 request; the memo is exactly as fresh as a read.
  const remembered = createReadMemo(db, 5000);
  const standingOf = (workspaceId: string, userId: string, readVersion: string | null) =>
    remembered(`standing ${workspaceId} ${userId}`, () => db.readFirst(standing, { workspaceId, userId }), readVersion);
  // The key acts as the owner who made it, in the key's workspace (product rules K3): if that person is
  // no longer an owner, or suspended, or gone, the key stops. On PostgreSQL the request's reads are
  // remembered under the snapshot of the key's look-up, as a session's are under its own.
  async function keyScope(request: FastifyRequest, secret: string): Promise<WorkspaceScope | null> {
    const key = await apiKeys.findLive(secret);
    if (!key) return null;
    if (key.readVersion !== null) readVersions.set(request, key.readVersion);
    const found = await standingOf(key.workspaceId, key.createdBy, key.readVersion);
    if (!found || found.role !== 'owner' || found.status !== 'active') return null;
    await apiKeys.noteUse(key);
    return { workspaceId: key.workspaceId, actor: { userId: key.createdBy, apiKeyId: key.id, ip: request.ip }, role: 'owner' };
  }

  // A signed-in member of the workspace in the path, or on a guest route its guest; anyone else gets
  // a 404, never a 403 (W6).
  // `guests`: whether the route is a portal route, known once when the route is registered (Fastify's
  // request.routeOptions builds a new object on every read).
  async function sessionScope(
    request: FastifyRequest,
    reply: FastifyReply,
    guests = request.routeOptions.config.workspaceGuests === true,
  ): Promise<void> {
    // This runs before the route's own validation; the router filled `:id` with a string. A member's
    // role is read with the session, in the same statement.
    const { id: workspaceId } = workspaceParams.parse(request.params);
    const signedIn = await session.requireSession(request, reply, guests ? null : workspaceId);
    const actor = { userId: signedIn.user.id, apiKeyId: null, ip: request.ip };
    if (guests) {
      const found = await guestStanding(db.kysely, workspaceId, signedIn.user.id);
      if (!found) throw new HttpError(404, workspaceError.notFound);
      scopes.set(request, { workspaceId, actor, role: 'client', guest: found.guest });
    } else {
      // Undefined only if something read this request's session before the door, without the workspace.
      if (signedIn.workspaceRole === undefined) throw new Error(`${request.url}: the session was read before the workspace door`);
      if (signedIn.workspaceRole === null) throw new HttpError(404, workspaceError.notFound);
      scopes.set(request, { workspaceId, actor, role: signedIn.workspaceRole });
      if (signedIn.readVersion !== undefined) readVersions.set(request, signedIn.readVersion);
    }
  }

  return {
    session: (request: FastifyRequest, reply: FastifyReply) => sessionScope(request, reply),

    // An onRoute hook: the session door stands first before every route whose path names a workspace,
    // and only there, so a request elsewhere (the hot current-user call) does not pass through it.
    guardWorkspaceRoute(route: RouteOptions): void {
      if (!isWorkspaceRoute(route.url)) return;
      const guests = route.config?.workspaceGuests === true;
      const door = (request: FastifyRequest, reply: FastifyReply) => sessionScope(request, reply, guests);
      route.preValidation = [door, ...[route.preValidation ?? []].flat()];
    },

    // product rules K3, K4: only `Authorization: Bearer <key>` opens /api/v1 (a cookie is never read
    // there). A valid key is counted against its own hourly allowance; anything else against the
    // caller's address, so a missing, wrong or dead key cannot be tried without end. Past either: 429.
    async apiKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const secret = bearerKey(request.headers.authorization);
      const scope = secret === null ? null : await keyScope(request, secret);
      if (keyRateLimit) {
        const counted = scope ? limiter.keyQuota(scope.actor.apiKeyId!, scope.workspaceId) : limiter.badKeyQuota(request.ip);
        // Counted from a lease, the quota is there already: no turn of the microtask queue for it.
        const quota = counted instanceof Promise ? await counted : counted;
        sendQuota(reply, quota);
        if (quota.retryAfterS !== null) {
          throw new HttpError(429, apiKeyError.tooMany(quota.retryAfterS), { 'Retry-After': String(quota.retryAfterS) });
        }
      }
      if (!scope) throw new HttpError(401, apiKeyError.unauthorized, { 'WWW-Authenticate': 'Bearer' });
      scopes.set(request, scope);
    },
  };
}

export type ScopeResolvers = ReturnType<typeof createScopeResolvers>;
