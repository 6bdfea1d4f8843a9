import type { Kysely } from 'kysely';
import type { Database } from '#src/server/db/schema.ts';

// The rows of system_settings: one per key, the value as JSON text. A value that no longer parses (a
// hand edit) reads as absent, so the default applies instead of a crash.
export async function readStoredSettings(k: Kysely<Database>): Promise<Map<string, unknown>> {
  const rows = await k.selectFrom('system_settings').select(['key', 'value']).execute();
  const values = new Map<string, unknown>();
  for (const row of rows) {
    try {
      values.set(row.key, JSON.parse(row.value));
    } catch {
      // Left out: the default stands.
    }
  }
  return values;
}

export async function storeSetting(tx: Kysely<Database>, key: string, value: unknown, by: string, now: number): Promise<void> {
  const row = { key, value: JSON.stringify(value), updated_by: by, updated_at: now };
  await tx
    .insertInto('system_settings')
    .values(row)
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: row.value, updated_by: by, updated_at: now }))
    .execute();
}
