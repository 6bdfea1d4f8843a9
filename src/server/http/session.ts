import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserResponse } from '#src/shared/api-paths.ts';
import { serverError } from '#src/shared/messages.ts';
import type { SignedIn } from '#src/server/accounts/service.ts';
import type { ActiveSession, Sessions } from '#src/server/accounts/sessions.ts';
import type { Clock } from '#src/server/clock.ts';
import { HttpError } from './errors.ts';
import { sessionCookie } from './session-cookie.ts';

// The request's session, shared by every route that signs in or needs a signed-in user. Named the
// Epic Stack way: `require…` throws, `get…` may answer null.
export function createSessionHelpers({ sessions, clock, secure }: { sessions: Sessions; clock: Clock; secure: boolean }) {
  const cookie = sessionCookie({ secure });

  async function getSession(request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession | null> {
    const token = cookie.read(request);
    if (!token) return null;
    const now = clock();
    const session = await sessions.resolve(token, now);
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

  return {
    getSession,
    endSession,

    async requireSession(request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession> {
      const session = await getSession(request, reply);
      if (!session) throw new HttpError(401, serverError.notSignedIn);
      return session;
    },

    // A new sign-in replaces the session the browser had (rotation), never stacks on it.
    async signIn(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): Promise<UserResponse> {
      await endSession(request);
      cookie.set(reply, signedIn.token, signedIn.expiresAt, clock());
      return { user: signedIn.user };
    },

    clearCookie: (reply: FastifyReply) => cookie.clear(reply),
  };
}

export type SessionHelpers = ReturnType<typeof createSessionHelpers>;
