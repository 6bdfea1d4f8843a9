import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { AddPasskeySchema, PasskeyNameSchema, PasskeySignInSchema } from '#src/shared/account-security/passkey-schemas.ts';
import {
  passkeyNotice,
  passkeyPaths as paths,
  type PasskeyOptionsResponse,
  type PasskeyResponse,
  type PasskeysResponse,
} from '#src/shared/account-security/passkeys.ts';
import type { OkResponse, UserResponse } from '#src/shared/accounts/paths.ts';
import type { SecondStepResponse } from '#src/shared/account-security/paths.ts';
import { serverError } from '#src/shared/server-messages.ts';
import type { Accounts } from '#src/server/accounts/service.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { deviceOf, type SessionHelpers } from '#src/server/http/session.ts';
import { pathParams } from '#src/server/http/validation.ts';
import type { Passkeys } from './passkeys.ts';

export interface PasskeyRouteDeps {
  passkeys: Passkeys;
  accounts: Accounts;
  limiter: RateLimiter;
  session: SessionHelpers;
  db: Db;
}

// product rules U7. Registered inside the /api scope, so every state change passes its same-origin and
// JSON checks; sign-in is counted like a password sign-in, per address.
export function registerPasskeyRoutes(app: FastifyInstance, { passkeys, accounts, limiter, session, db }: PasskeyRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The session is checked before the input: a stranger gets the 401, never a 400.
  const one = pathParams('id');
  api.get(paths.list, async (request, reply): Promise<PasskeysResponse> => {
    const signedIn = await session.requireSession(request, reply);
    return { passkeys: await passkeys.list(signedIn.user.id) };
  });

  api.post(paths.registrationOptions, async (request, reply): Promise<PasskeyOptionsResponse> => {
    const signedIn = await session.requireSession(request, reply);
    await limiter.checkWrite('passkeys', signedIn.user.id, null);
    return passkeys.registrationOptions(signedIn.user);
  });

  api.post(
    paths.list,
    { ...session.signedInRoute, schema: { body: AddPasskeySchema } },
    async (request, reply): Promise<PasskeyResponse> => {
      const signedIn = await session.requireSession(request, reply);
      const { body } = request;
      await limiter.checkWrite('passkeys', signedIn.user.id, null);
      const { userAgent, ip } = deviceOf(request);
      const passkey = await passkeys.add(signedIn.user, { ...body, response: body.response as RegistrationResponseJSON }, userAgent, ip);
      reply.code(201);
      return { passkey };
    },
  );

  api.put(
    paths.one,
    { ...session.signedInRoute, schema: { params: one, body: PasskeyNameSchema } },
    async (request, reply): Promise<PasskeyResponse & OkResponse> => {
      const signedIn = await session.requireSession(request, reply);
      await limiter.checkWrite('passkeys', signedIn.user.id, null);
      const passkey = await passkeys.rename(signedIn.user.id, request.params.id, request.body.name);
      return { ok: true, message: passkeyNotice.renamed, passkey };
    },
  );

  api.delete(paths.one, { ...session.signedInRoute, schema: { params: one } }, async (request, reply): Promise<OkResponse> => {
    const signedIn = await session.requireSession(request, reply);
    await limiter.checkWrite('passkeys', signedIn.user.id, null);
    const started = await db.kysely
      .selectFrom('sessions')
      .select('created_at')
      .where('token_hash', '=', signedIn.tokenHash)
      .executeTakeFirst();
    if (!started) throw new HttpError(401, serverError.notSignedIn);
    await passkeys.remove(signedIn.user, request.params.id, Number(started.created_at), request.ip);
    return { ok: true, message: passkeyNotice.removed };
  });

  api.post(paths.signInOptions, async (request): Promise<PasskeyOptionsResponse> => {
    await limiter.check('passkeyOptions', request.ip);
    return passkeys.signInOptions();
  });

  // A passkey with user verification is something you have and something you are (or know): the
  // second step of two-factor sign-in is not asked for after it.
  api.post(paths.signIn, { schema: { body: PasskeySignInSchema } }, async (request, reply): Promise<UserResponse | SecondStepResponse> => {
    const { challengeId, response } = request.body;
    await limiter.check('login', request.ip);
    const userId = await passkeys.verifySignIn(challengeId, response as AuthenticationResponseJSON, request.ip);
    const user = await accounts.users.findById(userId);
    if (!user) throw new HttpError(400, serverError.badCredentials);
    return session.signIn(request, reply, await accounts.startSession(user, deviceOf(request)));
  });
}
