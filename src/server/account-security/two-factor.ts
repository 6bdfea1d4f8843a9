import { randomInt } from 'node:crypto';
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp';
import type { Kysely } from 'kysely';
import { securityError } from '#src/shared/account-security/messages.ts';
import { isTotpCode } from '#src/shared/account-security/schemas.ts';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  SECOND_STEP_MAX_TRIES,
  SECOND_STEP_TTL_MS,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  type SecondStep,
  type TwoFactorSetupResponse,
} from '#src/shared/account-security/paths.ts';
import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { CODE_ALPHABET } from '#src/shared/limits.ts';
import { hashCode, newSessionToken, sha256 } from '#src/server/accounts/secrets.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { SecretBox } from '#src/server/security/secret-box.ts';
import { lazy } from '#src/server/lazy.ts';
import { writeAccountEvent } from './account-events.ts';

// The QR code's renderer, loaded with the first two-factor setup, not at start.
const qrCode = lazy(() => import('uqr'));

const SEAL_PURPOSE = 'totp-seed';
const RECOVERY_PURPOSE = 'recovery';
const ALGORITHM = 'SHA-1';
const DAY_MS = 24 * 60 * 60 * 1000;

// RFC 6238 counts time in steps; @epic-web/totp verifies against the real time, so the step is read
// from it too, before and after, until both agree (a verify that straddles a step boundary is redone).
const currentStep = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_S);

async function acceptedStep(secret: string, otp: string): Promise<number | null> {
  for (;;) {
    const before = currentStep();
    const verified = await verifyTOTP({ otp, secret, period: TOTP_PERIOD_S, digits: TOTP_DIGITS, algorithm: ALGORITHM, window: 1 });
    if (currentStep() === before) return verified ? before + verified.delta : null;
  }
}

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export type SecondFactorResult = { kind: 'totp' } | { kind: 'recovery'; left: number } | null;

// Two-factor sign-in (product rules U2). The seed is sealed with the secret box; recovery codes
// and second-step tokens are stored hashed; a time step once accepted is never accepted again.
export function createTwoFactor(db: Db, clock: Clock, box: SecretBox, appSecret: string) {
  const k = db.kysely;
  const recoveryHash = (userId: string, code: string) => hashCode(appSecret, userId, RECOVERY_PURPOSE, code.replace(/-/g, ''));

  // A seed sealed under another APP_SECRET (or edited in the database) fails to open: no code matches it.
  function openSeed(sealed: string): string | null {
    try {
      return box.open(SEAL_PURPOSE, sealed);
    } catch {
      return null;
    }
  }

  async function enabledRow(tx: Kysely<Database>, userId: string) {
    return tx.selectFrom('two_factor').selectAll().where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
  }

  // A TOTP code counts once: the step moves forward only if no code of this step (or a later one) was
  // accepted before, in one conditional update, so two requests racing with one code cannot both pass.
  async function useTotp(tx: Kysely<Database>, userId: string, sealed: string, code: string): Promise<boolean> {
    const secret = openSeed(sealed);
    if (secret === null) return false;
    const step = await acceptedStep(secret, code);
    if (step === null) return false;
    const moved = await tx
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }

  async function useRecovery(tx: Kysely<Database>, userId: string, code: string): Promise<number | null> {
    const deleted = await tx
      .deleteFrom('recovery_codes')
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryHash(userId, code))
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return null;
    const left = await tx
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(left.n);
  }

  // A code of the app or a recovery code, for an account with two-factor sign-in on.
  async function check(tx: Kysely<Database>, userId: string, code: string): Promise<SecondFactorResult> {
    const row = await enabledRow(tx, userId);
    if (!row) return null;
    if (isTotpCode(code)) return (await useTotp(tx, userId, row.secret_sealed, code)) ? { kind: 'totp' } : null;
    const left = await useRecovery(tx, userId, code);
    return left === null ? null : { kind: 'recovery', left };
  }

  return {
    check,

    async isOn(userId: string): Promise<boolean> {
      return (await enabledRow(k, userId)) !== undefined;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await k
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // A new secret replaces any setup not yet confirmed; one already on must be turned off first.
    async setup(user: { id: string; email: string }): Promise<TwoFactorSetupResponse> {
      const { renderSVG } = await qrCode();
      if (await enabledRow(k, user.id)) throw new HttpError(409, securityError.alreadyOn);
      const { secret } = await generateTOTP({ period: TOTP_PERIOD_S, digits: TOTP_DIGITS, algorithm: ALGORITHM });
      const sealed = box.seal(SEAL_PURPOSE, secret);
      const now = clock();
      await k
        .insertInto('two_factor')
        .values({ user_id: user.id, secret_sealed: sealed, enabled_at: null, last_step: null, created_at: now })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ secret_sealed: sealed, last_step: null, created_at: now }))
        .execute();
      const otpauthUri = getTOTPAuthUri({
        period: TOTP_PERIOD_S,
        digits: TOTP_DIGITS,
        algorithm: ALGORITHM,
        secret,
        accountName: user.email,
        issuer: PRODUCT_NAME,
      });
      // Rendered here, so the seed never goes to an outside QR service.
      return { otpauthUri, secret, qrSvg: renderSVG(otpauthUri, { border: 2 }) };
    },

    // The first code proves the app holds the secret; then ten recovery codes, shown once.
    async confirm(userId: string, code: string, ip: string | null): Promise<string[]> {
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const now = clock();
      await k.transaction().execute(async (tx) => {
        const pending = await tx.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
        if (!pending) throw new HttpError(400, securityError.setupFirst);
        if (pending.enabled_at !== null) throw new HttpError(409, securityError.alreadyOn);
        if (!(await useTotp(tx, userId, pending.secret_sealed, code))) throw new HttpError(400, securityError.codeWrong);
        await tx.updateTable('two_factor').set({ enabled_at: now }).where('user_id', '=', userId).execute();
        await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await tx
          .insertInto('recovery_codes')
          .values(recoveryCodes.map((recovery) => ({ user_id: userId, code_hash: recoveryHash(userId, recovery), created_at: now })))
          .execute();
        await writeAccountEvent(tx, { userId, action: 'two-factor.enable', ip }, now);
      });
      return recoveryCodes;
    },

    async disable(userId: string, code: string, ip: string | null): Promise<void> {
      const now = clock();
      await k.transaction().execute(async (tx) => {
        if (!(await enabledRow(tx, userId))) throw new HttpError(409, securityError.notOn);
        if (!(await check(tx, userId, code))) throw new HttpError(400, securityError.codeWrong);
        await tx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
        await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await writeAccountEvent(tx, { userId, action: 'two-factor.disable', ip }, now);
      });
    },

    // product rules U2: the gate of createAccounts. With two-factor sign-in on, a sign-in gets a
    // short-lived token for its second step instead of a session.
    gate: {
      async challenge(userId: string): Promise<SecondStep | null> {
        if (!(await enabledRow(k, userId))) return null;
        const token = newSessionToken();
        const now = clock();
        const expiresAt = now + SECOND_STEP_TTL_MS;
        await k
          .insertInto('sign_in_challenges')
          .values({ token_hash: sha256(token), user_id: userId, attempts: 0, expires_at: expiresAt, created_at: now })
          .execute();
        return { token, expiresAt };
      },
    },

    // Whose sign-in a live second-step token belongs to; an unknown or expired one is refused.
    async challengeOwner(token: string): Promise<string> {
      const row = await k
        .selectFrom('sign_in_challenges')
        .select(['user_id', 'expires_at'])
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row || Number(row.expires_at) <= clock()) throw new HttpError(400, securityError.secondStepExpired);
      return row.user_id;
    },

    // The second step: a right code spends the token (single use, even when two requests race); a wrong
    // one counts against it, and after SECOND_STEP_MAX_TRIES the sign-in starts over from the password.
    async completeSignIn(
      token: string,
      code: string,
      ip: string | null,
      onWrongCode: (userId: string, failuresToday: number) => Promise<void>,
    ): Promise<{ userId: string; result: NonNullable<SecondFactorResult> }> {
      const tokenHash = sha256(token);
      const now = clock();
      const outcome = await k.transaction().execute(async (tx) => {
        const challenge = await tx.selectFrom('sign_in_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
        if (!challenge || Number(challenge.expires_at) <= now) return { expired: true as const };
        const result = await check(tx, challenge.user_id, code);
        if (!result) {
          const attempts = challenge.attempts + 1;
          if (attempts >= SECOND_STEP_MAX_TRIES) await tx.deleteFrom('sign_in_challenges').where('token_hash', '=', tokenHash).execute();
          else await tx.updateTable('sign_in_challenges').set({ attempts }).where('token_hash', '=', tokenHash).execute();
          // Each wrong code is in the owner's Security trail; the day's count decides whether to warn them.
          await writeAccountEvent(tx, { userId: challenge.user_id, action: 'two-factor.failed', ip }, now);
          const today = await tx
            .selectFrom('account_events')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('user_id', '=', challenge.user_id)
            .where('action', '=', 'two-factor.failed')
            .where('created_at', '>', now - DAY_MS)
            .executeTakeFirstOrThrow();
          return { wrong: true as const, userId: challenge.user_id, failuresToday: Number(today.count) };
        }
        const spent = await tx.deleteFrom('sign_in_challenges').where('token_hash', '=', tokenHash).executeTakeFirst();
        if (Number(spent.numDeletedRows) !== 1) return { expired: true as const };
        if (result.kind === 'recovery') {
          await writeAccountEvent(
            tx,
            { userId: challenge.user_id, action: 'two-factor.recovery-used', ip, details: { left: result.left } },
            now,
          );
        }
        return { userId: challenge.user_id, result };
      });
      if ('expired' in outcome) throw new HttpError(400, securityError.secondStepExpired);
      if ('wrong' in outcome) {
        await onWrongCode(outcome.userId, outcome.failuresToday ?? 0);
        throw new HttpError(400, securityError.codeWrong);
      }
      return outcome;
    },

    sweep: (now: number) => k.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute(),
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
