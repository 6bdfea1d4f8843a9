import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { COLLAB_PATH } from '#src/shared/docs/paths.ts';
import type { Sessions } from '#src/server/accounts/sessions.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { WakeChannel } from '#src/server/events/wake-channel.ts';
import type { SessionHelpers } from '#src/server/http/session.ts';
import type { Notify } from '#src/server/notifications/notify.ts';
import { lazy } from '#src/server/lazy.ts';
import type { Visitor } from './collab-server.ts';
import type { LivePages } from './history.ts';

// Sockets one person may hold open on one instance (a tab each, and each page a socket).
export const SOCKETS_PER_USER = 20;

export interface CollabDeps {
  db: Db;
  clock: Clock;
  session: SessionHelpers;
  sessions: Sessions;
  accessChanges: WakeChannel;
  // Where browsers come from (APP_ORIGIN); null: the upgrade's own host.
  appOrigin: () => string | null;
  redisUrl: string | null;
  notify: Notify;
  log: { warn: (object: object, message: string) => void };
}

// Real-time co-editing of docs pages: Hocuspocus on our own HTTP server (the `upgrade` of COLLAB_PATH),
// the session cookie to know who, the one door to decide whether (a stranger, a guest, a removed or
// suspended member: refused; removed while connected: cut off at once), each page's Yjs state in
// doc_pages with its plain text for search, and with REDIS_URL the edits passed between instances.
// This is the gate; the server behind it (collab-server.ts) loads with the first socket let in or the
// first change made through it, not at start-up.
export function createCollab(deps: CollabDeps) {
  const { session, appOrigin, log } = deps;
  const visitors = new WeakMap<IncomingMessage, Visitor>();
  const socketsOf = new Map<string, number>();
  let closing = false;
  const server = lazy(async () => (await import('./collab-server.ts')).createCollabServer(deps, visitors));
  // With REDIS_URL it starts at once, as before: ioredis refuses its own ready check on a connection
  // that subscribed while still connecting, and the first page opened would reach no other instance.
  if (deps.redisUrl) server().catch((error: unknown) => log.warn({ err: error }, 'collaboration server failed to start'));

  const live: LivePages = {
    stateOf: async (reader, workspaceId, pageId) => (await server()).live.stateOf(reader, workspaceId, pageId),
    replace: async (workspaceId, pageId, userId, apply, before) =>
      (await server()).live.replace(workspaceId, pageId, userId, apply, before),
  };

  const refuse = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  // Without APP_ORIGIN, the upgrade's own host (its scheme is the proxy's business, as for the API).
  const sameOrigin = (request: IncomingMessage) => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    const expected = appOrigin();
    if (expected !== null) return origin === expected;
    return URL.canParse(origin) && new URL(origin).host === request.headers.host;
  };

  function release(userId: string) {
    const left = (socketsOf.get(userId) ?? 1) - 1;
    if (left > 0) socketsOf.set(userId, left);
    else socketsOf.delete(userId);
  }

  return {
    // The HTTP server's `upgrade`: our path only, a browser of our own origin (a WebSocket is not held
    // to the same-origin rule, so a page elsewhere could otherwise type with a visitor's cookie), a
    // signed-in session; the door is asked per page once the socket names one.
    async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
      try {
        const path = (request.url ?? '').split('?')[0];
        if (closing || path !== COLLAB_PATH) return refuse(socket, '404 Not Found');
        if (!sameOrigin(request)) return refuse(socket, '403 Forbidden');
        const signedIn = await session.socketSession(request);
        if (!signedIn) return refuse(socket, '401 Unauthorized');
        const collab = await server();
        const userId = signedIn.user.id;
        if ((socketsOf.get(userId) ?? 0) >= SOCKETS_PER_USER) return refuse(socket, '429 Too Many Requests');
        socketsOf.set(userId, (socketsOf.get(userId) ?? 0) + 1);
        visitors.set(request, { userId, tokenHash: signedIn.tokenHash, ip: request.socket.remoteAddress ?? null });
        collab.accept(request, socket, head, () => release(userId));
      } catch (error) {
        log.warn({ err: error }, 'collaboration upgrade failed');
        refuse(socket, '500 Internal Server Error');
      }
    },

    // Closing: every socket closed, and every open page written before the database goes; a server
    // never loaded has neither.
    async close(): Promise<void> {
      closing = true;
      // One that failed to load has nothing to close either.
      const collab = await server.started()?.catch(() => null);
      if (collab) await collab.close();
    },

    live,
  };
}

export type Collab = ReturnType<typeof createCollab>;
