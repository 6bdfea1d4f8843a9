import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from './connect.ts';
import { migrate } from './migrations.ts';

// The empty, migrated SQLite database a new embedded install starts from (connect.ts copyTemplate),
// written to `target`. Made in a folder of its own, so only the database file itself (not its log or
// rate-limit counts) becomes the template; closing the last connection checkpoints the log into it.
export async function writeNewDatabase(target: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-new-database-'));
  try {
    const file = join(dir, 'tessera.db');
    const db = await openSqlite(file);
    await migrate(db.kysely);
    await db.close();
    copyFileSync(file, target);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
