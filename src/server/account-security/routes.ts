import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountExportResponseSchema,
  AccountExportsResponseSchema,
  RecoveryCodesResponseSchema,
  SecurityOverviewSchema,
  SignInResponseSchema,
  TwoFactorSetupResponseSchema,
} from '#src/shared/account-security/responses.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import {
  ConfirmTwoFactorSchema,
  DeleteAccountSchema,
  DisableTwoFactorSchema,
  ExportRequestSchema,
  SecondStepSchema,
} from '#src/shared/account-security/schemas.ts';
import {
  accountSecurityPaths as paths,
  type RecoveryCodesResponse,
  type SecondStepResponse,
  type SecurityOverview,
  type TwoFactorSetupResponse,
  type AccountExportResponse,
  type AccountExportsResponse,
} from '#src/shared/account-security/paths.ts';
import { securityNotice } from '#src/shared/account-security/messages.ts';
import type { OkResponse, UserResponse } from '#src/shared/accounts/paths.ts';
import { PRODUCT_NAME } from '#src/shared/brand.ts';
import type { Accounts } from '#src/server/accounts/service.ts';
import { createFirebaseTokenVerifier } from '#src/server/accounts/firebase-token.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Config } from '#src/server/config.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { deviceOf, type SessionHelpers } from '#src/server/http/session.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { confirmIdentity } from './identity.ts';
import type { AccountExports } from './export-jobs.ts';
import type { AccountSecurity } from './service.ts';

export interface AccountSecurityRouteDeps {
  security: AccountSecurity;
  accounts: Accounts;
  limiter: RateLimiter;
  config: Config;
  clock: Clock;
  session: SessionHelpers;
  exports: AccountExports;
}

const ok = (message: string): OkResponse => ({ ok: true, message });

// Product rules U. State-changing calls pass the same-origin and JSON checks of the /api scope.
export function registerAccountSecurityRoutes(app: FastifyInstance, deps: AccountSecurityRouteDeps) {
  const { security, accounts, limiter, config, clock, session, exports } = deps;
  const verifyGoogle = config.google ? createFirebaseTokenVerifier(config.google, clock, app.log) : null;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The session is checked before the input: a stranger gets the 401, never a 400.
  const signedInWith = <S extends object>(schema: S) => ({ ...session.signedInRoute, schema });

  api.get(paths.overview, { schema: { response: { 200: SecurityOverviewSchema } } }, async (request, reply): Promise<SecurityOverview> => {
    return security.overview(await session.requireSession(request, reply));
  });

  api.delete(paths.sessions, { schema: { response: { 200: OkResponseSchema } } }, async (request, reply): Promise<OkResponse> => {
    const signedIn = await session.requireSession(request, reply);
    const count = await security.revokeOthers(signedIn, request.ip);
    return ok(securityNotice.othersEnded(count));
  });

  api.delete(
    paths.session,
    signedInWith({ params: pathParams('id'), response: { 200: OkResponseSchema } }),
    async (request, reply): Promise<OkResponse> => {
      const signedIn = await session.requireSession(request, reply);
      const { id } = request.params;
      await security.revokeSession(signedIn, id, request.ip);
      // Signing out this very session from the list is a sign-out.
      if (id === signedIn.sessionId) session.clearCookie(reply);
      return ok(securityNotice.sessionEnded);
    },
  );

  api.post(
    paths.twoFactorSetup,
    { schema: { response: { 200: TwoFactorSetupResponseSchema } } },
    async (request, reply): Promise<TwoFactorSetupResponse> => {
      const signedIn = await session.requireSession(request, reply);
      return security.twoFactor.setup(signedIn.user);
    },
  );

  api.post(
    paths.twoFactorConfirm,
    signedInWith({ body: ConfirmTwoFactorSchema, response: { 200: RecoveryCodesResponseSchema } }),
    async (request, reply): Promise<RecoveryCodesResponse> => {
      const signedIn = await session.requireSession(request, reply);
      const { code } = request.body;
      await limiter.check('secondFactor', request.ip, signedIn.user.id);
      return { recoveryCodes: await security.confirmTwoFactor(signedIn.user, code, request.ip) };
    },
  );

  api.delete(
    paths.twoFactor,
    signedInWith({ body: DisableTwoFactorSchema, response: { 200: OkResponseSchema } }),
    async (request, reply): Promise<OkResponse> => {
      const signedIn = await session.requireSession(request, reply);
      const { code, ...proof } = request.body;
      await limiter.check('secondFactor', request.ip, signedIn.user.id);
      await confirmIdentity(signedIn.user, proof, verifyGoogle);
      await security.disableTwoFactor(signedIn.user, code, request.ip);
      return ok(securityNotice.twoFactorOff);
    },
  );

  // The second step of a sign-in (U2): counted per account, like passwords, before the code is checked.
  api.post(
    paths.secondStep,
    { schema: { body: SecondStepSchema, response: { 200: SignInResponseSchema } } },
    async (request, reply): Promise<UserResponse | SecondStepResponse> => {
      const { token, code } = request.body;
      const userId = await security.twoFactor.challengeOwner(token);
      const device = session.knownDevice(request, userId);
      if (device) await limiter.checkKnownDevice('secondFactor', request.ip, device);
      else {
        await limiter.check('secondFactor', request.ip, userId);
        await limiter.check('secondFactorDaily', request.ip, userId);
      }
      const user = await security.completeSignIn(token, code, request.ip, accounts.users.findById);
      return session.signIn(request, reply, await accounts.startSession(user, deviceOf(request)));
    },
  );

  api.get(
    paths.exports,
    { schema: { response: { 200: AccountExportsResponseSchema } } },
    async (request, reply): Promise<AccountExportsResponse> => {
      const signedIn = await session.requireSession(request, reply);
      return { exports: await exports.list(signedIn.user.id) };
    },
  );

  // product rules U4: made in the background; counted per person, since each reads all their data.
  api.post(
    paths.exports,
    signedInWith({ body: ExportRequestSchema, response: { 202: AccountExportResponseSchema } }),
    async (request, reply): Promise<AccountExportResponse> => {
      const signedIn = await session.requireSession(request, reply);
      await limiter.perPerson('accountExport', signedIn.user.id);
      reply.code(202);
      return { export: await exports.request(signedIn.user, request.ip) };
    },
  );

  api.get(paths.exportDownload, signedInWith({ params: pathParams('id') }), async (request, reply) => {
    const signedIn = await session.requireSession(request, reply);
    const { file, size, day } = await exports.open(signedIn.user.id, request.params.id);
    reply
      .type('application/json; charset=utf-8')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${PRODUCT_NAME.toLowerCase()}-export-${day}.json"`);
    return reply.send(file);
  });

  api.delete(
    paths.account,
    signedInWith({ body: DeleteAccountSchema, response: { 200: OkResponseSchema } }),
    async (request, reply): Promise<OkResponse> => {
      const signedIn = await session.requireSession(request, reply);
      const proof = request.body;
      await limiter.check('changePassword', request.ip, signedIn.user.id);
      await confirmIdentity(signedIn.user, proof, verifyGoogle);
      await security.deleteAccount(signedIn.user);
      session.clearCookie(reply);
      return ok(securityNotice.accountDeleted);
    },
  );
}
