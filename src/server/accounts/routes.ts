import type { FastifyInstance, FastifyReply, FastifySerializerCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  apiPath,
  type CurrentUserResponse,
  type ErrorResponse,
  type HealthResponse,
  type OkResponse,
  type PublicConfig,
  type UserResponse,
} from '#src/shared/accounts/paths.ts';
import type { SecondStepResponse } from '#src/shared/account-security/paths.ts';
import { SignInResponseSchema } from '#src/shared/account-security/responses.ts';
import {
  CurrentUserResponseSchema,
  ErrorResponseSchema,
  HealthResponseSchema,
  PublicConfigSchema,
  UserResponseSchema,
} from '#src/shared/accounts/responses.ts';
import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import {
  ChangePasswordSchema,
  EmailOnlySchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  ThemeSchema,
  UpdateProfileSchema,
  VerifyEmailSchema,
} from '#src/shared/accounts/schemas.ts';
import { serverError } from '#src/shared/server-messages.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import type { Config } from '#src/server/config.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { sendSerialized } from '#src/server/http/remembered-json.ts';
import { assertJson, assertSameOrigin } from '#src/server/http/same-origin.ts';
import { deviceOf, type SessionHelpers } from '#src/server/http/session.ts';
import type { Accounts } from './service.ts';

export interface AccountRouteDeps {
  accounts: Accounts;
  serializerCompiler: FastifySerializerCompiler<z.ZodType>;
  limiter: RateLimiter;
  config: Config;
  session: SessionHelpers;
}

const ok = (message: string): OkResponse => ({ ok: true, message });

export function registerAccountRoutes(
  app: FastifyInstance,
  { accounts, limiter, config, session: sessions, serializerCompiler }: AccountRouteDeps,
) {
  const { appOrigin } = config;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The session is checked before the input: a stranger gets the 401, never a 400.
  const signedInWith = <S extends object, R extends object>(body: S, response: R) => ({
    ...sessions.signedInRoute,
    schema: { body, response },
  });
  const okAnswer = { 200: OkResponseSchema };
  const userAnswer = { 200: UserResponseSchema };

  // Every state-changing call: same origin, JSON body.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    try {
      assertSameOrigin(request, appOrigin);
      assertJson(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  // Forgot-password and resend answer a known and an unknown address alike. For a known address they
  // write a code and send an email: done before the answer, that made it 0.9 ms slower; started in the
  // turn after it (setImmediate), what it allocated still showed in the timings once V8's young
  // generation was small (0.2–0.4 ms, known slower, in 4 runs of 4). It now starts once the answer has
  // left.
  function afterAnswer(reply: FastifyReply, work: () => Promise<void>): void {
    reply.raw.once('close', () => {
      work().catch((error: unknown) => app.log.error({ err: error }, 'account work after the answer failed'));
    });
  }

  api.get(
    apiPath.health,
    { schema: { response: { 200: HealthResponseSchema, 503: ErrorResponseSchema } } },
    async (_request, reply): Promise<HealthResponse | ErrorResponse> => {
      try {
        await accounts.users.findById('health-check');
      } catch {
        return reply.code(503).send({ error: serverError.unavailable });
      }
      return { status: 'ok', database: 'ok' };
    },
  );

  api.get(apiPath.config, { schema: { response: { 200: PublicConfigSchema } } }, async (): Promise<PublicConfig> => ({
    productName: PRODUCT_NAME,
    googleSignIn: config.google
      ? { apiKey: config.google.apiKey, authDomain: config.google.authDomain, projectId: config.google.projectId }
      : null,
  }));

  // A guest is an answer, not an error: `{ user: null }`, so no page load logs a failed request.
  // Every page of the app asks, so a signed-in answer is serialized once for as long as the session
  // remembers its user (accounts/sessions.ts: until the database changes), then sent as it is.
  const serialize = serializerCompiler({ schema: CurrentUserResponseSchema, method: 'GET', url: apiPath.currentUser, httpStatus: '200' });
  const answers = new WeakMap<PublicUser, string>();
  api.get(apiPath.currentUser, { schema: { response: { 200: CurrentUserResponseSchema } } }, async (request, reply) => {
    const session = await sessions.getSession(request, reply);
    if (!session) return { user: null } satisfies CurrentUserResponse;
    let answer = answers.get(session.publicUser);
    if (answer === undefined) {
      answer = serialize({ user: session.publicUser } satisfies CurrentUserResponse);
      answers.set(session.publicUser, answer);
    }
    return sendSerialized(reply, answer);
  });

  api.post(
    apiPath.register,
    { schema: { body: RegisterSchema, response: { 201: UserResponseSchema } } },
    async (request, reply): Promise<UserResponse> => {
      const { body } = request;
      await limiter.check('register', request.ip, body.email);
      const user = await accounts.register(body);
      reply.code(201);
      return { user };
    },
  );

  api.post(apiPath.resendVerification, { schema: { body: EmailOnlySchema, response: okAnswer } }, async (request, reply) => {
    const { email } = request.body;
    await limiter.check('resend', request.ip, email);
    afterAnswer(reply, () => accounts.resendVerification(email));
    return ok('If that account is waiting for verification, a new code is on its way.');
  });

  api.post(apiPath.verifyEmail, { schema: { body: VerifyEmailSchema, response: okAnswer } }, async (request) => {
    const { email, code } = request.body;
    await limiter.check('verify', request.ip, email);
    await accounts.verifyEmail(email, code);
    return ok('Email verified.');
  });

  api.post(
    apiPath.login,
    { schema: { body: LoginSchema, response: { 200: SignInResponseSchema } } },
    async (request, reply): Promise<UserResponse | SecondStepResponse> => {
      const { email, password } = request.body;
      // The owner's own browser is not locked out by guesses made elsewhere (100 wrong passwords from 10
      // addresses used to block the right one from a new address for 15 minutes).
      const known = await accounts.users.findByEmail(email);
      const device = known ? sessions.knownDevice(request, known.id) : null;
      if (device) await limiter.checkKnownDevice('login', request.ip, device);
      else await limiter.check('login', request.ip, email);
      return sessions.signIn(request, reply, await accounts.login(email, password, deviceOf(request)));
    },
  );

  api.post(apiPath.forgotPassword, { schema: { body: EmailOnlySchema, response: okAnswer } }, async (request, reply) => {
    const { email } = request.body;
    await limiter.check('forgot', request.ip, email);
    afterAnswer(reply, () => accounts.forgotPassword(email));
    return ok('If an account exists for that email, a reset code is on its way.');
  });

  api.post(apiPath.resetPassword, { schema: { body: ResetPasswordSchema, response: okAnswer } }, async (request) => {
    const { email, code, newPassword } = request.body;
    await limiter.check('reset', request.ip, email);
    await accounts.resetPassword(email, code, newPassword);
    return ok('Password reset.');
  });

  api.put(apiPath.updateProfile, signedInWith(UpdateProfileSchema, userAnswer), async (request, reply): Promise<UserResponse> => {
    const session = await sessions.requireSession(request, reply);
    const changes = request.body;
    await limiter.checkWrite('profile', session.user.id, null);
    return { user: await accounts.updateProfile(session.user.id, changes) };
  });

  api.put(apiPath.theme, signedInWith(ThemeSchema, userAnswer), async (request, reply): Promise<UserResponse> => {
    const session = await sessions.requireSession(request, reply);
    const { theme } = request.body;
    await limiter.check('theme', request.ip, session.user.id);
    return { user: await accounts.setTheme(session.user.id, theme) };
  });

  api.put(apiPath.changePassword, signedInWith(ChangePasswordSchema, okAnswer), async (request, reply) => {
    const session = await sessions.requireSession(request, reply);
    const { currentPassword, newPassword } = request.body;
    await limiter.check('changePassword', request.ip, session.user.id);
    await accounts.changePassword(session.user, session.tokenHash, currentPassword, newPassword);
    return ok('Password changed.');
  });

  api.get(apiPath.logout, { schema: { response: okAnswer } }, async (request, reply) => {
    // spec 7 makes logout a GET; product rules S7 refuses it from another site.
    assertSameOrigin(request, appOrigin);
    await sessions.endSession(request);
    sessions.clearCookie(reply);
    return ok('Signed out.');
  });
}
