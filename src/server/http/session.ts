import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SecondStepResponse } from '#src/shared/account-security/paths.ts';
import type { UserResponse } from '#src/shared/accounts/paths.ts';
import { serverError } from '#src/shared/server-messages.ts';
import { adminError } from '#src/shared/admin/messages.ts';
import { isAdmin } from '#src/shared/accounts/user.ts';
import type { Admission } from '#src/server/accounts/service.ts';
import type { ActiveSession, Device, Sessions } from '#src/server/accounts/sessions.ts';
import type { Clock } from '#src/server/clock.ts';
import { HttpError } from './errors.ts';
import { deviceCookies } from './device-cookie.ts';
import { requestSlot } from './request-slot.ts';
import { sessionCookie } from './session-cookie.ts';

const USER_AGENT_MAX = 512;
// Read once per request: the door resolves it before the route, which may ask again.
const resolved = requestSlot<Promise<ActiveSession | null>>('session');

// What a new session records about the browser that signs in (product rules U1).
export function deviceOf(request: FastifyRequest): Device {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX) : null, ip: request.ip };
}

// The request's session, shared by every route that signs in or needs a signed-in user. Named the
// Epic Stack way: `require…` throws, `get…` may answer null.
export function createSessionHelpers({
  app,
  sessions,
  clock,
  secure,
  appSecret,
}: {
  // The root instance, whose requests carry the session once read.
  app: FastifyInstance;
  sessions: Sessions;
  clock: Clock;
  secure: boolean;
  appSecret: string;
}) {
  const cookie = sessionCookie({ secure });
  const devices = deviceCookies({ secure, appSecret });
  resolved.addTo(app);

  // With `workspaceId` (the door of a workspace route, which reads the session first), the session
  // carries the person's role there.
  function getSession(request: FastifyRequest, reply: FastifyReply, workspaceId: string | null = null): Promise<ActiveSession | null> {
    let session = resolved.get(request);
    if (!session) {
      session = readSession(request, reply, workspaceId);
      resolved.set(request, session);
    }
    return session;
  }

  async function readSession(request: FastifyRequest, reply: FastifyReply, workspaceId: string | null): Promise<ActiveSession | null> {
    const token = cookie.read(request);
    if (!token) return null;
    const now = clock();
    const session = await sessions.resolve(token, now, workspaceId);
    if (session?.refreshedExpiresAt) cookie.set(reply, token, session.refreshedExpiresAt, now);
    if (!session) cookie.clear(reply);
    return session;
  }

  async function endSession(request: FastifyRequest): Promise<void> {
    const token = cookie.read(request);
    if (!token) return;
    const present = await sessions.resolve(token, clock());
    if (present) await sessions.end(present.tokenHash);
  }

  // product rules A3: an applicant waiting for approval reaches nothing that needs a session; the
  // current-user call (getSession) still answers, so the app can show the waiting page.
  async function requireSession(request: FastifyRequest, reply: FastifyReply, workspaceId: string | null = null): Promise<ActiveSession> {
    const session = await getSession(request, reply, workspaceId);
    if (!session) throw new HttpError(401, serverError.notSignedIn);
    if (session.user.approval !== 'approved') throw new HttpError(403, adminError.awaitingApproval);
    return session;
  }

  // product rules A1: every admin endpoint. A plain user learns nothing: the answer is a 404.
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession> {
    const session = await requireSession(request, reply);
    if (!isAdmin(session.user)) throw new HttpError(404, serverError.notFound);
    return session;
  }

  // A WebSocket upgrade's session (the collaboration socket): read, never refreshed, as an upgrade's
  // answer sets no cookie; the page's own requests keep it fresh.
  async function socketSession(request: IncomingMessage): Promise<ActiveSession | null> {
    const token = cookie.read(request);
    if (!token) return null;
    const session = await sessions.resolve(token, clock());
    return session?.user.approval === 'approved' ? session : null;
  }

  return {
    endSession,
    socketSession,

    requireSession,
    getSession,
    requireAdmin,

    // Options of a route that needs a signed-in user (or an admin): the session is checked before the
    // route validates its input, so a stranger gets the 401 (a plain user on an admin path the 404),
    // never a 400 telling what the route accepts. The handler's own require… reads the same session.
    signedInRoute: {
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        await requireSession(request, reply);
      },
    },
    adminRoute: {
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        await requireAdmin(request, reply);
      },
    },

    // A new sign-in replaces the session the browser had (rotation), never stacks on it. One that
    // still needs its second step (product rules U2) sets no cookie and answers the step's token.
    async signIn(request: FastifyRequest, reply: FastifyReply, signedIn: Admission): Promise<UserResponse | SecondStepResponse> {
      if ('secondStep' in signedIn) return { secondStep: signedIn.secondStep };
      await endSession(request);
      cookie.set(reply, signedIn.token, signedIn.expiresAt, clock());
      devices.issue(reply, signedIn.user.id);
      return { user: signedIn.user };
    },

    // The device id when this browser signed in to this account before.
    knownDevice: (request: FastifyRequest, userId: string) => devices.recognise(request, userId),

    clearCookie: (reply: FastifyReply) => cookie.clear(reply),
  };
}

export type SessionHelpers = ReturnType<typeof createSessionHelpers>;
