// Environment -> typed settings. The embedded mode needs no variable at all (issue 2, README table).
import { resolve } from 'node:path';

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
  trustProxy: boolean | number | string;
  logLevel: string;
  staticDir: string;
  rateLimitMultiplier: number;
  google: GoogleConfig | null;
  // Test-only: a file holding a clock offset in ms (ignored unless env is 'test').
  clockFile: string | null;
}

const GOOGLE_JWKS = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 ? hops : value;
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'production';
  const projectId = env.FIREBASE_PROJECT_ID?.trim();
  return {
    env: mode,
    port: positiveNumber('PORT', env.PORT, 3000),
    host: env.HOST || 'localhost',
    dataDir: resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Tessera <no-reply@tessera.local>',
    appOrigin: env.APP_ORIGIN ? new URL(env.APP_ORIGIN).origin : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
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
  };
}
