import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#src/server/app.ts';
import { loadConfig, type Config } from '#src/server/config.ts';
import type { Db, Engine } from '#src/server/db/connect.ts';
import { smtpMailer } from '#src/server/mail/mailer.ts';
import { freePort } from './free-port.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export interface TestApp {
  url: string;
  app: FastifyInstance;
  db: Db;
  mail: SmtpSink;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  database?: TestDatabase;
  mail?: SmtpSink;
}

// The real app over real HTTP on loopback, with its own database, SMTP sink and a clock tests can move.
export async function startTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(engine));
  const mail = options.mail ?? (await startSmtpSink());
  // The port is chosen first, so the app knows its own address for the links it mails.
  const port = await freePort();
  // Files the app writes (data exports) go to a folder of this app's own, removed on close.
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    APP_SECRET: randomBytes(32).toString('hex'),
    ...options.env,
  });
  let offset = 0;
  const clock: TestClock = { now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
  const db = await database.open();
  const mailer = await smtpMailer(mail.url, () => config.mailFrom);
  const app = await buildApp({ config, db, mailer, clock: clock.now });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    mail,
    clock,
    config,
    async close() {
      await app.close();
      mailer.close();
      await db.close();
      if (!options.mail) await mail.close();
      if (!options.database) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

// A client with one cookie jar, like one browser.
export function client(baseUrl: string) {
  const jar = new Map<string, string>();
  async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const init: RequestInit = {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      // A Buffer goes as it is (an upload), anything else but a string as JSON.
      body:
        body === undefined
          ? undefined
          : typeof body === 'string'
            ? body
            : Buffer.isBuffer(body)
              ? new Uint8Array(body)
              : JSON.stringify(body),
    };
    const response = await fetch(`${baseUrl}/api${path}`, init);
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(setCookie)) jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    jar,
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body, headers),
    put: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('PUT', path, body, headers),
    call,
  };
}

export type Client = ReturnType<typeof client>;

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

// Registers and verifies through the API, reading the code from the caught email.
export async function createVerifiedUser(t: TestApp, overrides: { name?: string; email?: string; password?: string } = {}) {
  const account = {
    name: overrides.name ?? 'Test Person',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'tessera-pass-1',
  };
  const c = client(t.url);
  const registered = await c.post('/register', account);
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const mail = await t.mail.waitFor(account.email, (m) => /verification/.test(m.subject));
  const verified = await c.post('/verify-email', { email: account.email, code: mail.code });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return account;
}

export async function signedInClient(t: TestApp, account: { email: string; password: string }) {
  const c = client(t.url);
  const answer = await c.post('/login', { email: account.email, password: account.password });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return c;
}

// One app per describe block: started before its tests, closed after.
export function useTestApp(engine: Engine, options: TestAppOptions = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await startTestApp(engine, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('The test app is not running');
    return current;
  };
}

// Two instances of the app on one database, sharing one mail sink (product rules W7): what one writes,
// the other must see.
export function useTwoTestApps(engine: Engine, env: Record<string, string> = {}): () => { a: TestApp; b: TestApp } {
  let database: TestDatabase | undefined;
  let mail: SmtpSink | undefined;
  let pair: { a: TestApp; b: TestApp } | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    mail = await startSmtpSink();
    const a = await startTestApp(engine, { database, mail, env });
    pair = { a, b: await startTestApp(engine, { database, mail, env }) };
  }, 60_000);
  afterAll(async () => {
    await pair?.a.close();
    await pair?.b.close();
    await mail?.close();
    await database?.drop();
  });
  return () => {
    if (!pair) throw new Error('The test apps are not running');
    return pair;
  };
}

// The email of the user this client is signed in as, or null for a guest.
export async function whoAmI(c: Client): Promise<string | null> {
  const answer = await c.get('/current-user');
  if (answer.status !== 200) throw new Error(`current-user answered ${answer.status}`);
  return answer.body.user?.email ?? null;
}
