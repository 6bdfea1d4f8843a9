import type { Kysely } from 'kysely';
import type { SessionInfo } from '#src/shared/account-security/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { lazy } from '#src/server/lazy.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export type DescribeDevice = (userAgent: string | null) => Pick<SessionInfo, 'browser' | 'os' | 'deviceType'>;

// Loaded with the first list of sessions, passkey added or admin overview, not at start.
const bowser = lazy(() => import('bowser'));

// product rules U1: the browser, system and kind of device, read from the user agent by a maintained
// parser; the place is only the IP address (a geolocation database would be an outside service).
export async function deviceDescriber(): Promise<DescribeDevice> {
  const { default: Bowser } = await bowser();
  return (userAgent) => {
    if (!userAgent) return { browser: '', os: '', deviceType: '' };
    const parsed = Bowser.parse(userAgent);
    const major = parsed.browser.version?.split('.')[0];
    return {
      browser: [parsed.browser.name, major].filter(Boolean).join(' '),
      os: [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' '),
      deviceType: parsed.platform.type ?? '',
    };
  };
}

// The account's live sessions, most recently seen first. Never the token or its hash.
export async function listSessions(db: Kysely<Database>, userId: string, currentId: string | null, now: number): Promise<SessionInfo[]> {
  const describeDevice = await deviceDescriber();
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('id', 'is not', null)
    .orderBy((eb) => eb.fn.coalesce('last_seen_at', 'created_at'), 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id!,
    ...describeDevice(row.user_agent),
    ip: row.ip,
    createdAt: iso(row.created_at),
    lastSeenAt: row.last_seen_at === null ? null : iso(row.last_seen_at),
    current: row.id === currentId,
  }));
}
