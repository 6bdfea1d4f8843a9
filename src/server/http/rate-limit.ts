import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '#src/server/db/connect.ts';
import { groupCommit } from '#src/server/db/group-commit.ts';
import { prepareQuery, type PreparedQuery, type Slot } from '#src/server/db/prepared-query.ts';
import type { Clock } from '#src/server/clock.ts';
import { serverError } from '#src/shared/server-messages.ts';
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
  // only locks out the address that guesses, not the owner elsewhere.
  accountFromIp?: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
  // A click in the account menu; generous, but a script cannot write the row without end.
  theme: { ip: { max: 120, windowMs: 15 * MINUTE }, account: { max: 60, windowMs: 15 * MINUTE } },
  changePassword: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  // A passkey sign-in's challenge: a row that lives five minutes, asked for each time the dialog opens.
  passkeyOptions: { ip: { max: 120, windowMs: 15 * MINUTE }, account: { max: 120, windowMs: 15 * MINUTE } },
  // Two-factor codes, counted per account like passwords; a code has only a
  // million values, so the account's ceiling is far lower than login's.
  // The one-click unsubscribe needs no session; its token is guessed only this often per address.
  unsubscribe: { ip: { max: 60, windowMs: 15 * MINUTE }, account: { max: 60, windowMs: 15 * MINUTE } },
  secondFactor: {
    ip: { max: 30, windowMs: 15 * MINUTE },
    accountFromIp: { max: 10, windowMs: 15 * MINUTE },
    account: { max: 30, windowMs: 15 * MINUTE },
  },
  // And a daily ceiling: 30 every 15 minutes would allow 2,880 guesses a day; this allows 60, so
  // someone who has the password needs years, not weeks, to guess a code.
  secondFactorDaily: { ip: { max: 200, windowMs: DAY }, account: { max: 60, windowMs: DAY } },
} satisfies Record<string, Limits>;

export type LimitName = keyof typeof limits;

type Counters = { now: number } & Record<`key${number}`, string> & Record<`by${number}`, number> & Record<`resetAt${number}`, number>;
interface CounterRow {
  key: string;
  count: number | string;
  reset_at: number | string;
}
// `leased`: the counter may hand this instance spare numbers to give out without the database (a lease).
type Entry = { key: string; limit: Limit; leased?: boolean };
// Bounds a statement's parameters (three per counter) and the number of statement texts each database
// connection keeps prepared.
const MOST_COUNTERS_PER_STATEMENT = 32;

// Sending invitations: each sends an email to an address of the sender's choosing, so it is
// counted per inviting user and per workspace: neither one owner across many workspaces nor many owners
// of one workspace can turn it into a mail cannon.
export const invitationLimits = {
  user: { max: 20, windowMs: HOUR },
  workspace: { max: 50, windowMs: 24 * HOUR },
} satisfies Record<string, Limit>;

// AI task creation: a proposal may cost a model request (or a parse of up to 20,000 characters), so it
// is counted tighter than other writes, per person and per workspace.
export const proposalLimits = {
  person: { max: 60, windowMs: HOUR },
  workspace: { max: 300, windowMs: HOUR },
} satisfies Record<string, Limit>;

// The public API allows 1000 requests an hour per key. A request
// without a valid key is counted per address instead, so guessing keys or hammering with a dead one stops.
export const publicApiLimits = {
  key: { max: 1000, windowMs: HOUR },
  // All keys of one workspace together: more keys do not buy more of the server.
  workspace: { max: 5000, windowMs: HOUR },
  badKey: { max: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

// Everyday writes of a signed-in person or an API key (every change of a board, marking notifications
// read, following tasks, preferences): counted per person and per workspace under each write's name, so
// neither one person nor one workspace floods the database. A person moving cards all day stays far
// below 40 a minute; the flood that starved other workspaces made 11,719 tasks in a minute.
export const writeLimits = {
  person: { max: 600, windowMs: 15 * MINUTE },
  workspace: { max: 3000, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

// Reads that cost the database more than a page of tasks, counted per person (and per
// workspace where one is named): typing in the search box asks once per pause, so a person stays far
// below these; a script looping on them does not.
export const personLimits = {
  search: { person: { max: 300, windowMs: MINUTE } },
  analytics: { person: { max: 60, windowMs: MINUTE }, workspace: { max: 300, windowMs: MINUTE } },
  calendarFeedSecret: { person: { max: 10, windowMs: HOUR } },
  // A full copy of someone's data is large to make; a person needs it rarely.
  accountExport: { person: { max: 5, windowMs: HOUR } },
  // A webhook test or resend: one outgoing request each.
  webhookSend: { person: { max: 30, windowMs: 15 * MINUTE }, workspace: { max: 100, windowMs: 15 * MINUTE } },
  // An email campaign: many emails each (bounded apart by the workspace's daily cap).
  campaign: { person: { max: 20, windowMs: HOUR }, workspace: { max: 50, windowMs: HOUR } },
  // A new workspace: a team makes a few; a script making thousands fills the database for nobody.
  workspaceCreate: { person: { max: 20, windowMs: HOUR } },
  // A backup copies the whole database to disk: per admin, and for all admins together ('system').
  backup: { person: { max: 12, windowMs: HOUR }, workspace: { max: 48, windowMs: 24 * HOUR } },
  // A Slack export upload: up to 50 MB read, unpacked and checked in full for its preview.
  slackImport: { person: { max: 10, windowMs: HOUR }, workspace: { max: 20, windowMs: HOUR } },
  // An image put into a docs page: up to 5 MB each.
  docImage: { person: { max: 60, windowMs: HOUR }, workspace: { max: 300, windowMs: HOUR } },
} satisfies Record<string, { person: Limit; workspace?: Limit }>;

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
// Counters live in the database (on SQLite, in a file of its own beside it: Db.counters), so every
// instance on one database shares them. Every counter moves in an atomic upsert, so a burst from many
// connections cannot slip past the maximum.
// A counter refused this many times within its window raises one System Alert (product rules A4).
export const REPEATED_REFUSALS = 10;
// Bounds the memory of refused counters; past it, the memory starts again empty.
const REMEMBERED_REFUSALS = 10_000;
// A lease: numbers of a counter's window that this instance took from the shared count beyond the requests
// that asked, and hands out itself, in order, until they run out or the window ends. The public API counts
// every request; under a flood, taking numbers a batch at a time turns a write per turn of the event loop
// into one per lease, and on PostgreSQL leaves the snapshot still, so the requests' reads stay remembered
// (decision 048). Only a busy counter gets one (counted on this instance within the last 100 ms), and never
// more than a 64th of what it had left at its last count: a small allowance, or one near its end, gets
// none, so every count is exact there, and numbers one instance holds unused when another reaches the
// limit are that 64th at most. A lease of 4,096 (256 before) only matters to an allowance past 16,384;
// at 35,000 requests a second, 256 meant a write every 7 ms, 3 % of the request's CPU.
const BUSY_WITHIN_MS = 100;
const MOST_SPARE = 4096;
const SPARE_SHARE_OF_LEFT = 64;
const REMEMBERED_LEASES = 10_000;
interface Lease {
  // The numbers held, next to last (none once next is past last), in the window ending at resetAt.
  next: number;
  last: number;
  resetAt: number;
  // The shared count at this instance's last write to it, and when that was.
  count: number;
  at: number;
}
// A caller who keeps going past a limit gets each further refusal this much later. Twenty connections
// hammering a refused write made 2,500 refusals a second, and even a refusal from memory costs a
// request's parsing and a response: on one event loop that slowed every other workspace. Held back,
// the same connections send 40 a second. The wait holds a socket and a timer, no database work.
const HAMMERING_DELAY_MS = 500;

export function createRateLimiter(
  db: Db,
  clock: Clock,
  multiplier: () => number,
  onRepeatedRefusal: (key: string) => void = () => undefined,
) {
  const { kysely, writeUnflushed } = db.counters;
  // One upsert per number of counters it moves, prepared when first needed: each counter rises by how many
  // counts of the batch named it, its window starting again when the last one has ended.
  const upserts = new Map<number, PreparedQuery<CounterRow, Counters>>();
  const upsertOf = (size: number) => {
    let upsert = upserts.get(size);
    if (!upsert) {
      upsert = prepareQuery((slot: Slot<Counters>) =>
        kysely
          .insertInto('rate_limits')
          .values(
            Array.from({ length: size }, (_, index) => ({
              key: slot(`key${index}`),
              count: slot(`by${index}`),
              reset_at: slot(`resetAt${index}`),
            })),
          )
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet({
              count: sql`CASE WHEN rate_limits.reset_at <= ${slot('now')} THEN excluded.count ELSE rate_limits.count + excluded.count END`,
              reset_at: sql`CASE WHEN rate_limits.reset_at <= ${slot('now')} THEN excluded.reset_at ELSE rate_limits.reset_at END`,
            }),
          )
          .returning(['key', 'count', 'reset_at']),
      );
      upserts.set(size, upsert);
    }
    return upsert;
  };

  // Counts asked for in one turn of the event loop reach the database together, one row per counter
  // with how far it rises: /api/v1 counts every request against its key and workspace, and a statement
  // per request cost more than the rest of the request (on PostgreSQL, a round trip each). One atomic
  // upsert moves a counter by the whole batch, so the batch's counts are consecutive numbers in the
  // shared count, on any instance; each request gets its own, in the order asked, as if it had counted
  // alone.
  const count = groupCommit(async (requests: Entry[][]): Promise<CounterRow[][]> => {
    const now = clock();
    const rises = new Map<string, { by: number; windowMs: number; leased: boolean; spare: number }>();
    for (const entries of requests) {
      for (const { key, limit, leased = false } of entries) {
        const rise = rises.get(key);
        if (rise) rise.by += 1;
        else rises.set(key, { by: 1, windowMs: limit.windowMs, leased, spare: leased ? spareFor(key, limit, now) : 0 });
      }
    }
    const reached = new Map<string, CounterRow>();
    const keys = [...rises.keys()];
    for (let start = 0; start < keys.length; start += MOST_COUNTERS_PER_STATEMENT) {
      const chunk = keys.slice(start, start + MOST_COUNTERS_PER_STATEMENT);
      const values: Counters = { now };
      chunk.forEach((key, index) => {
        const { by, windowMs, spare } = rises.get(key)!;
        values[`key${index}`] = key;
        values[`by${index}`] = by + spare;
        values[`resetAt${index}`] = now + windowMs;
      });
      for (const row of await writeUnflushed(upsertOf(chunk.length), values)) reached.set(row.key, row);
    }
    // The batch's numbers are the last `by + spare` of the count: its requests take the first ones in
    // the order asked, a new lease the rest. A lease that still holds numbers of this window keeps them.
    for (const [key, { leased, spare }] of rises) {
      if (!leased) continue;
      const row = reached.get(key)!;
      const count = Number(row.count);
      const resetAt = Number(row.reset_at);
      const lease = leases.get(key);
      if (spare === 0 && lease && lease.resetAt === resetAt && lease.next <= lease.last) {
        Object.assign(lease, { count, at: now });
        continue;
      }
      if (leases.size >= REMEMBERED_LEASES) leases.clear();
      leases.set(key, { next: count - spare + 1, last: count, resetAt, count, at: now });
    }
    const handedOut = new Map<string, number>();
    return requests.map((entries) =>
      entries.map(({ key }) => {
        const row = reached.get(key)!;
        const { by, spare } = rises.get(key)!;
        const next = (handedOut.get(key) ?? Number(row.count) - by - spare) + 1;
        handedOut.set(key, next);
        return { key, count: next, reset_at: row.reset_at };
      }),
    );
  });

  const leases = new Map<string, Lease>();
  // As many spare numbers as the counter's last count leaves room for: none for a counter this instance has
  // not counted lately in this window, nor for one near its limit, nor while its lease still holds some.
  function spareFor(key: string, limit: Limit, now: number): number {
    const lease = leases.get(key);
    if (!lease || lease.resetAt <= now || now - lease.at > BUSY_WITHIN_MS || lease.next <= lease.last) return 0;
    return Math.max(0, Math.min(MOST_SPARE, Math.floor((allowed(limit) - lease.count) / SPARE_SHARE_OF_LEFT)));
  }
  // A number from each counter's lease when every one of them holds one still in its window; else none
  // is taken, and the request counts through the database.
  function fromLeases(entries: Entry[], now: number): Quota | null {
    for (const { key } of entries) {
      const lease = leases.get(key);
      if (!lease || lease.next > lease.last || lease.resetAt <= now) return null;
    }
    let tightest: Quota | null = null;
    for (const { key, limit } of entries) {
      const lease = leases.get(key)!;
      tightest = tighterOf(tightest, quotaAt(limit, lease.next++, lease.resetAt, now));
    }
    return tightest;
  }

  // Asked at each count: System Settings may change it while the server runs.
  const allowed = (limit: Limit) => Math.max(1, Math.floor(limit.max * multiplier()));

  // Counters this process saw past their limit, until their window ends: a caller hammering past a limit
  // is refused from memory, without a database write per request (a flood of 2,400 refused writes a
  // second otherwise slowed every other workspace). The shared count only rises within a window, so a
  // refusal remembered here is one the database would give too.
  const refusedUntil = new Map<string, { max: number; resetAt: number }>();
  function remembered(entries: Array<{ key: string }>, now: number) {
    for (const { key } of entries) {
      const refused = refusedUntil.get(key);
      if (!refused) continue;
      if (refused.resetAt > now) return refused;
      refusedUntil.delete(key);
    }
    return null;
  }
  // Past a limit: 429 with the refusing counter's X-RateLimit-* headers and when to try again (the
  // longest wait when several refuse).
  const tooMany = (refused: { max: number; resetAt: number }, now: number) => {
    const seconds = Math.max(1, Math.ceil((refused.resetAt - now) / 1000));
    return new HttpError(429, serverError.tooMany(seconds), {
      'Retry-After': String(seconds),
      'X-RateLimit-Limit': String(refused.max),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil(refused.resetAt / 1000)),
    });
  };

  async function hit(entries: Entry[]): Promise<void> {
    const now = clock();
    const known = remembered(entries, now);
    if (known) {
      await sleep(HAMMERING_DELAY_MS);
      throw tooMany(known, now);
    }
    const rows = await count(entries);
    let refused: { max: number; resetAt: number } | null = null;
    for (const row of rows) {
      const { limit } = entries.find((entry) => entry.key === row.key)!;
      const max = allowed(limit);
      const resetAt = Number(row.reset_at);
      if (Number(row.count) > max && (!refused || resetAt > refused.resetAt)) refused = { max, resetAt };
      // Remembered once past the count that raises its alert, so the alert still fires.
      if (Number(row.count) >= max + REPEATED_REFUSALS) {
        if (refusedUntil.size >= REMEMBERED_REFUSALS) refusedUntil.clear();
        refusedUntil.set(row.key, { max, resetAt });
      }
      // The count moves in one atomic upsert, so exactly one request sees this number, on any instance.
      if (Number(row.count) === max + REPEATED_REFUSALS) onRepeatedRefusal(row.key);
    }
    if (refused) throw tooMany(refused, now);
  }

  // Refused by either: the one that waits longest; else the one with least left. In one pass, as every
  // request of the public API asks it.
  const tighterThan = (a: Quota, b: Quota) =>
    a.retryAfterS !== null ? b.retryAfterS === null || a.resetAt > b.resetAt : b.retryAfterS === null && a.remaining < b.remaining;
  function quotaAt(limit: Limit, used: number, resetAt: number, now: number): Quota {
    const max = allowed(limit);
    return {
      limit: max,
      remaining: Math.max(0, max - used),
      resetAt,
      retryAfterS: used > max ? Math.max(1, Math.ceil((resetAt - now) / 1000)) : null,
    };
  }
  const tighterOf = (tightest: Quota | null, quota: Quota) => (!tightest || tighterThan(quota, tightest) ? quota : tightest);
  // Where the tighter of the entries stands after this request's count. From the leases when they hold
  // numbers, synchronously: under a flood that is nearly every request, and a promise and a turn of the
  // microtask queue were a tenth of what the limit cost it.
  function tighter(now: number, entries: Entry[]): Quota | Promise<Quota> {
    return (
      fromLeases(entries, now) ??
      count(entries).then((rows) =>
        rows.reduce<Quota | null>(
          (tightest, row, index) => tighterOf(tightest, quotaAt(entries[index]!.limit, Number(row.count), Number(row.reset_at), now)),
          null,
        )!,
      )
    );
  }

  // A key's two counters, made once: every request of the key names them (a key never changes workspace).
  const keyCounters = new Map<string, Entry[]>();

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
    // A browser that signed in to this account before (its device cookie): counted per address and per
    // device only, past the account-wide counters a stranger can fill (OWASP's device cookies).
    checkKnownDevice(name: 'login' | 'secondFactor', ip: string, deviceId: string): Promise<void> {
      const rule = limits[name];
      return hit([
        { key: `${name}:ip:${clientKey(ip)}`, limit: rule.ip },
        { key: `${name}:device:${deviceId}`, limit: rule.accountFromIp },
      ]);
    },
    checkInvitation(userId: string, workspaceId: string): Promise<void> {
      return hit([
        { key: `invite:user:${userId}`, limit: invitationLimits.user },
        { key: `invite:workspace:${workspaceId}`, limit: invitationLimits.workspace },
      ]);
    },
    checkProposal(userId: string, workspaceId: string): Promise<void> {
      return hit([
        { key: `ai-propose:person:${userId}`, limit: proposalLimits.person },
        { key: `ai-propose:workspace:${workspaceId}`, limit: proposalLimits.workspace },
      ]);
    },
    // A write named `name` by one person, in one workspace when it belongs to one.
    checkWrite(name: string, userId: string, workspaceId: string | null): Promise<void> {
      return hit([
        { key: `${name}:person:${userId}`, limit: writeLimits.person },
        ...(workspaceId ? [{ key: `${name}:workspace:${workspaceId}`, limit: writeLimits.workspace }] : []),
      ]);
    },
    perPerson(name: keyof typeof personLimits, userId: string, workspaceId?: string): Promise<void> {
      const rule: { person: Limit; workspace?: Limit } = personLimits[name];
      const entries = [{ key: `${name}:person:${userId}`, limit: rule.person }];
      if (workspaceId && rule.workspace) entries.push({ key: `${name}:workspace:${workspaceId}`, limit: rule.workspace });
      return hit(entries);
    },
    // Counts one request of the public API against its key and the key's workspace, and says where the
    // tighter of the two stands.
    keyQuota(keyId: string, workspaceId: string): Quota | Promise<Quota> {
      let entries = keyCounters.get(keyId);
      if (!entries) {
        if (keyCounters.size >= REMEMBERED_LEASES) keyCounters.clear();
        entries = [
          { key: `api-key:${keyId}`, limit: publicApiLimits.key, leased: true },
          { key: `api-workspace:${workspaceId}`, limit: publicApiLimits.workspace, leased: true },
        ];
        keyCounters.set(keyId, entries);
      }
      return tighter(clock(), entries);
    },
    // Counts one request without a valid key against the caller's address.
    badKeyQuota(ip: string): Quota | Promise<Quota> {
      return tighter(clock(), [{ key: `api-badKey:${clientKey(ip)}`, limit: publicApiLimits.badKey }]);
    },
    async sweep(): Promise<void> {
      await kysely.deleteFrom('rate_limits').where('reset_at', '<=', clock()).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
