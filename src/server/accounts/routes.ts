import type { FastifyInstance } from 'fastify';
import { apiPath, type CurrentUserResponse, type OkResponse, type PublicConfig, type UserResponse } from '#src/shared/accounts/paths.ts';
import type { SecondStepResponse } from '#src/shared/account-security/paths.ts';
import { PRODUCT_NAME } from '#src/shared/brand.ts';
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
import { serverError } from '#src/shared/messages.ts';
import type { Config } from '#src/server/config.ts';
import { parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { assertJson, assertSameOrigin } from '#src/server/http/same-origin.ts';
import { deviceOf, type SessionHelpers } from '#src/server/http/session.ts';
import type { Accounts } from './service.ts';

export interface AccountRouteDeps {
  accounts: Accounts;
  limiter: RateLimiter;
  config: Config;
  session: SessionHelpers;
}

const ok = (message: string): OkResponse => ({ ok: true, message });

export function registerAccountRoutes(app: FastifyInstance, { accounts, limiter, config, session: sessions }: AccountRouteDeps) {
  const { appOrigin } = config;

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

  // For a known address these write and flush a code, which made their answer measurably
  // slower than an unknown address's; the answer now leaves first and the work follows it.
  function afterAnswer(work: () => Promise<void>) {
    setImmediate(() => work().catch((error: unknown) => app.log.error({ err: error }, 'account work after the answer failed')));
  }

  app.get(apiPath.health, async (_request, reply) => {
    try {
      await accounts.users.findById('health-check');
    } catch {
      return reply.code(503).send({ error: serverError.unavailable });
    }
    return { status: 'ok', database: 'ok' };
  });

  app.get(apiPath.config, async (): Promise<PublicConfig> => ({
    productName: PRODUCT_NAME,
    googleSignIn: config.google
      ? { apiKey: config.google.apiKey, authDomain: config.google.authDomain, projectId: config.google.projectId }
      : null,
  }));

  // A guest is an answer, not an error: `{ user: null }`, so no page load logs a failed request.
  app.get(apiPath.currentUser, async (request, reply): Promise<CurrentUserResponse> => {
    const session = await sessions.getSession(request, reply);
    return { user: session?.publicUser ?? null };
  });

  app.post(apiPath.register, async (request, reply): Promise<UserResponse> => {
    const body = parseBody(RegisterSchema, request.body);
    await limiter.check('register', request.ip, body.email);
    const user = await accounts.register(body);
    reply.code(201);
    return { user };
  });

  app.post(apiPath.resendVerification, async (request) => {
    const { email } = parseBody(EmailOnlySchema, request.body);
    await limiter.check('resend', request.ip, email);
    afterAnswer(() => accounts.resendVerification(email));
    return ok('If that account is waiting for verification, a new code is on its way.');
  });

  app.post(apiPath.verifyEmail, async (request) => {
    const { email, code } = parseBody(VerifyEmailSchema, request.body);
    await limiter.check('verify', request.ip, email);
    await accounts.verifyEmail(email, code);
    return ok('Email verified.');
  });

  app.post(apiPath.login, async (request, reply): Promise<UserResponse | SecondStepResponse> => {
    const { email, password } = parseBody(LoginSchema, request.body);
    // The owner's own browser is not locked out by guesses made elsewhere (100 wrong passwords from 10
    // addresses used to block the right one from a new address for 15 minutes).
    const known = await accounts.users.findByEmail(email);
    const device = known ? sessions.knownDevice(request, known.id) : null;
    if (device) await limiter.checkKnownDevice('login', request.ip, device);
    else await limiter.check('login', request.ip, email);
    return sessions.signIn(request, reply, await accounts.login(email, password, deviceOf(request)));
  });

  app.post(apiPath.forgotPassword, async (request) => {
    const { email } = parseBody(EmailOnlySchema, request.body);
    await limiter.check('forgot', request.ip, email);
    afterAnswer(() => accounts.forgotPassword(email));
    return ok('If an account exists for that email, a reset code is on its way.');
  });

  app.post(apiPath.resetPassword, async (request) => {
    const { email, code, newPassword } = parseBody(ResetPasswordSchema, request.body);
    await limiter.check('reset', request.ip, email);
    await accounts.resetPassword(email, code, newPassword);
    return ok('Password reset.');
  });

  app.put(apiPath.updateProfile, async (request, reply): Promise<UserResponse> => {
    const session = await sessions.requireSession(request, reply);
    const changes = parseBody(UpdateProfileSchema, request.body);
    await limiter.checkWrite('profile', session.user.id, null);
    return { user: await accounts.updateProfile(session.user.id, changes) };
  });

  app.put(apiPath.theme, async (request, reply): Promise<UserResponse> => {
    const session = await sessions.requireSession(request, reply);
    const { theme } = parseBody(ThemeSchema, request.body);
    await limiter.check('theme', request.ip, session.user.id);
    return { user: await accounts.setTheme(session.user.id, theme) };
  });

  app.put(apiPath.changePassword, async (request, reply) => {
    const session = await sessions.requireSession(request, reply);
    const { currentPassword, newPassword } = parseBody(ChangePasswordSchema, request.body);
    await limiter.check('changePassword', request.ip, session.user.id);
    await accounts.changePassword(session.user, session.tokenHash, currentPassword, newPassword);
    return ok('Password changed.');
  });

  app.get(apiPath.logout, async (request, reply) => {
    // spec 7 makes logout a GET; product rules S7 refuses it from another site.
    assertSameOrigin(request, appOrigin);
    await sessions.endSession(request);
    sessions.clearCookie(reply);
    return ok('Signed out.');
  });
}
