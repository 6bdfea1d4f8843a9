import type { Kysely } from 'kysely';
import type { AdminRole, AdminUser } from '#src/shared/admin/paths.ts';
import { adminError } from '#src/shared/admin/messages.ts';
import { isAdmin } from '#src/shared/accounts/user.ts';
import type { UserRow } from '#src/server/accounts/users.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { announceAccessChange } from '#src/server/events/access-changes.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { betaApprovedMail, betaInvitationMail, type MailMessage } from '#src/server/mail/templates.ts';
import { writeAdminAudit, type AdminAction, type AdminActor } from './admin-audit.ts';
import { adminRole, toAdminUser } from './admin-user.ts';

interface Log {
  error(obj: object, msg: string): void;
}

export interface AdminChangeDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Log;
}

// What an admin changes (product rules A2, A3, A5): roles, suspension, approval, beta invitations.
// Each change runs in one transaction with its audit row.
export function createAdminChanges({ db, clock, mailer, log }: AdminChangeDeps) {
  const k = db.kysely;

  // Mail leaves after the commit; a failure is logged and the change stands (the outbox of product
  // rules W4 will make it durable).
  async function send(message: MailMessage): Promise<void> {
    await mailer.send(message).catch((error: unknown) => log.error({ err: error, to: message.to }, 'email failed'));
  }

  // One change to one account, in a transaction. The no-op update locks every admin row and the
  // target's (row locks on PostgreSQL, the write lock on SQLite), so two admins demoting each other
  // run one after the other and the second sees the first's result. The actor must still be an
  // active admin under that lock, and is never the target: so a change always leaves the actor an
  // admin, and the last admin can never be demoted or suspended (product rules A2).
  async function change(
    actor: AdminActor,
    targetId: string,
    action: AdminAction,
    apply: (tx: Kysely<Database>, target: UserRow, now: number) => Promise<Record<string, unknown> | null>,
  ): Promise<AdminUser> {
    if (actor.user.id === targetId) throw new HttpError(403, adminError.notYourself);
    const now = clock();
    return k.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set((eb) => ({ role: eb.ref('role') }))
        .where((eb) => eb.or([adminRole, eb('id', '=', targetId)]))
        .execute();
      const me = await tx.selectFrom('users').select(['role', 'status']).where('id', '=', actor.user.id).executeTakeFirst();
      if (!me || !isAdmin(me) || me.status !== 'active') throw new HttpError(404, adminError.userNotFound);
      const target = await tx.selectFrom('users').selectAll().where('id', '=', targetId).executeTakeFirst();
      if (!target) throw new HttpError(404, adminError.userNotFound);
      const details = await apply(tx, target, now);
      // null: nothing changed, so nothing to record.
      if (details) await writeAdminAudit(tx, actor, { action, target: target.id, details }, now);
      const after = await tx.selectFrom('users').selectAll().where('id', '=', targetId).executeTakeFirstOrThrow();
      return toAdminUser(after);
    });
  }

  const setUser = (tx: Kysely<Database>, id: string, changes: Partial<Pick<UserRow, 'role' | 'status' | 'approval'>>, now: number) =>
    tx
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();

  return {
    changeRole: (actor: AdminActor, id: string, role: AdminRole) =>
      change(actor, id, 'user.role', async (tx, target, now) => {
        const current: AdminRole = isAdmin(target) ? 'admin' : 'user';
        if (current === role) return null;
        await setUser(tx, id, { role }, now);
        return { role, from: current };
      }),

    // product rules A2: the sessions end in the same transaction; the next request of any browser of
    // theirs, on any instance, finds none (the session memo follows Db.changeVersion).
    suspend: (actor: AdminActor, id: string) =>
      change(actor, id, 'user.suspend', async (tx, target, now) => {
        if (target.status === 'suspended') return null;
        await setUser(tx, id, { status: 'suspended' }, now);
        const ended = await tx.deleteFrom('sessions').where('user_id', '=', id).executeTakeFirst();
        await announceAccessChange(tx, db.engine, [id]);
        return { sessionsEnded: Number(ended.numDeletedRows) };
      }),

    reactivate: (actor: AdminActor, id: string) =>
      change(actor, id, 'user.reactivate', async (tx, target, now) => {
        if (target.status === 'active') return null;
        await setUser(tx, id, { status: 'active' }, now);
        return {};
      }),

    // product rules A3: approving emails the applicant a way in; a declined applicant may be approved later.
    async approve(actor: AdminActor, id: string, origin: string): Promise<AdminUser> {
      const mails: MailMessage[] = [];
      const user = await change(actor, id, 'user.approve', async (tx, target, now) => {
        if (target.approval === 'approved') throw new HttpError(409, adminError.notPending);
        await setUser(tx, id, { approval: 'approved' }, now);
        mails.push(betaApprovedMail(target.email, target.name, `${origin}/login`));
        return { from: target.approval };
      });
      await Promise.all(mails.map(send));
      return user;
    },

    decline: (actor: AdminActor, id: string) =>
      change(actor, id, 'user.decline', async (tx, target, now) => {
        if (target.approval !== 'pending') throw new HttpError(409, adminError.notPending);
        await setUser(tx, id, { approval: 'declined' }, now);
        await tx.deleteFrom('sessions').where('user_id', '=', id).execute();
        await announceAccessChange(tx, db.engine, [id]);
        return {};
      }),

    // product rules A5: Quick Actions' Add New User invites an address to register.
    async invite(actor: AdminActor, email: string, origin: string): Promise<void> {
      await k.transaction().execute((tx) => writeAdminAudit(tx, actor, { action: 'beta.invite', target: email }, clock()));
      await send(betaInvitationMail(email, actor.user.name, `${origin}/register`));
    },
  };
}
