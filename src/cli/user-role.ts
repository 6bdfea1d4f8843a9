// `npm run user:role -- <email> <admin|user>`: the only way to make an admin (product rules D7).
import { loadConfig } from '#src/server/config.ts';
import { openDatabase } from '#src/server/db/connect.ts';
import { migrate } from '#src/server/db/migrations.ts';

const [email, role] = process.argv.slice(2);
if (!email || (role !== 'admin' && role !== 'user')) {
  console.error('Usage: npm run user:role -- <email> <admin|user>');
  process.exit(2);
}
const db = await openDatabase(loadConfig());
try {
  await migrate(db.kysely);
  const result = await db.kysely
    .updateTable('users')
    // product rules A3: the first admin of a beta that asks for approval must get in to approve the rest.
    .set({ role, updated_at: Date.now(), ...(role === 'admin' ? { approval: 'approved' as const } : {}) })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    console.error(`No user with the email ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now ${role === 'admin' ? 'an admin' : 'a user'}.`);
  }
} finally {
  await db.close();
}
