import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  SIGNUP_DAYS,
  type AdminHealth,
  type AdminOverviewResponse,
  type AdminUserDetailResponse,
  type AdminUsersResponse,
  type SignupsResponse,
} from '#src/shared/admin/paths.ts';
import type { AdminUsersQuery } from '#src/shared/admin/schemas.ts';
import { adminError } from '#src/shared/admin/messages.ts';
import { SESSION_TTL_MS } from '#src/shared/limits.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Config } from '#src/server/config.ts';
import type { Db } from '#src/server/db/connect.ts';
import { likePattern } from '#src/server/db/like-pattern.ts';
import type { SystemAlertsTable } from '#src/server/db/schema.ts';
import { deviceDescriber, type DescribeDevice } from '#src/server/account-security/devices.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { membershipsOf } from '#src/server/workspace-access/memberships.ts';
import { recentActivity } from './admin-audit.ts';
import { adminRole, toAdminUser } from './admin-user.ts';

const DAY_MS = 86_400_000;
const ALERT_LIMIT = 10;
const MAIL_CHECK_MS = 3000;

export interface AdminReadDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'betaApproval'>;
  // Messages waiting in the webhook/email outbox (product rules W4); null until the outbox exists.
  outboxBacklog?: () => Promise<number | null>;
}

const browserAndSystem = (describeDevice: DescribeDevice, userAgent: string) => {
  const { browser, os } = describeDevice(userAgent);
  return { browser, os };
};

const iso = (value: number | null | undefined) => (value === null || value === undefined ? null : new Date(Number(value)).toISOString());

function statusFilter(status: string | undefined): Expression<SqlBool> | null {
  if (status === 'suspended') return sql<SqlBool>`status = 'suspended'`;
  if (status === 'active') return sql<SqlBool>`status = 'active' and approval = 'approved'`;
  if (status === 'pending') return sql<SqlBool>`status = 'active' and approval = 'pending'`;
  if (status === 'declined') return sql<SqlBool>`status = 'active' and approval = 'declined'`;
  return null;
}

async function count(query: Promise<{ n: number | string | bigint } | undefined>): Promise<number> {
  return Number((await query)?.n ?? 0);
}

// What the admin panel shows (product rules A): the overview's figures, health and alerts, the
// accounts, one account's detail, sign-ups per day. Nothing here writes.
export function createAdminReads({ db, clock, mailer, config, outboxBacklog = async () => null }: AdminReadDeps) {
  const k = db.kysely;

  // The people the alerts name, read in one query.
  async function withPeople(alerts: Selectable<SystemAlertsTable>[]) {
    const ids = [...new Set(alerts.flatMap((alert) => (alert.user_id ? [alert.user_id] : [])))];
    const people = ids.length === 0 ? [] : await k.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    return alerts.map((alert) => ({ alert, person: people.find((one) => one.id === alert.user_id) ?? null }));
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

  return {
    async overview(): Promise<AdminOverviewResponse> {
      const describeDevice = await deviceDescriber();
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
          device: alert.user_agent ? browserAndSystem(describeDevice, alert.user_agent) : null,
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
