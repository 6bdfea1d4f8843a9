import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  SIGNUP_DAYS,
  type AdminHealth,
  type AdminOverviewResponse,
  type AdminRole,
  type AdminStatus,
  type AdminUser,
  type AdminUserDetailResponse,
  type AdminUsersResponse,
  type SignupsResponse,
} from '#src/shared/admin/paths.ts';
import { type AdminUsersQuery } from '#src/shared/admin/schemas.ts';
import { adminError } from '#src/shared/admin/messages.ts';
import { isAdmin } from '#src/shared/accounts/user.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Config } from '#src/server/config.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database, SystemAlertsTable } from '#src/server/db/schema.ts';
import { describeDevice } from '#src/server/account-security/devices.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { betaApprovedMail, betaInvitationMail, type MailMessage } from '#src/server/mail/templates.ts';
import type { UserRow } from '#src/server/accounts/users.ts';
import { membershipsOf } from '#src/server/workspace-access/memberships.ts';
import { announceAccessChange } from '#src/server/events/access-changes.ts';
import { SESSION_TTL_MS } from '#src/shared/limits.ts';
import { recentActivity, writeAdminAudit, type AdminAction, type AdminActor } from './admin-audit.ts';

const DAY_MS = 86_400_000;
const ALERT_LIMIT = 10;
const MAIL_CHECK_MS = 3000;

interface Log {
  error(obj: object, msg: string): void;
}

export interface AdminDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'betaApproval'>;
  log: Log;
  // Messages waiting in the webhook/email outbox (product rules W4); null until the outbox exists.
  outboxBacklog?: () => Promise<number | null>;
}

// spec 6: admin means the role contains 'admin'; the same test in SQL.
const adminRole = sql<SqlBool>`lower(role) like '%admin%'`;

// A search is data, never pattern: the LIKE wildcards and the escape character match themselves.
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function statusOf(row: Pick<UserRow, 'status' | 'approval'>): AdminStatus {
  if (row.status === 'suspended') return 'Suspended';
  if (row.approval === 'declined') return 'Declined';
  if (row.approval === 'pending') return 'Pending';
  return 'Active';
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: isAdmin(row) ? 'admin' : 'user',
    status: statusOf(row),
    emailVerified: row.email_verified === 1,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

const browserAndSystem = (userAgent: string) => {
  const { browser, os } = describeDevice(userAgent);
  return { browser, os };
};

const iso = (value: number | null | undefined) => (value === null || value === undefined ? null : new Date(Number(value)).toISOString());

// The admin panel (product rules A). Every rule lives here; the routes check the role, parse
// and answer. Each change runs in one transaction with its audit row.
export function createAdmin({ db, clock, mailer, config, log, outboxBacklog = async () => null }: AdminDeps) {
  const k = db.kysely;

  // The people the alerts name, read in one query.
  async function withPeople(alerts: Selectable<SystemAlertsTable>[]) {
    const ids = [...new Set(alerts.flatMap((alert) => (alert.user_id ? [alert.user_id] : [])))];
    const people = ids.length === 0 ? [] : await k.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    return alerts.map((alert) => ({ alert, person: people.find((one) => one.id === alert.user_id) ?? null }));
  }

  function statusFilter(status: string | undefined): Expression<SqlBool> | null {
    if (status === 'suspended') return sql<SqlBool>`status = 'suspended'`;
    if (status === 'active') return sql<SqlBool>`status = 'active' and approval = 'approved'`;
    if (status === 'pending') return sql<SqlBool>`status = 'active' and approval = 'pending'`;
    if (status === 'declined') return sql<SqlBool>`status = 'active' and approval = 'declined'`;
    return null;
  }

  async function health(): Promise<AdminHealth> {
    const database = await k
      .selectFrom('users')
      .select('id')
      .limit(1)
      .execute()
      .then(
        () => true,
        () => false,
      );
    let mailReachable: boolean | null = null;
    // Only an SMTP mailer can be asked; the console mailer (SMTP_URL unset) prints to the log.
    if (mailer.verify) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), MAIL_CHECK_MS)));
      mailReachable = await Promise.race([mailer.verify(), timeout]);
      clearTimeout(timer);
    }
    return { database, mailTransport: mailer.verify ? 'smtp' : 'console', mailReachable, outboxBacklog: await outboxBacklog() };
  }

  async function count(query: Promise<{ n: number | string | bigint } | undefined>): Promise<number> {
    return Number((await query)?.n ?? 0);
  }

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
    async overview(): Promise<AdminOverviewResponse> {
      const now = clock();
      const [totalUsers, newThisWeek, pendingApplications, activeSessions, alerts, activity, systemHealth] = await Promise.all([
        count(
          k
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
        count(
          k
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('created_at', '>=', now - 7 * DAY_MS)
            .executeTakeFirst(),
        ),
        count(
          k
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('approval', '=', 'pending')
            .where('status', '=', 'active')
            .where('email_verified', '=', 1)
            .executeTakeFirst(),
        ),
        count(
          k
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('expires_at', '>', now)
            .executeTakeFirst(),
        ),
        k
          .selectFrom('system_alerts')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(ALERT_LIMIT)
          .execute()
          .then(withPeople),
        recentActivity(k),
        health(),
      ]);
      return {
        stats: { totalUsers, newThisWeek, pendingApplications, activeSessions, revenue: { sample: true }, health: systemHealth },
        betaApproval: config.betaApproval,
        alerts: alerts.map(({ alert, person }) => ({
          id: alert.id,
          type: alert.type,
          severity: alert.severity,
          message: alert.message,
          at: new Date(Number(alert.created_at)).toISOString(),
          person: person ? toAdminUser(person) : null,
          device: alert.user_agent ? browserAndSystem(alert.user_agent) : null,
        })),
        activity,
      };
    },

    // Newest first, then by id: a stable order, so no account shows twice or goes missing across pages.
    async users(query: AdminUsersQuery): Promise<AdminUsersResponse> {
      const page = query.page ?? 1;
      const filters: Array<Expression<SqlBool>> = [];
      if (query.q) {
        const pattern = likePattern(query.q);
        filters.push(sql<SqlBool>`(lower(name) like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\')`);
      }
      if (query.role === 'admin') filters.push(adminRole);
      if (query.role === 'user') filters.push(sql<SqlBool>`not (${adminRole})`);
      const byStatus = statusFilter(query.status);
      if (byStatus) filters.push(byStatus);
      const filtered = k.selectFrom('users').where((eb) => eb.and(filters));
      const [rows, total] = await Promise.all([
        filtered
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE)
          .execute(),
        count(filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      ]);
      return { users: rows.map(toAdminUser), total, page, pageSize: ADMIN_PAGE_SIZE };
    },

    async user(id: string): Promise<AdminUserDetailResponse> {
      const row = await k.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new HttpError(404, adminError.userNotFound);
      const now = clock();
      const [workspaces, sessions, activity] = await Promise.all([
        membershipsOf(k, id).select(['w.id', 'w.name', 'm.role', 'm.joined_at']).orderBy('m.joined_at', 'desc').limit(50).execute(),
        k
          .selectFrom('sessions')
          .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('created_at').as('newest'), eb.fn.max('expires_at').as('latest')])
          .where('user_id', '=', id)
          .where('expires_at', '>', now)
          .executeTakeFirst(),
        recentActivity(k, id),
      ]);
      const latest = sessions?.latest === null || sessions?.latest === undefined ? null : Number(sessions.latest);
      return {
        user: toAdminUser(row),
        workspaces: workspaces.map((w) => ({
          id: w.id,
          name: w.name,
          role: w.role,
          joinedAt: new Date(Number(w.joined_at)).toISOString(),
        })),
        sessions: {
          count: Number(sessions?.n ?? 0),
          newestAt: iso(sessions?.newest as number | null | undefined),
          // product rules S2: a session's expiry slides at most daily, so this is the last use to within a day.
          lastActiveAt: latest === null ? null : iso(latest - SESSION_TTL_MS),
        },
        activity,
      };
    },

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

    // Quick Actions' View Analytics: accounts made per UTC day, the last SIGNUP_DAYS days, empty days included.
    async signups(): Promise<SignupsResponse> {
      const today = Math.floor(clock() / DAY_MS);
      const first = today - (SIGNUP_DAYS - 1);
      const rows = await k
        .selectFrom('users')
        .select([sql<number>`created_at / ${sql.lit(DAY_MS)}`.as('day'), (eb) => eb.fn.countAll().as('n')])
        .where('created_at', '>=', first * DAY_MS)
        .groupBy(sql`created_at / ${sql.lit(DAY_MS)}`)
        .execute();
      const byDay = new Map(rows.map((row) => [Math.floor(Number(row.day)), Number(row.n)]));
      return {
        days: Array.from({ length: SIGNUP_DAYS }, (_, index) => ({
          date: new Date((first + index) * DAY_MS).toISOString().slice(0, 10),
          count: byDay.get(first + index) ?? 0,
        })),
      };
    },
  };
}

export type Admin = ReturnType<typeof createAdmin>;
