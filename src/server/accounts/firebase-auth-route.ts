import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPath, type UserResponse } from '#src/shared/accounts/paths.ts';
import type { SecondStepResponse } from '#src/shared/account-security/paths.ts';
import { SignInResponseSchema } from '#src/shared/account-security/responses.ts';
import { FirebaseAuthSchema } from '#src/shared/accounts/schemas.ts';
import { serverError } from '#src/shared/server-messages.ts';
import type { Clock } from '#src/server/clock.ts';
import type { GoogleConfig } from '#src/server/config.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { deviceOf, type SessionHelpers } from '#src/server/http/session.ts';
import type { Accounts } from './service.ts';
import { createFirebaseTokenVerifier } from './firebase-token.ts';

// spec 7: POST /firebase-auth. The body's uid, email, name and picture are ignored; only the verified
// ID token counts (product rules D4).
export function registerFirebaseAuthRoute(
  app: FastifyInstance,
  deps: { google: GoogleConfig | null; accounts: Accounts; limiter: RateLimiter; clock: Clock; session: SessionHelpers },
) {
  const verify = deps.google ? createFirebaseTokenVerifier(deps.google, deps.clock, app.log) : null;
  if (!verify) {
    // Without Google configured, every request is told so, whatever its body.
    app.post(apiPath.firebaseAuth, async () => {
      throw new HttpError(501, serverError.googleNotConfigured);
    });
    return;
  }
  const route = { schema: { body: FirebaseAuthSchema, response: { 200: SignInResponseSchema } } };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(apiPath.firebaseAuth, route, async (request, reply): Promise<UserResponse | SecondStepResponse> => {
      const { idToken } = request.body;
      // Rate-limited like login, from the same per-IP allowance, before any verification work. There is
      // no per-account count: a signature cannot be guessed, so there is no account to protect from guessing.
      await deps.limiter.check('login', request.ip);
      const identity = await verify(idToken);
      return deps.session.signIn(request, reply, await deps.accounts.signInWithGoogle(identity, deviceOf(request)));
    });
}
