// `npm run user:role -- <email> <admin|user>`: the only way to make an admin (product rules D7).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '#src/server/db/connect.ts';
import { migrate } from '#src/server/db/migrations.ts';
import { COMMAND_LINE, writeAdminAudit } from '#src/server/admin/admin-audit.ts';

const [email, role] = process.argv.slice(2);
if (!email || (role !== 'admin' && role !== 'user')) {
  console.error('Usage: npm run user:role -- <email> <admin|user>');
  process.exit(2);
}

// The server's own settings: DATABASE_URL, else the SQLite file in DATA_DIR (./data by default). Read
// here rather than through loadConfig, which would write an app secret into a folder that may be wrong.
const databaseUrl = process.env.DATABASE_URL || null;
const dataDir = resolve(process.env.DATA_DIR || 'data');
const file = join(dataDir, 'tessera.db');

// Changing a role only makes sense in the server's database: a wrong or missing DATA_DIR must not
// quietly create an empty one and then report that nobody has this email.
if (!databaseUrl && !existsSync(file)) {
  console.error(
    `No database at ${file}. user:role changes the database a server already uses and never creates one: ` +
      'set DATA_DIR to that server’s data folder (or DATABASE_URL for PostgreSQL).',
  );
  process.exit(1);
}

// Where it looked, said every time (a PostgreSQL address without its password).
const shown = (() => {
  if (!databaseUrl) return file;
  const url = new URL(databaseUrl);
  url.password = '';
  return url.toString();
})();
console.log(`Database: ${shown}`);

const db = await openDatabase({ databaseUrl, dataDir });
try {
  await migrate(db.kysely);
  const address = email.trim().toLowerCase();
  const changed = await db.kysely.transaction().execute(async (tx) => {
    // A write first locks the row on PostgreSQL (SQLite's transaction holds the whole file from its
    // start), so a change from the admin panel at the same moment lands before or after this one, never
    // between its read and its write.
    await tx
      .updateTable('users')
      .set((eb) => ({ email: eb.ref('email') }))
      .where('email', '=', address)
      .execute();
    const user = await tx.selectFrom('users').select(['id', 'role']).where('email', '=', address).executeTakeFirst();
    if (!user) return false;
    const now = Date.now();
    await tx
      .updateTable('users')
      // product rules A3: the first admin of a beta that asks for approval must get in to approve the rest.
      .set({ role, updated_at: now, ...(role === 'admin' ? { approval: 'approved' as const } : {}) })
      .where('id', '=', user.id)
      .execute();
    // The admins' trail shows this change like one made in the panel, done from the command line.
    if (user.role !== role) {
      await writeAdminAudit(
        tx,
        COMMAND_LINE,
        { action: 'user.role', target: user.id, details: { role, from: user.role, via: 'command line' } },
        now,
      );
    }
    return true;
  });
  if (!changed) {
    console.error(`No user with the email ${email} in ${shown}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now ${role === 'admin' ? 'an admin' : 'a user'}.`);
  }
} finally {
  await db.close();
}
