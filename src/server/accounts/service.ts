import type { SecondStep } from '#src/shared/account-security/paths.ts';
import { isAdmin, type PublicUser } from '#src/shared/accounts/user.ts';
import { serverError } from '#src/shared/server-messages.ts';
import { adminError } from '#src/shared/admin/messages.ts';
import { newDeviceAlert, raiseAlert } from '#src/server/admin/alerts.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import {
  accountExistsMail,
  googleLinkedMail,
  passwordChangedMail,
  resetMail,
  verificationMail,
  type MailMessage,
} from '#src/server/mail/templates.ts';
import { createCodes } from './codes.ts';
import type { GoogleIdentity } from './firebase-token.ts';
import { burnPasswordCheck, hashPassword, isWeakPassword, samePassword, verifyPassword } from './passwords.ts';
import { createSessions, type Device } from './sessions.ts';
import { createUsers, newUserRow, toPublicUser, type UserRow } from './users.ts';
import { opsError } from '#src/shared/ops/messages.ts';
import type { Theme } from '#src/shared/theme/theme.ts';

interface Log {
  error(obj: object, msg: string): void;
}

export interface SignedIn {
  user: PublicUser;
  token: string;
  expiresAt: number;
}

// With two-factor sign-in on, a right password or Google sign-in admits
// only to the second step; no session exists until it passes.
export type Admission = SignedIn | { secondStep: SecondStep };
export interface SecondFactorGate {
  challenge(userId: string): Promise<SecondStep | null>;
}

// The account flows of spec 4 and 7 with the rules of product rules S.
export function createAccounts(
  db: Db,
  clock: Clock,
  mailer: Mailer,
  log: Log,
  secret: string,
  {
    betaApproval = () => false,
    signupsOpen = () => true,
    secondFactor,
  }: { betaApproval?: () => boolean; signupsOpen?: () => boolean; secondFactor?: SecondFactorGate } = {},
) {
  // product rules A3: with beta approval required (BETA_APPROVAL or System Settings) a new account waits
  // for an admin; otherwise it is in. Asked at each sign-up, so a change in System Settings applies at once.
  const approval = () => (betaApproval() ? 'pending' : 'approved');
  // System Settings can close sign-ups: no new account, by password or by Google.
  const refuseWhenClosed = () => {
    if (!signupsOpen()) throw new HttpError(403, opsError.signupsClosed);
  };
  const users = createUsers(db);
  const sessions = createSessions(db);
  const codes = createCodes(db.kysely, secret);

  // Mail goes out after the answer, so a known and an unknown email take the same time to answer.
  function sendLater(message: MailMessage) {
    mailer.send(message).catch((error: unknown) => log.error({ err: error, to: message.to }, 'email failed'));
  }

  async function acceptablePassword(password: string, knownAbout: string[]) {
    if (await isWeakPassword(password, knownAbout)) throw new HttpError(400, serverError.passwordWeak);
  }

  async function startSession(user: UserRow, device: Device): Promise<SignedIn> {
    // product rules A2, A3: checked after the password, so only its owner learns the account's standing.
    if (user.status === 'suspended') throw new HttpError(403, adminError.suspended);
    if (user.approval === 'declined') throw new HttpError(403, adminError.declined);
    const publicUser = toPublicUser(user);
    if (isAdmin(publicUser)) await alertOnNewDevice(user.id, device);
    const { token, expiresAt } = await sessions.start(user.id, clock(), device);
    return { user: publicUser, token, expiresAt };
  }

  // product rules A4: an admin account signed in from a browser that none of its live sessions uses is
  // worth another admin's look (a stolen password shows up this way). The first sign-in has nothing to
  // compare with, so it raises nothing.
  async function alertOnNewDevice(userId: string, device: Device) {
    const known = await db.kysely.selectFrom('sessions').select('user_agent').where('user_id', '=', userId).execute();
    if (known.length === 0 || known.some((session) => session.user_agent === device.userAgent)) return;
    await raiseAlert(db.kysely, newDeviceAlert(userId, device), clock());
  }

  async function admit(user: UserRow, device: Device): Promise<Admission> {
    const secondStep = await secondFactor?.challenge(user.id);
    return secondStep ? { secondStep } : startSession(user, device);
  }

  return {
    users,
    sessions,
    startSession,

    // A taken address is answered exactly like a new one, after the same hashing work; its
    // owner is told by email instead, so the page never says whether an address has an account.
    async register(input: { name: string; email: string; password: string }): Promise<PublicUser> {
      refuseWhenClosed();
      await acceptablePassword(input.password, [input.name, input.email]);
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      const taken = () => {
        sendLater(accountExistsMail(input.email));
        return toPublicUser(
          newUserRow({ email: input.email, name: input.name, passwordHash: null, emailVerified: false, approval: approval() }, now),
        );
      };
      if (await users.findByEmail(input.email)) return taken();
      let user: UserRow;
      try {
        user = await users.insert({ email: input.email, name: input.name, passwordHash, emailVerified: false, approval: approval() }, now);
      } catch (error) {
        // Two registrations raced for one email: the unique index decided.
        if (await users.findByEmail(input.email)) return taken();
        throw error;
      }
      const code = await codes.issue(user.id, 'verify', now);
      sendLater(verificationMail(user.email, code));
      return toPublicUser(user);
    },

    async resendVerification(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user || user.email_verified === 1) return;
      const code = await codes.issue(user.id, 'verify', clock());
      sendLater(verificationMail(user.email, code));
    },

    // A verified account has no verify code, so it fails like an unknown one.
    async verifyEmail(email: string, code: string): Promise<void> {
      const user = await users.findByEmail(email);
      const now = clock();
      await codes.redeem(user?.id, 'verify', code, now, (tx) =>
        tx.updateTable('users').set({ email_verified: 1, updated_at: now }).where('id', '=', user!.id).execute(),
      );
    },

    async login(email: string, password: string, device: Device): Promise<Admission> {
      const user = await users.findByEmail(email);
      // Same answer, and a hash in both cases, for an unknown email and a wrong password.
      const matches = user?.password_hash ? await verifyPassword(user.password_hash, password) : await burnPasswordCheck(password);
      if (!user || !matches) throw new HttpError(401, serverError.badCredentials);
      if (user.email_verified !== 1) throw new HttpError(403, serverError.unverified);
      return admit(user, device);
    },

    // product rules D4: the account is keyed on Google's subject; a first sign-in whose verified email
    // matches an account links to it; otherwise a new, verified account is made.
    async signInWithGoogle(identity: GoogleIdentity, device: Device): Promise<Admission> {
      const now = clock();
      const known = await users.findByGoogleSub(identity.sub);
      if (known) return admit(known, device);
      const existing = await users.findByEmail(identity.email);
      if (existing) {
        if (existing.google_sub) throw new HttpError(409, serverError.googleOtherAccount);
        // A new way into a password account: its owner hears of it.
        if (existing.password_hash && existing.email_verified === 1) sendLater(googleLinkedMail(existing.email));
        // An unverified password was never proven to belong to this person: Google's proof replaces it,
        // so whoever registered the address first cannot sign in with it later.
        const linked = await users.update(
          existing.id,
          { google_sub: identity.sub, email_verified: 1, ...(existing.email_verified === 1 ? {} : { password_hash: null }) },
          now,
        );
        return admit(linked!, device);
      }
      refuseWhenClosed();
      try {
        return await admit(
          await users.insert(
            {
              email: identity.email,
              name: identity.name,
              picture: identity.picture,
              passwordHash: null,
              emailVerified: true,
              googleSub: identity.sub,
              approval: approval(),
            },
            now,
          ),
          device,
        );
      } catch (error) {
        // Two first sign-ins raced: the unique indexes decided; the winner's row is the account.
        const winner = await users.findByGoogleSub(identity.sub);
        if (winner) return admit(winner, device);
        throw error;
      }
    },

    async forgotPassword(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      const code = await codes.issue(user.id, 'reset', clock());
      sendLater(resetMail(user.email, code));
    },

    async resetPassword(email: string, code: string, newPassword: string): Promise<void> {
      // Only what the caller typed: the account's name would make the answer depend on the account.
      await acceptablePassword(newPassword, [email]);
      const user = await users.findByEmail(email);
      const passwordHash = await hashPassword(newPassword);
      const now = clock();
      await codes.redeem(user?.id, 'reset', code, now, async (tx) => {
        // Receiving the code by email proves the address, so a reset also verifies it.
        await tx
          .updateTable('users')
          .set({ password_hash: passwordHash, email_verified: 1, updated_at: now })
          .where('id', '=', user!.id)
          .execute();
        // product rules S2: a reset ends every session.
        await sessions.endAll(user!.id, tx);
      });
      sendLater(passwordChangedMail(user!.email, user!.name));
    },

    async updateProfile(userId: string, changes: { name: string; gender?: string }): Promise<PublicUser> {
      const updated = await users.update(userId, { name: changes.name, ...(changes.gender ? { gender: changes.gender } : {}) }, clock());
      if (!updated) throw new HttpError(401, serverError.notSignedIn);
      return toPublicUser(updated);
    },

    async setTheme(userId: string, theme: Theme): Promise<PublicUser> {
      const updated = await users.update(userId, { theme }, clock());
      if (!updated) throw new HttpError(401, serverError.notSignedIn);
      return toPublicUser(updated);
    },

    async changePassword(user: UserRow, keepTokenHash: string, currentPassword: string, newPassword: string): Promise<void> {
      if (!user.password_hash || !(await verifyPassword(user.password_hash, currentPassword))) {
        throw new HttpError(400, serverError.currentPasswordWrong);
      }
      if (samePassword(currentPassword, newPassword)) throw new HttpError(400, serverError.samePassword);
      await acceptablePassword(newPassword, [user.name, user.email]);
      const passwordHash = await hashPassword(newPassword);
      const now = clock();
      await db.kysely.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', user.id).execute();
        // product rules S2: a change ends every other session; this one stays.
        await sessions.endOthers(user.id, keepTokenHash, tx);
      });
      sendLater(passwordChangedMail(user.email, user.name));
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
