import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import {
  FollowResponseSchema,
  NotificationListResponseSchema,
  PreferencesResponseSchema,
  UnreadCountResponseSchema,
} from '#src/shared/notifications/responses.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Sessions } from '#src/server/accounts/sessions.ts';
import { createEventStreamHost } from '#src/server/http/event-stream.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import { pathParams } from '#src/server/http/validation.ts';
import type { NotificationLive } from './live.ts';
import type { Notifications } from './service.ts';

export interface NotificationRouteDeps {
  notifications: Notifications;
  live: NotificationLive;
  session: SessionHelpers;
  limiter: RateLimiter;
  sessions: Sessions;
  clock: Clock;
}

// The session door to my notifications (src/shared/notifications/paths.ts). The same-origin and JSON
// checks of every state-changing request come from the hook the account routes install here.
export function registerNotificationRoutes(
  app: FastifyInstance,
  { notifications, live, session, limiter, sessions, clock }: NotificationRouteDeps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const me = async (request: FastifyRequest, reply: FastifyReply) => await session.requireSession(request, reply);
  // The session is checked before the input: a stranger gets the 401, never a 400.
  const signedInWith = <S extends object>(schema: S) => ({ ...session.signedInRoute, schema });
  const task = pathParams('id', 'taskId');

  api.get(
    notificationPaths.list,
    signedInWith({ querystring: NotificationListQuerySchema, response: { 200: NotificationListResponseSchema } }),
    async (request, reply): Promise<NotificationListResponse> => {
      const { user } = await me(request, reply);
      return notifications.list(user.id, request.query);
    },
  );

  api.get(
    notificationPaths.unreadCount,
    { schema: { response: { 200: UnreadCountResponseSchema } } },
    async (request, reply): Promise<UnreadCountResponse> => {
      const { user } = await me(request, reply);
      return { unread: await notifications.unread(user.id) };
    },
  );

  api.post(
    notificationPaths.read,
    signedInWith({ params: pathParams('notificationId'), body: NoBodySchema, response: { 200: UnreadCountResponseSchema } }),
    async (request, reply): Promise<UnreadCountResponse> => {
      const { user } = await me(request, reply);
      await limiter.checkWrite('notification-read', user.id, null);
      return { unread: await notifications.markRead(user.id, request.params.notificationId) };
    },
  );

  api.post(
    notificationPaths.readAll,
    signedInWith({ body: NoBodySchema, response: { 200: UnreadCountResponseSchema } }),
    async (request, reply): Promise<UnreadCountResponse> => {
      const { user } = await me(request, reply);
      await limiter.checkWrite('notification-read', user.id, null);
      return { unread: await notifications.markAllRead(user.id) };
    },
  );

  api.get(
    notificationPaths.preferences,
    { schema: { response: { 200: PreferencesResponseSchema } } },
    async (request, reply): Promise<PreferencesResponse> => {
      const { user } = await me(request, reply);
      return { preferences: await notifications.preferences(user.id) };
    },
  );

  api.put(
    notificationPaths.preferences,
    signedInWith({ body: UpdatePreferencesSchema, response: { 200: PreferencesResponseSchema } }),
    async (request, reply): Promise<PreferencesResponse> => {
      const { user } = await me(request, reply);
      const { preferences } = request.body;
      await limiter.checkWrite('notification-preferences', user.id, null);
      return { preferences: await notifications.updatePreferences(user.id, preferences) };
    },
  );

  api.get(
    notificationPaths.follow,
    signedInWith({ params: task, response: { 200: FollowResponseSchema } }),
    async (request, reply): Promise<FollowResponse> => {
      const { user } = await me(request, reply);
      const { id, taskId } = request.params;
      return { following: await notifications.following(user.id, id, taskId) };
    },
  );

  api.put(
    notificationPaths.follow,
    signedInWith({ params: task, body: FollowSchema, response: { 200: FollowResponseSchema } }),
    async (request, reply): Promise<FollowResponse> => {
      const { user } = await me(request, reply);
      const { following } = request.body;
      const { id, taskId } = request.params;
      await limiter.checkWrite('task-follow', user.id, id);
      return { following: await notifications.follow(user.id, id, taskId, following) };
    },
  );

  const streams = createEventStreamHost();
  app.addHook('preClose', async () => streams.closeAll());

  // The bell's live count: `data: {"unread": n}` on connect and whenever it changes, on any instance.
  app.get(notificationPaths.events, async (request, reply) => {
    const signedIn = await me(request, reply);
    const userId = signedIn.user.id;
    let unsubscribe = () => undefined as void;
    const stream = streams.open(reply, userId, {
      // A signed-out session stops hearing at once.
      onHeartbeat: () =>
        void sessions
          .stillActive(signedIn.tokenHash, clock())
          .then((active) => (active ? send() : stream.end()))
          .catch(() => undefined),
      onEnd: () => unsubscribe(),
    });
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
          if (unread !== sent) {
            sent = unread;
            stream.send(`data: ${JSON.stringify({ unread })}\n\n`);
          }
        } while (again && !stream.ended);
      } catch {
        // The next change or heartbeat tries again.
      } finally {
        reading = false;
      }
    }
    unsubscribe = live.subscribe(userId, () => void send());
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
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post(
          notificationPaths.unsubscribe,
          { schema: { querystring: UnsubscribeQuerySchema, response: { 200: OkResponseSchema } } },
          async (request): Promise<OkResponse> => {
            await limiter.check('unsubscribe', request.ip);
            return { ok: true, message: await notifications.unsubscribe(request.query.token) };
          },
        );
    },
    { prefix: '/api' },
  );
}
