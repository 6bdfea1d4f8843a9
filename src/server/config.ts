// Environment -> typed settings. The embedded mode needs no variable at all (issue 2, README table).
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface GoogleConfig {
  projectId: string;
  apiKey: string;
  authDomain: string;
  jwksUrl: string;
}

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  appOrigin: string | null;
  // false, true (warned against), a hop count, or the proxies' addresses / CIDR ranges (proxy-addr names).
  trustProxy: boolean | number | string;
  // Keys the hashes of one-time codes; never stored in the database (issue 13).
  appSecret: string;
  logLevel: string;
  staticDir: string;
  rateLimitMultiplier: number;
  google: GoogleConfig | null;
  // Test-only: a file holding a clock offset in ms (ignored unless env is 'test').
  clockFile: string | null;
  // The public API's per-key limit (product rules K4); API_RATE_LIMIT=off only for the bench's comparison.
  apiRateLimit: boolean;
  // Issue 18: allowLoopback (WEBHOOK_ALLOW_LOOPBACK, tests only) lets webhooks use http and loopback
  // addresses; pollMs (WEBHOOK_POLL_MS) is how often the worker looks at the outbox, 0 = by hand.
  webhooks: { allowLoopback: boolean; pollMs: number };
  // BETA_APPROVAL=required (issue 19, product rules A3): new accounts wait for an admin's approval.
  betaApproval: boolean;
}

const GOOGLE_JWKS = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 ? hops : value;
}

const SECRET_FILE = 'app-secret';
const SECRET_MIN = 32;

// APP_SECRET, or else one made on first start and kept in the data folder, readable by its owner only,
// so `npm start` needs no variable and codes stay valid across restarts.
function loadAppSecret(value: string | undefined, dataDir: string): string {
  if (value !== undefined && value !== '') {
    if (value.length < SECRET_MIN) throw new Error(`APP_SECRET must be at least ${SECRET_MIN} characters long`);
    return value;
  }
  const file = join(dataDir, SECRET_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': two first starts at once keep the one written first.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
  chmodSync(file, 0o600);
  return secret;
}

// Settings that start but are likely unsafe; logged as warnings at start-up.
export function configWarnings(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true) {
    warnings.push(
      'TRUST_PROXY=true trusts every X-Forwarded-For entry, which clients can write: rate limits can be dodged. Set the proxy hop count (1) or its addresses instead.',
    );
  }
  if (config.databaseUrl && !env.APP_SECRET) {
    warnings.push(
      'APP_SECRET is not set: each instance sharing this database must use the same one, or codes mailed by one fail on another.',
    );
  }
  if (config.webhooks.allowLoopback && config.env === 'production') {
    warnings.push('WEBHOOK_ALLOW_LOOPBACK is set: webhooks may reach this machine over plain http. It is meant for tests only.');
  }
  if (config.appOrigin?.startsWith('https:') && config.trustProxy === false) {
    warnings.push('APP_ORIGIN is https but TRUST_PROXY is unset: behind a proxy, every client shares the proxy address for rate limits.');
  }
  if (!config.apiRateLimit) warnings.push('API_RATE_LIMIT=off: /api/v1 keys are not rate limited. Use it only to measure.');
  return warnings;
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return number;
}

function parseBetaApproval(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'off') return false;
  if (value === 'required') return true;
  throw new Error(`BETA_APPROVAL must be "required" or "off", got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'production';
  const projectId = env.FIREBASE_PROJECT_ID?.trim();
  const dataDir = resolve(env.DATA_DIR || 'data');
  return {
    env: mode,
    port: positiveNumber('PORT', env.PORT, 3000),
    host: env.HOST || 'localhost',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Tessera <no-reply@tessera.local>',
    appOrigin: env.APP_ORIGIN ? new URL(env.APP_ORIGIN).origin : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    appSecret: loadAppSecret(env.APP_SECRET, dataDir),
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'warn' : 'info'),
    staticDir: resolve(env.STATIC_DIR || 'dist/web'),
    rateLimitMultiplier: positiveNumber('RATE_LIMIT_MULTIPLIER', env.RATE_LIMIT_MULTIPLIER, 1),
    google: projectId
      ? {
          projectId,
          apiKey: env.FIREBASE_API_KEY ?? '',
          authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
          jwksUrl: env.GOOGLE_JWKS_URL || GOOGLE_JWKS,
        }
      : null,
    clockFile: mode === 'test' ? env.TEST_CLOCK_FILE || null : null,
    apiRateLimit: env.API_RATE_LIMIT !== 'off',
    webhooks: {
      allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === 'true' || env.WEBHOOK_ALLOW_LOOPBACK === '1',
      pollMs: env.WEBHOOK_POLL_MS === '0' ? 0 : positiveNumber('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 1000),
    },
    betaApproval: parseBetaApproval(env.BETA_APPROVAL),
  };
}
