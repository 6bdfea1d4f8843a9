import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  notificationPaths,
  type FollowResponse,
  type NotificationListResponse,
  type PreferencesResponse,
  type UnreadCountResponse,
} from '#src/shared/notifications/paths.ts';
import {
  FollowSchema,
  NotificationListQuerySchema,
  UnsubscribeQuerySchema,
  UpdatePreferencesSchema,
} from '#src/shared/notifications/schemas.ts';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HEARTBEAT_MS, STREAMS_PER_USER } from '#src/server/events/sse.ts';
import { HttpError, parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import { taskError } from '#src/shared/tasks/messages.ts';
import type { NotificationLive } from './live.ts';
import type { Notifications } from './service.ts';

export interface NotificationRouteDeps {
  notifications: Notifications;
  live: NotificationLive;
  session: SessionHelpers;
  limiter: RateLimiter;
  db: Db;
  clock: Clock;
}

type Params = { id: string; taskId: string; notificationId: string };

// The session door to my notifications (src/shared/notifications/paths.ts). The same-origin and JSON
// checks of every state-changing request come from the hook the account routes install here.
export function registerNotificationRoutes(
  app: FastifyInstance,
  { notifications, live, session, limiter, db, clock }: NotificationRouteDeps,
) {
  const params = (request: FastifyRequest) => request.params as Params;
  const me = async (request: FastifyRequest, reply: FastifyReply) => await session.requireSession(request, reply);

  app.get(notificationPaths.list, async (request, reply): Promise<NotificationListResponse> => {
    const { user } = await me(request, reply);
    return notifications.list(user.id, parseBody(NotificationListQuerySchema, request.query));
  });

  app.get(notificationPaths.unreadCount, async (request, reply): Promise<UnreadCountResponse> => {
    const { user } = await me(request, reply);
    return { unread: await notifications.unread(user.id) };
  });

  app.post(notificationPaths.read, async (request, reply): Promise<UnreadCountResponse> => {
    const { user } = await me(request, reply);
    parseBody(NoBodySchema, request.body);
    await limiter.checkWrite('notification-read', user.id, null);
    return { unread: await notifications.markRead(user.id, params(request).notificationId) };
  });

  app.post(notificationPaths.readAll, async (request, reply): Promise<UnreadCountResponse> => {
    const { user } = await me(request, reply);
    parseBody(NoBodySchema, request.body);
    await limiter.checkWrite('notification-read', user.id, null);
    return { unread: await notifications.markAllRead(user.id) };
  });

  app.get(notificationPaths.preferences, async (request, reply): Promise<PreferencesResponse> => {
    const { user } = await me(request, reply);
    return { preferences: await notifications.preferences(user.id) };
  });

  app.put(notificationPaths.preferences, async (request, reply): Promise<PreferencesResponse> => {
    const { user } = await me(request, reply);
    const { preferences } = parseBody(UpdatePreferencesSchema, request.body);
    await limiter.checkWrite('notification-preferences', user.id, null);
    return { preferences: await notifications.updatePreferences(user.id, preferences) };
  });

  app.get(notificationPaths.follow, async (request, reply): Promise<FollowResponse> => {
    const { user } = await me(request, reply);
    const { id, taskId } = params(request);
    return { following: await notifications.following(user.id, id, taskId) };
  });

  app.put(notificationPaths.follow, async (request, reply): Promise<FollowResponse> => {
    const { user } = await me(request, reply);
    const { following } = parseBody(FollowSchema, request.body);
    const { id, taskId } = params(request);
    await limiter.checkWrite('task-follow', user.id, id);
    return { following: await notifications.follow(user.id, id, taskId, following) };
  });

  const openStreams = new Map<string, number>();
  const open = new Set<() => void>();
  // Closing the server never waits on a browser.
  app.addHook('preClose', async () => [...open].forEach((end) => end()));

  // The bell's live count: `data: {"unread": n}` on connect and whenever it changes, on any instance.
  app.get(notificationPaths.events, async (request, reply) => {
    const signedIn = await me(request, reply);
    const userId = signedIn.user.id;
    const count = openStreams.get(userId) ?? 0;
    if (count >= STREAMS_PER_USER) throw new HttpError(429, taskError.tooManyStreams);
    openStreams.set(userId, count + 1);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    raw.socket?.setNoDelay(true);
    let ended = false;
    let sent = -1;
    let reading = false;
    let again = false;
    async function send() {
      if (reading) return void (again = true);
      reading = true;
      try {
        do {
          again = false;
          const unread = await notifications.unread(userId);
          if (!ended && unread !== sent) {
            sent = unread;
            raw.write(`data: ${JSON.stringify({ unread })}\n\n`);
          }
        } while (again && !ended);
      } catch {
        // The next change or heartbeat tries again.
      } finally {
        reading = false;
      }
    }
    const unsubscribe = live.subscribe(userId, () => void send());
    const heartbeat = setInterval(() => {
      if (ended) return;
      raw.write(': ping\n\n');
      // A signed-out session stops hearing at once.
      db.kysely
        .selectFrom('sessions')
        .select('user_id')
        .where('token_hash', '=', signedIn.tokenHash)
        .where('expires_at', '>', clock())
        .executeTakeFirst()
        .then((found) => (found ? send() : end()))
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    function end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      const left = (openStreams.get(userId) ?? 1) - 1;
      if (left > 0) openStreams.set(userId, left);
      else openStreams.delete(userId);
      raw.end();
    }
    raw.on('close', end);
    open.add(end);
    raw.write('retry: 3000\n: connected\n\n');
    await send();
  });
}

// RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form from its own origin, with no
// cookie; the same-origin and JSON checks of /api would refuse it, so this route sits outside them. It
// changes one preference of the person the signed token names, and nothing else.
export async function registerUnsubscribeRoute(
  app: FastifyInstance,
  { notifications, limiter }: { notifications: Notifications; limiter: RateLimiter },
) {
  await app.register(
    async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
        done(null, body),
      );
      scope.post(notificationPaths.unsubscribe, async (request): Promise<OkResponse> => {
        const { token } = parseBody(UnsubscribeQuerySchema, request.query);
        await limiter.check('unsubscribe', request.ip);
        return { ok: true, message: await notifications.unsubscribe(token) };
      });
    },
    { prefix: '/api' },
  );
}
