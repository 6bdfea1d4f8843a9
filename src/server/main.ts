import { buildApp } from './app';
import { fileOffsetClock, systemClock } from './clock';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrations';
import { consoleMailer, smtpMailer } from './mail/mailer';

const config = loadConfig();
const db = await openDatabase(config);
await migrate(db.kysely);
const mailer = config.smtpUrl ? await smtpMailer(config.smtpUrl, config.mailFrom) : consoleMailer();
const clock = config.clockFile ? fileOffsetClock(config.clockFile) : systemClock;
const app = await buildApp({ config, db, mailer, clock });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  mailer.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Tessera on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${db.engine}${config.smtpUrl ? ', SMTP mail' : ', console mail'})`);
