// Environment -> typed settings. The embedded mode needs no variable at all (README table).
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ProviderSettings } from '#src/server/ai/provider.ts';
import { SETTING_ENV, type SettingKey } from '#src/shared/ops/paths.ts';

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
  // Where links in emails and feeds point: APP_ORIGIN, else this server's own address. Never the Host a
  // request names, which anyone can write.
  publicOrigin: string;
  // false, true (warned against), a hop count, or the proxies' addresses / CIDR ranges (proxy-addr names).
  trustProxy: boolean | number | string;
  // Keys the hashes of one-time codes; never stored in the database.
  appSecret: string;
  logLevel: string;
  staticDir: string;
  rateLimitMultiplier: number;
  google: GoogleConfig | null;
  // Test-only: a file holding a clock offset in ms (ignored unless env is 'test').
  clockFile: string | null;
  // The public API's per-key limit (product rules K4); API_RATE_LIMIT=off only for the bench's comparison.
  apiRateLimit: boolean;
  // AllowLoopback lets webhooks use http, any port and loopback addresses, so a receiver on the
  // developer's own machine works: in development (NODE_ENV=development, as `npm run dev` sets, or an
  // APP_ORIGIN on a loopback host) and with WEBHOOK_ALLOW_LOOPBACK (tests). pollMs (WEBHOOK_POLL_MS) is
  // how often the worker looks at the outbox, 0 = by hand.
  webhooks: { allowLoopback: boolean; pollMs: number };
  // JOBS_POLL_MS: how often each instance's job runner looks for due jobs and schedules, 0 = by hand.
  jobsPollMs: number;
  // BETA_APPROVAL=required (product rules A3): new accounts wait for an admin's approval.
  betaApproval: boolean;
  // AI task creation: the chat-completions model (null without AI_BASE_URL and AI_MODEL; the parser
  // then does the work) and how many model requests a workspace may make per day (AI_DAILY_LIMIT).
  ai: { provider: ProviderSettings | null; dailyLimit: number };
  // What one workspace may store (WORKSPACE_MAX_TASKS, WORKSPACE_MAX_COMMENTS, WORKSPACE_MAX_TEXT_MB).
  quotas: WorkspaceQuotas;
  // REQUEST_TIMEOUT_MS: how long a client may take to send one whole request.
  requestTimeoutMs: number;
  // CAMPAIGN_DAILY_LIMIT: campaign emails one workspace may send per UTC day.
  campaignDailyLimit: number;
  // METRICS_TOKEN: the bearer token Prometheus sends to GET /metrics; unset, /metrics does not exist.
  metricsToken: string | null;
  // REDIS_URL: redis://host:port, which instances sharing one database use to pass each other the
  // edits of docs pages (Hocuspocus's Redis extension); unset, one instance needs nothing.
  redisUrl: string | null;
  // SHUTDOWN_TIMEOUT_MS: how long SIGTERM waits for requests, streams and deliveries before exiting.
  shutdownTimeoutMs: number;
  // BACKUP_DIR, else DATA_DIR/backups: where Database Tools writes backups (0600).
  backupDir: string;
  // System Settings (src/server/ops/system-settings.ts) keeps betaApproval, publicOrigin,
  // rateLimitMultiplier, mailFrom and these two up to date on every instance, except where an
  // environment variable set them: those are listed here and win.
  signupsOpen: boolean;
  maintenanceBanner: string;
  settingsFromEnv: Partial<Record<SettingKey, string>>;
}

export interface WorkspaceQuotas {
  tasks: number;
  comments: number;
  // Characters of titles, descriptions and comments together.
  textChars: number;
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

const loopbackFlag = (value: string | undefined) => value === 'true' || value === '1';

// An origin only this machine can open: the server runs for its developer.
function isLoopbackOrigin(origin: string | null): boolean {
  if (origin === null) return false;
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
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
  if (loopbackFlag(env.WEBHOOK_ALLOW_LOOPBACK) && config.env === 'production') {
    warnings.push('WEBHOOK_ALLOW_LOOPBACK is set: webhooks may reach this machine over plain http. It is meant for tests only.');
  }
  if (config.appOrigin?.startsWith('https:') && config.trustProxy === false) {
    warnings.push('APP_ORIGIN is https but TRUST_PROXY is unset: behind a proxy, every client shares the proxy address for rate limits.');
  }
  if (!config.appOrigin && config.env === 'production') {
    warnings.push(
      `APP_ORIGIN is not set: links in emails (invitations, password resets, notifications) point at ${config.publicOrigin}. Set it to the address people open.`,
    );
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

function aiProvider(env: NodeJS.ProcessEnv): ProviderSettings | null {
  const baseUrl = env.AI_BASE_URL?.trim();
  const model = env.AI_MODEL?.trim();
  if (!baseUrl && !model) return null;
  if (!baseUrl || !model) throw new Error('AI_BASE_URL and AI_MODEL go together: set both to use a model, or neither');
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`AI_BASE_URL must be an http(s) URL, got "${url.protocol}"`);
  return { baseUrl, model, apiKey: env.AI_API_KEY || null, timeoutMs: positiveNumber('AI_TIMEOUT_MS', env.AI_TIMEOUT_MS, 30_000) };
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
  const port = positiveNumber('PORT', env.PORT, 3000);
  const host = env.HOST || 'localhost';
  const appOrigin = env.APP_ORIGIN ? new URL(env.APP_ORIGIN).origin : null;
  return {
    env: mode,
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Tessera <no-reply@tessera.local>',
    appOrigin,
    publicOrigin: appOrigin ?? `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`,
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
      allowLoopback: loopbackFlag(env.WEBHOOK_ALLOW_LOOPBACK) || mode === 'development' || isLoopbackOrigin(appOrigin),
      pollMs: env.WEBHOOK_POLL_MS === '0' ? 0 : positiveNumber('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 1000),
    },
    betaApproval: parseBetaApproval(env.BETA_APPROVAL),
    ai: { provider: aiProvider(env), dailyLimit: positiveNumber('AI_DAILY_LIMIT', env.AI_DAILY_LIMIT, 200) },
    jobsPollMs: env.JOBS_POLL_MS === '0' ? 0 : positiveNumber('JOBS_POLL_MS', env.JOBS_POLL_MS, 1000),
    requestTimeoutMs: positiveNumber('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000),
    campaignDailyLimit: positiveNumber('CAMPAIGN_DAILY_LIMIT', env.CAMPAIGN_DAILY_LIMIT, 500),
    metricsToken: env.METRICS_TOKEN || null,
    redisUrl: env.REDIS_URL || null,
    shutdownTimeoutMs: positiveNumber('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
    backupDir: resolve(env.BACKUP_DIR || join(dataDir, 'backups')),
    signupsOpen: true,
    maintenanceBanner: '',
    settingsFromEnv: Object.fromEntries(Object.entries(SETTING_ENV).filter(([, name]) => env[name] !== undefined && env[name] !== '')),
    quotas: {
      tasks: positiveNumber('WORKSPACE_MAX_TASKS', env.WORKSPACE_MAX_TASKS, 50_000),
      comments: positiveNumber('WORKSPACE_MAX_COMMENTS', env.WORKSPACE_MAX_COMMENTS, 250_000),
      textChars: positiveNumber('WORKSPACE_MAX_TEXT_MB', env.WORKSPACE_MAX_TEXT_MB, 200) * 1_000_000,
    },
  };
}
