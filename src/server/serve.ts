import { buildApp } from './app.ts';
import { fileOffsetClock, systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { NEW_DATABASE_TEMPLATE, openDatabase } from '#src/server/db/connect.ts';
import { migrate } from '#src/server/db/migrations.ts';
import { consoleMailer, smtpMailer } from '#src/server/mail/mailer.ts';

const config = loadConfig();
// Looked for beside the web build, from the working folder as STATIC_DIR's default is.
const db = await openDatabase({ ...config, template: NEW_DATABASE_TEMPLATE });
await migrate(db.kysely);
const mailer = config.smtpUrl ? await smtpMailer(config.smtpUrl, () => config.mailFrom) : consoleMailer();
const clock = config.clockFile ? fileOffsetClock(config.clockFile) : systemClock;
const app = await buildApp({ config, db, mailer, clock });

// A shutdown never hangs: requests get most of SHUTDOWN_TIMEOUT_MS to finish, the outbox and job
// workers the rest to settle what they hold; whatever is still open then, the process exits.
const DRAIN_SHARE = 0.6;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  setTimeout(() => {
    app.log.warn(`shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting anyway`);
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  await app.drain(config.shutdownTimeoutMs * DRAIN_SHARE);
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
