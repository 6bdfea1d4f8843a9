// The template a new embedded database is copied from, made by the build instead of at the first start.
import { NEW_DATABASE_TEMPLATE } from '#src/server/db/connect.ts';
import { writeNewDatabase } from '#src/server/db/new-database.ts';

await writeNewDatabase(NEW_DATABASE_TEMPLATE);
console.log(`new database template: ${NEW_DATABASE_TEMPLATE}`);
