import { buildApp } from './app.ts';
import { fileOffsetClock, systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from '#src/server/db/connect.ts';
import { migrate } from '#src/server/db/migrations.ts';
import { consoleMailer, smtpMailer } from '#src/server/mail/mailer.ts';

const config = loadConfig();
const db = await openDatabase(config);
await migrate(db.kysely);
const mailer = config.smtpUrl ? await smtpMailer(config.smtpUrl, config.mailFrom) : consoleMailer();
const clock = config.clockFile ? fileOffsetClock(config.clockFile) : systemClock;
const app = await buildApp({ config, db, mailer, clock });

// issue 13: a shutdown never hangs: whatever is still open after 10 s, the process exits.
const SHUTDOWN_GIVE_UP_MS = 10_000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  setTimeout(() => {
    app.log.warn('shutdown took longer than 10 s; exiting anyway');
    process.exit(1);
  }, SHUTDOWN_GIVE_UP_MS).unref();
  await app.close();
  mailer.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Tessera on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${db.engine}${config.smtpUrl ? ', SMTP mail' : ', console mail'})`,
);
