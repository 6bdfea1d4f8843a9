import type { JSONWebKeySet } from 'jose';
import { EMAIL_MAX, NAME_MAX } from '#src/shared/limits.ts';
import { serverError } from '#src/shared/server-messages.ts';
import type { Clock } from '#src/server/clock.ts';
import type { GoogleConfig } from '#src/server/config.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { lazy } from '#src/server/lazy.ts';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
}

interface Log {
  warn(obj: object, msg: string): void;
}

const AUTH_MAX_AGE_S = 5 * 60;
const CLOCK_SKEW_S = 30;
const REFETCH_COOLDOWN_MS = 30_000;
const DEFAULT_KEYS_TTL_MS = 60 * 60 * 1000;
const PICTURE_MAX = 2048;

// Google's published keys, cached for as long as their Cache-Control says; an unknown key id (Google
// rotated its keys) triggers one refetch at most every 30 seconds, so forged key ids cannot make us
// hammer Google. Concurrent sign-ins share one fetch.
function keySet(url: string, clock: Clock, log: Log) {
  let keys: JSONWebKeySet | null = null;
  let expiresAt = 0;
  let lastFetch = -Infinity;
  let inFlight: Promise<void> | null = null;

  async function fetchKeys() {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`key set answered ${response.status}`);
    const body = (await response.json()) as { keys?: unknown } | null;
    if (!Array.isArray(body?.keys)) throw new Error('key set has no "keys" array');
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
    keys = body as JSONWebKeySet;
    expiresAt = clock() + (maxAge ? Number(maxAge) * 1000 : DEFAULT_KEYS_TTL_MS);
  }

  function refresh(): Promise<void> {
    lastFetch = clock();
    inFlight ??= fetchKeys().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return async (kid: string | undefined): Promise<JSONWebKeySet> => {
    if (!keys || clock() >= expiresAt) {
      try {
        await refresh();
      } catch (error) {
        // No keys to check against: the fault is ours (or Google's), not the person's token.
        log.warn({ err: error, url }, 'Google key set unavailable');
        throw new HttpError(503, serverError.unavailable, { 'Retry-After': '5' });
      }
    } else if (!keys.keys.some((key) => key.kid === kid) && clock() - lastFetch >= REFETCH_COOLDOWN_MS) {
      // The keys we hold are still valid; a failed refetch keeps them.
      await refresh().catch((error: unknown) => log.warn({ err: error, url }, 'Google key set refetch failed'));
    }
    return keys!;
  };
}

const invalid = () => new HttpError(401, serverError.googleTokenInvalid);

// Same rule as a typed name (contract's NO_CONTROL), bounded to NAME_MAX; the email's local part stands
// in for a missing or empty one.
function cleanName(value: unknown, email: string): string {
  const name =
    typeof value === 'string'
      ? value
          .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/gu, '')
          .trim()
          .slice(0, NAME_MAX)
          .trim()
      : '';
  return name || email.split('@')[0]!.slice(0, NAME_MAX);
}

// Only an https URL is shown as an avatar (product rules D6 loads it directly).
function cleanPicture(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > PICTURE_MAX) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

// jose loads on the first Google sign-in, not at start-up.
const jose = lazy(() => import('jose'));

// product rules D4: only a Firebase ID token signed by Google for our project identifies a person.
export function createFirebaseTokenVerifier(google: GoogleConfig, clock: Clock, log: Log) {
  const keysFor = keySet(google.jwksUrl, clock, log);
  return async function verifyFirebaseIdToken(token: string): Promise<GoogleIdentity> {
    const { createLocalJWKSet, decodeProtectedHeader, jwtVerify } = await jose();
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw invalid();
    }
    const keys = createLocalJWKSet(await keysFor(kid));
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer: `https://securetoken.google.com/${google.projectId}`,
        audience: google.projectId,
        currentDate: new Date(clock()),
        clockTolerance: CLOCK_SKEW_S,
        requiredClaims: ['exp'],
      }));
    } catch {
      throw invalid();
    }
    const now = clock() / 1000;
    const { iat, sub, email, aud } = payload;
    // Only Google, of the providers a Firebase project may enable, proves an address here.
    const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
    if (firebase?.sign_in_provider !== 'google.com') throw invalid();
    if (typeof aud !== 'string') throw invalid();
    const authTime = payload.auth_time;
    if (typeof iat !== 'number' || iat > now + CLOCK_SKEW_S) throw invalid();
    if (typeof authTime !== 'number' || authTime > now + CLOCK_SKEW_S || now - authTime > AUTH_MAX_AGE_S) throw invalid();
    if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) throw invalid();
    if (payload.email_verified !== true) throw invalid();
    if (typeof email !== 'string' || email.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid();
    const normalised = email.toLowerCase();
    return { sub, email: normalised, name: cleanName(payload.name, normalised), picture: cleanPicture(payload.picture) };
  };
}
