import { sql } from 'kysely';
import { SETTING_KEYS, type SettingKey, type SystemSettingValues, type SystemSettingsResponse } from '#src/shared/ops/paths.ts';
import { opsError } from '#src/shared/ops/messages.ts';
import type { SystemSettingsInput } from '#src/shared/ops/schemas.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Config } from '#src/server/config.ts';
import type { Db } from '#src/server/db/connect.ts';
import { listenForever, type ListenerLog } from '#src/server/events/pg-listener.ts';
import { watchChangeVersion } from '#src/server/events/version-watch.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { writeAdminAudit, type AdminActor } from '#src/server/admin/admin-audit.ts';
import { readStoredSettings, storeSetting } from './settings-store.ts';

export const SETTINGS_CHANNEL = 'tessera_system_settings';

// The settings of System Settings. They live in the Config object every part already reads at the
// moment it acts (the rate limiter, the mailer's sender, the links in mails, registration), so a change
// applies at the next request without a restart. Every instance keeps it current from the database:
// after its own change, on a PostgreSQL NOTIFY from any instance, or when another process changed the
// SQLite file. An environment variable set for a key wins: the page shows it and refuses to change it.
export function createSystemSettings({ db, clock, config, log }: { db: Db; clock: Clock; config: Config; log: ListenerLog }) {
  // What the environment (or the built-in default) gives, before anything stored.
  const defaults: SystemSettingValues = {
    betaApproval: config.betaApproval,
    signupsOpen: config.signupsOpen,
    publicOrigin: config.appOrigin,
    rateLimitMultiplier: config.rateLimitMultiplier,
    mailFrom: config.mailFrom,
    maintenanceBanner: config.maintenanceBanner,
  };
  // Without APP_ORIGIN or a stored address, links point at this server itself.
  const ownOrigin = config.publicOrigin;
  const fixed = new Set(Object.keys(config.settingsFromEnv) as SettingKey[]);
  let effective = defaults;

  function apply(stored: Map<string, unknown>): void {
    const value = <K extends SettingKey>(key: K): SystemSettingValues[K] =>
      fixed.has(key) || !stored.has(key) ? defaults[key] : (stored.get(key) as SystemSettingValues[K]);
    effective = Object.fromEntries(SETTING_KEYS.map((key) => [key, value(key)])) as unknown as SystemSettingValues;
    config.betaApproval = effective.betaApproval;
    config.signupsOpen = effective.signupsOpen;
    config.publicOrigin = effective.publicOrigin ?? ownOrigin;
    config.rateLimitMultiplier = effective.rateLimitMultiplier;
    config.mailFrom = effective.mailFrom;
    config.maintenanceBanner = effective.maintenanceBanner;
  }
  const read = (): SystemSettingsResponse => ({ settings: effective, fromEnvironment: config.settingsFromEnv });

  let loading: Promise<void> | null = null;
  let again = false;
  // One read at a time; a change heard during a read is read again after it.
  function reload(): Promise<void> {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        do {
          again = false;
          apply(await readStoredSettings(db.kysely));
        } while (again);
      } catch (error) {
        log.warn({ err: { message: (error as Error).message } }, 'system settings could not be read');
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  const listener = db.dedicatedClient
    ? listenForever({
        connect: db.dedicatedClient,
        channel: SETTINGS_CHANNEL,
        onNotify: () => void reload(),
        onConnected: () => void reload(),
        log,
      })
    : null;
  const poll = watchChangeVersion(db, () => void reload());

  return {
    // Before the server listens: what an earlier run stored applies from the first request.
    load: reload,
    read,
    async update(actor: AdminActor, input: SystemSettingsInput): Promise<SystemSettingsResponse> {
      const changes = SETTING_KEYS.filter((key) => input[key] !== undefined).map((key) => [key, input[key]] as const);
      const pinned = changes.find(([key]) => fixed.has(key));
      if (pinned) throw new HttpError(409, opsError.fromEnvironment(config.settingsFromEnv[pinned[0]]!));
      const now = clock();
      await db.kysely.transaction().execute(async (tx) => {
        for (const [key, value] of changes) await storeSetting(tx, key, value, actor.user.id, now);
        await writeAdminAudit(tx, actor, { action: 'settings.change', target: 'system', details: Object.fromEntries(changes) }, now);
        if (db.engine === 'postgres') await sql`select pg_notify(${SETTINGS_CHANNEL}, 'changed')`.execute(tx);
      });
      await reload();
      return read();
    },
    async close(): Promise<void> {
      if (poll) clearInterval(poll);
      await listener?.close();
    },
  };
}

export type SystemSettings = ReturnType<typeof createSystemSettings>;
