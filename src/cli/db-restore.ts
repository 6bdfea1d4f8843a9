// `npm run db:restore -- <file>`: puts a backup from Database Tools in place of the server's database.
// It refuses while a server uses the database, checks the file first, and keeps the current database
// aside (README, "Backups and restore").
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RestoreRefused, restorePostgres, restoreSqlite } from '#src/server/ops/restore.ts';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run db:restore -- <backup file>');
  process.exit(2);
}
const backup = resolve(file);
if (!existsSync(backup)) {
  console.error(`No file at ${backup}.`);
  process.exit(1);
}

// The server's own settings, read like `npm run user:role` does: DATABASE_URL, else the SQLite file in
// DATA_DIR (./data by default); the PostgreSQL copy set aside goes to BACKUP_DIR (DATA_DIR/backups).
const databaseUrl = process.env.DATABASE_URL || null;
const dataDir = resolve(process.env.DATA_DIR || 'data');
const backupDir = resolve(process.env.BACKUP_DIR || join(dataDir, 'backups'));

try {
  if (databaseUrl) {
    const shown = new URL(databaseUrl);
    shown.password = '';
    console.log(`Restoring ${backup} into ${shown.toString()}`);
    const { aside } = await restorePostgres(backup, databaseUrl, backupDir);
    console.log(`Done. The database as it was is saved in ${aside}.`);
  } else {
    const target = join(dataDir, 'tessera.db');
    console.log(`Restoring ${backup} into ${target}`);
    const { aside } = await restoreSqlite(backup, target);
    console.log(aside ? `Done. The database as it was is kept at ${aside}.` : 'Done. There was no database before.');
  }
  console.log('Start the server: it applies any migration the backup predates.');
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(`Nothing was restored. ${error.message}`);
  process.exitCode = 1;
}
