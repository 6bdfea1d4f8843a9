// The empty, migrated SQLite database a new embedded install starts from (db/connect.ts copyTemplate):
// made by the same migrations, at build time instead of at the first start.
import { rmSync } from 'node:fs';
import { NEW_DATABASE_TEMPLATE, openSqlite } from '#src/server/db/connect.ts';
import { migrate } from '#src/server/db/migrations.ts';

const sideFiles = (file: string) => [
  file,
  `${file}-wal`,
  `${file}-shm`,
  `${file}-rate-limits.db`,
  `${file}-rate-limits.db-wal`,
  `${file}-rate-limits.db-shm`,
];
for (const file of sideFiles(NEW_DATABASE_TEMPLATE)) rmSync(file, { force: true });
const db = await openSqlite(NEW_DATABASE_TEMPLATE);
await migrate(db.kysely);
// Closing the last connection checkpoints the log into the file, which then stands alone.
await db.close();
for (const file of sideFiles(NEW_DATABASE_TEMPLATE).slice(1)) rmSync(file, { force: true });
console.log(`new database template: ${NEW_DATABASE_TEMPLATE}`);
