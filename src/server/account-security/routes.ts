import type { FastifyInstance } from 'fastify';
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
import { parseBody } from '#src/server/http/errors.ts';
import type { RateLimiter } from '#src/server/http/rate-limit.ts';
import { deviceOf, type SessionHelpers } from '#src/server/http/session.ts';
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

  app.get(paths.overview, async (request, reply): Promise<SecurityOverview> => {
    return security.overview(await session.requireSession(request, reply));
  });

  app.delete(paths.sessions, async (request, reply): Promise<OkResponse> => {
    const signedIn = await session.requireSession(request, reply);
    const count = await security.revokeOthers(signedIn, request.ip);
    return ok(securityNotice.othersEnded(count));
  });

  app.delete(paths.session, async (request, reply): Promise<OkResponse> => {
    const signedIn = await session.requireSession(request, reply);
    const { id } = request.params as { id: string };
    await security.revokeSession(signedIn, id, request.ip);
    // Signing out this very session from the list is a sign-out.
    if (id === signedIn.sessionId) session.clearCookie(reply);
    return ok(securityNotice.sessionEnded);
  });

  app.post(paths.twoFactorSetup, async (request, reply): Promise<TwoFactorSetupResponse> => {
    const signedIn = await session.requireSession(request, reply);
    return security.twoFactor.setup(signedIn.user);
  });

  app.post(paths.twoFactorConfirm, async (request, reply): Promise<RecoveryCodesResponse> => {
    const signedIn = await session.requireSession(request, reply);
    const { code } = parseBody(ConfirmTwoFactorSchema, request.body);
    await limiter.check('secondFactor', request.ip, signedIn.user.id);
    return { recoveryCodes: await security.confirmTwoFactor(signedIn.user, code, request.ip) };
  });

  app.delete(paths.twoFactor, async (request, reply): Promise<OkResponse> => {
    const signedIn = await session.requireSession(request, reply);
    const { code, ...proof } = parseBody(DisableTwoFactorSchema, request.body);
    await limiter.check('secondFactor', request.ip, signedIn.user.id);
    await confirmIdentity(signedIn.user, proof, verifyGoogle);
    await security.disableTwoFactor(signedIn.user, code, request.ip);
    return ok(securityNotice.twoFactorOff);
  });

  // The second step of a sign-in (U2): counted per account, like passwords, before the code is checked.
  app.post(paths.secondStep, async (request, reply): Promise<UserResponse | SecondStepResponse> => {
    const { token, code } = parseBody(SecondStepSchema, request.body);
    const userId = await security.twoFactor.challengeOwner(token);
    const device = session.knownDevice(request, userId);
    if (device) await limiter.checkKnownDevice('secondFactor', request.ip, device);
    else {
      await limiter.check('secondFactor', request.ip, userId);
      await limiter.check('secondFactorDaily', request.ip, userId);
    }
    const user = await security.completeSignIn(token, code, request.ip, accounts.users.findById);
    return session.signIn(request, reply, await accounts.startSession(user, deviceOf(request)));
  });

  app.get(paths.exports, async (request, reply): Promise<AccountExportsResponse> => {
    const signedIn = await session.requireSession(request, reply);
    return { exports: await exports.list(signedIn.user.id) };
  });

  // product rules U4: made in the background; counted per person, since each reads all their data.
  app.post(paths.exports, async (request, reply): Promise<AccountExportResponse> => {
    const signedIn = await session.requireSession(request, reply);
    parseBody(ExportRequestSchema, request.body);
    await limiter.perPerson('accountExport', signedIn.user.id);
    reply.code(202);
    return { export: await exports.request(signedIn.user, request.ip) };
  });

  app.get(paths.exportDownload, async (request, reply) => {
    const signedIn = await session.requireSession(request, reply);
    const { id } = request.params as { id: string };
    const { file, size, day } = await exports.open(signedIn.user.id, id);
    reply
      .type('application/json; charset=utf-8')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${PRODUCT_NAME.toLowerCase()}-export-${day}.json"`);
    return reply.send(file);
  });

  app.delete(paths.account, async (request, reply): Promise<OkResponse> => {
    const signedIn = await session.requireSession(request, reply);
    const proof = parseBody(DeleteAccountSchema, request.body);
    await limiter.check('changePassword', request.ip, signedIn.user.id);
    await confirmIdentity(signedIn.user, proof, verifyGoogle);
    await security.deleteAccount(signedIn.user);
    session.clearCookie(reply);
    return ok(securityNotice.accountDeleted);
  });
}
