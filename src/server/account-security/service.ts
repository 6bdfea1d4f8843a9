import { securityError } from '#src/shared/account-security/messages.ts';
import type { SecurityOverview } from '#src/shared/account-security/paths.ts';
import type { ActiveSession } from '#src/server/accounts/sessions.ts';
import type { UserRow } from '#src/server/accounts/users.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import type { MailMessage } from '#src/server/mail/templates.ts';
import type { SecretBox } from '#src/server/security/secret-box.ts';
import { recentAccountEvents, writeAccountEvent } from './account-events.ts';
import { deleteAccount } from './deletion.ts';
import { listSessions } from './devices.ts';
import { announceAccessChange } from '#src/server/events/access-changes.ts';
import { accountDeletedMail, recoveryCodeUsedMail, sessionsEndedMail, twoFactorOffMail, twoFactorOnMail, wrongCodesMail } from './mails.ts';
import { createTwoFactor } from './two-factor.ts';

interface Log {
  error(obj: object, msg: string): void;
}

const RECENT_EVENTS = 10;

// Account security (product rules U): the rules live here; the routes parse, authenticate,
// confirm identity and answer.
export const WARN_AFTER_WRONG_CODES = 5;

export function createAccountSecurity({
  db,
  clock,
  mailer,
  log,
  box,
  appSecret,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Log;
  box: SecretBox;
  appSecret: string;
}) {
  const k = db.kysely;
  const twoFactor = createTwoFactor(db, clock, box, appSecret);

  // product rules U6: mailed after the change commits; a mail failure never undoes it.
  function tell(message: MailMessage) {
    mailer.send(message).catch((error: unknown) => log.error({ err: error, to: message.to }, 'email failed'));
  }

  return {
    twoFactor,

    async overview(session: ActiveSession): Promise<SecurityOverview> {
      const { user } = session;
      const [enabled, recoveryCodesLeft, sessions, events] = await Promise.all([
        twoFactor.isOn(user.id),
        twoFactor.recoveryCodesLeft(user.id),
        listSessions(k, user.id, session.sessionId, clock()),
        recentAccountEvents(k, user.id, RECENT_EVENTS),
      ]);
      return {
        twoFactor: { enabled, recoveryCodesLeft: enabled ? recoveryCodesLeft : 0 },
        signIn: { password: user.password_hash !== null, google: user.google_sub !== null },
        sessions,
        events,
      };
    },

    // Another account's session id is "not found", like one that never existed (product rules W6).
    async revokeSession(session: ActiveSession, id: string, ip: string | null): Promise<void> {
      const now = clock();
      await k.transaction().execute(async (tx) => {
        const ended = await tx.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', session.user.id).executeTakeFirst();
        if (Number(ended.numDeletedRows) !== 1) throw new HttpError(404, securityError.sessionNotFound);
        await announceAccessChange(tx, db.engine, [session.user.id]);
        await writeAccountEvent(tx, { userId: session.user.id, action: 'session.revoke', ip }, now);
      });
      tell(sessionsEndedMail(session.user.email, 1));
    },

    async revokeOthers(session: ActiveSession, ip: string | null): Promise<number> {
      const now = clock();
      const count = await k.transaction().execute(async (tx) => {
        const ended = await tx
          .deleteFrom('sessions')
          .where('user_id', '=', session.user.id)
          .where('token_hash', '!=', session.tokenHash)
          .executeTakeFirst();
        const n = Number(ended.numDeletedRows);
        await announceAccessChange(tx, db.engine, [session.user.id]);
        if (n > 0)
          await writeAccountEvent(tx, { userId: session.user.id, action: 'session.revoke-others', ip, details: { count: n } }, now);
        return n;
      });
      if (count > 0) tell(sessionsEndedMail(session.user.email, count));
      return count;
    },

    async confirmTwoFactor(user: UserRow, code: string, ip: string | null): Promise<string[]> {
      const codes = await twoFactor.confirm(user.id, code, ip);
      tell(twoFactorOnMail(user.email));
      return codes;
    },

    async disableTwoFactor(user: UserRow, code: string, ip: string | null): Promise<void> {
      await twoFactor.disable(user.id, code, ip);
      tell(twoFactorOffMail(user.email));
    },

    // The second step of a sign-in; the caller starts the session for the returned user.
    async completeSignIn(token: string, code: string, ip: string | null, findUser: (id: string) => Promise<UserRow | undefined>) {
      const { userId, result } = await twoFactor.completeSignIn(token, code, ip, async (owner, failuresToday) => {
        // Someone has the password and is guessing codes: the owner hears of it once a day's failures
        // reach this, and their Security tab lists each one.
        if (failuresToday !== WARN_AFTER_WRONG_CODES) return;
        const user = await findUser(owner);
        if (user) tell(wrongCodesMail(user.email, failuresToday));
      });
      const user = await findUser(userId);
      if (!user) throw new HttpError(400, securityError.secondStepExpired);
      if (result.kind === 'recovery') tell(recoveryCodeUsedMail(user.email, result.left));
      return user;
    },

    async deleteAccount(user: UserRow): Promise<void> {
      await k.transaction().execute(async (tx) => {
        await deleteAccount(tx, user.id, clock());
        await announceAccessChange(tx, db.engine, [user.id]);
      });
      tell(accountDeletedMail(user.email));
    },

    sweep: (now: number) => twoFactor.sweep(now),
  };
}

export type AccountSecurity = ReturnType<typeof createAccountSecurity>;
