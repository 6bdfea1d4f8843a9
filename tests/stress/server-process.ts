import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '#src/server/db/connect.ts';
import type { SmtpSink } from '../support/smtp-sink.ts';
import type { TestDatabase } from '../support/test-db.ts';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

// The built server as its own process, the way production runs it. Its output goes to a file, not a
// pipe: a pipe is read by this process's event loop, so a line the server printed after one answer
// (the console mailer's email for a known address) slowed the timing of the next answer here.
export async function startServer(env: Record<string, string>, port: number, nodeArgs: string[] = []): Promise<ServerProcess> {
  const logPath = join(mkdtempSync(join(tmpdir(), 'tessera-stress-log-')), 'server.log');
  const logFile = openSync(logPath, 'a');
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000000',
      ...env,
    },
    stdio: ['ignore', logFile, logFile],
  });
  closeSync(logFile);
  const output = () => readFileSync(logPath, 'utf8');
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() - started > 20_000) throw new Error(`server did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    child,
    output,
    kill: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

export async function api(url: string, method: string, path: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = response.headers.getSetCookie()[0]?.split(';')[0];
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, body: json, cookie: setCookie };
}

// The environment that points a server process at a test database (SQLite's folder, or PostgreSQL's URL)
// and a mail sink.
export function databaseEnv(engine: Engine, database: TestDatabase, mail: SmtpSink): Record<string, string> {
  return {
    ...(engine === 'sqlite'
      ? { DATA_DIR: database.location.replace(/\/tessera\.db$/, ''), DATABASE_URL: '' }
      : { DATABASE_URL: database.location }),
    SMTP_URL: mail.url,
  };
}

// Someone registered, verified and signed in through the API, with their first workspace.
export async function signedUp(url: string, mail: SmtpSink, name: string, email: string, password: string) {
  await api(url, 'POST', '/register', { name, email, password });
  await api(url, 'POST', '/verify-email', { email, code: (await mail.waitFor(email)).code });
  const cookie = (await api(url, 'POST', '/login', { email, password })).cookie!;
  const workspaceId: string = (await api(url, 'GET', '/workspaces', undefined, cookie)).body.currentId;
  return { cookie, workspaceId };
}
