import { sql } from 'kysely';
import type { Db } from '#src/server/db/connect.ts';
import { prepareQuery, type Slot } from '#src/server/db/prepared-query.ts';
import type { Clock } from '#src/server/clock.ts';
import { serverError } from '#src/shared/messages.ts';
import { HttpError } from './errors.ts';
import { clientKey } from './client-key.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

interface Limits {
  ip: Limit;
  account: Limit;
  // Counted per account and address together: the hard stop for guessing one account's password, which
  // only locks out the address that guesses, not the owner elsewhere (issue 13).
  accountFromIp?: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// product rules S6: per IP and per account on every endpoint that guesses or sends mail.
export const limits = {
  // Ten wrong passwords stop one address for 15 minutes; the per-account ceiling across all addresses
  // is ten times that, so only a spread-out attack reaches it.
  login: {
    ip: { max: 30, windowMs: 15 * MINUTE },
    accountFromIp: { max: 10, windowMs: 15 * MINUTE },
    account: { max: 100, windowMs: 15 * MINUTE },
  },
  register: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  verify: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  resend: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  forgot: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  reset: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  changePassword: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  // Issue 20 (product rules U2): two-factor codes, counted per account like passwords; a code has only a
  // million values, so the account's ceiling is far lower than login's.
  secondFactor: {
    ip: { max: 30, windowMs: 15 * MINUTE },
    accountFromIp: { max: 10, windowMs: 15 * MINUTE },
    account: { max: 30, windowMs: 15 * MINUTE },
  },
} satisfies Record<string, Limits>;

export type LimitName = keyof typeof limits;

type Counters = { now: number } & Record<`key${number}`, string> & Record<`resetAt${number}`, number>;
const MOST_COUNTERS = 3;

// Sending invitations (issue 15): each sends an email to an address of the sender's choosing, so it is
// counted per inviting user and per workspace: neither one owner across many workspaces nor many owners
// of one workspace can turn it into a mail cannon.
export const invitationLimits = {
  user: { max: 20, windowMs: HOUR },
  workspace: { max: 50, windowMs: 24 * HOUR },
} satisfies Record<string, Limit>;

// Issue 17 (spec 9; product rules K4): the public API allows 1000 requests an hour per key. A request
// without a valid key is counted per address instead, so guessing keys or hammering with a dead one stops.
export const publicApiLimits = {
  key: { max: 1000, windowMs: HOUR },
  badKey: { max: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

// Where a counter stands after this request: what the X-RateLimit-* headers tell the client.
export interface Quota {
  limit: number;
  remaining: number;
  // Epoch ms when the window ends.
  resetAt: number;
  // Set once the request is past the limit: seconds until the window ends.
  retryAfterS: number | null;
}

// Counter keys read `<limit>:<scope>:<value>`: `login:ip:203.0.113.5`, `login:account:a@example.com`,
// `invite:user:<user id>`, `invite:workspace:<workspace id>`; `api-key:<key id>`, `api-badKey:<address>`.
// Counters live in the database, so every instance on one PostgreSQL shares them. All counters of a
// request move in one atomic upsert: one commit, and a burst from many connections cannot slip past
// the maximum.
// Issue 19: a counter refused this many times within its window raises one System Alert (product rules A4).
export const REPEATED_REFUSALS = 10;

export function createRateLimiter(db: Db, clock: Clock, multiplier: number, onRepeatedRefusal: (key: string) => void = () => undefined) {
  // One upsert per number of counters (an IP alone, with an account, with an account from that IP), prepared once.
  const upserts = Array.from({ length: MOST_COUNTERS }, (_, size) =>
    prepareQuery((slot: Slot<Counters>) =>
      db.kysely
        .insertInto('rate_limits')
        .values(Array.from({ length: size + 1 }, (_, index) => ({ key: slot(`key${index}`), count: 1, reset_at: slot(`resetAt${index}`) })))
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql`CASE WHEN rate_limits.reset_at <= ${slot('now')} THEN 1 ELSE rate_limits.count + 1 END`,
            reset_at: sql`CASE WHEN rate_limits.reset_at <= ${slot('now')} THEN excluded.reset_at ELSE rate_limits.reset_at END`,
          }),
        )
        .returning(['key', 'count', 'reset_at']),
    ),
  );

  const allowed = (limit: Limit) => Math.max(1, Math.floor(limit.max * multiplier));

  async function count(entries: Array<{ key: string; limit: Limit }>, now: number) {
    const values: Counters = { now };
    entries.forEach(({ key, limit }, index) => {
      values[`key${index}`] = key;
      values[`resetAt${index}`] = now + limit.windowMs;
    });
    return db.writeUnflushed(upserts[entries.length - 1]!, values);
  }

  async function hit(entries: Array<{ key: string; limit: Limit }>): Promise<void> {
    const now = clock();
    const rows = await count(entries, now);
    let waitMs = 0;
    for (const row of rows) {
      const { limit } = entries.find((entry) => entry.key === row.key)!;
      const max = allowed(limit);
      if (Number(row.count) > max) waitMs = Math.max(waitMs, Number(row.reset_at) - now);
      // The count moves in one atomic upsert, so exactly one request sees this number, on any instance.
      if (Number(row.count) === max + REPEATED_REFUSALS) onRepeatedRefusal(row.key);
    }
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new HttpError(429, serverError.tooMany(seconds), { 'Retry-After': String(seconds) });
    }
  }

  return {
    check(name: LimitName, ip: string, account?: string): Promise<void> {
      const rule: Limits = limits[name];
      const client = clientKey(ip);
      const entries = [{ key: `${name}:ip:${client}`, limit: rule.ip }];
      if (account) {
        entries.push({ key: `${name}:account:${account}`, limit: rule.account });
        if (rule.accountFromIp) entries.push({ key: `${name}:account-ip:${account}:${client}`, limit: rule.accountFromIp });
      }
      return hit(entries);
    },
    checkInvitation(userId: string, workspaceId: string): Promise<void> {
      return hit([
        { key: `invite:user:${userId}`, limit: invitationLimits.user },
        { key: `invite:workspace:${workspaceId}`, limit: invitationLimits.workspace },
      ]);
    },
    // Counts one request of the public API against a key (`key`, by key id) or an address (`badKey`).
    async quota(name: keyof typeof publicApiLimits, value: string): Promise<Quota> {
      const now = clock();
      const limit = publicApiLimits[name];
      const [row] = await count([{ key: `api-${name}:${name === 'badKey' ? clientKey(value) : value}`, limit }], now);
      const max = allowed(limit);
      const used = Number(row!.count);
      const resetAt = Number(row!.reset_at);
      return {
        limit: max,
        remaining: Math.max(0, max - used),
        resetAt,
        retryAfterS: used > max ? Math.max(1, Math.ceil((resetAt - now) / 1000)) : null,
      };
    },
    async sweep(): Promise<void> {
      await db.kysely.deleteFrom('rate_limits').where('reset_at', '<=', clock()).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
