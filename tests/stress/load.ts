// Load: 200 concurrent connections for 30 s on current-user, login and update-profile; no errors
// but intended 429s; the live heap back near its start afterwards (no leak); and a burst of 1,000 wrong
// sign-ins for one account lets at most the configured number through.
import { mkdtempSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { limits } from '#src/server/http/rate-limit.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { liveHeapMb } from './live-heap.ts';
import { api, startServer } from './server-process.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 30);

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

export async function load(port: number) {
  const mail = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-load-'));
  const inspectorPort = port + 1000;
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: mail.url, RATE_LIMIT_MULTIPLIER: '1' }, port, [
    `--inspect=127.0.0.1:${inspectorPort}`,
  ]);
  try {
    const email = `load.${Date.now().toString(36)}@example.com`;
    const password = 'load-test-pass-1';
    await api(server.url, 'POST', '/register', { name: 'Load Tester', email, password });
    await api(server.url, 'POST', '/verify-email', { email, code: (await mail.waitFor(email)).code });
    const { cookie } = await api(server.url, 'POST', '/login', { email, password });
    const headers = { cookie: cookie!, 'content-type': 'application/json' };
    // Warm up every path the load takes (argon2's buffers, the statement cache, V8's code for each
    // route), then take the starting memory: what follows measures growth, not the first allocation.
    const mix = (seconds: number) =>
      Promise.all([
        run({ url: `${server.url}/api/current-user`, connections: 150, duration: seconds, headers }),
        run({
          url: `${server.url}/api/update-profile`,
          method: 'PUT',
          connections: 40,
          duration: seconds,
          headers,
          body: JSON.stringify({ name: 'Load Tester', gender: 'female' }),
        }),
        run({
          url: `${server.url}/api/login`,
          method: 'POST',
          connections: 10,
          duration: seconds,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        }),
      ]);
    await mix(3);
    const pid = server.child.pid!;
    const startRss = rssMb(pid);
    const startHeap = await liveHeapMb(inspectorPort);

    const [reads, writes, logins] = await mix(DURATION_S);
    const peakRss = rssMb(pid);
    const afterHeap = await liveHeapMb(inspectorPort);
    const afterRss = rssMb(pid);

    const unexpected = (result: autocannon.Result, allowed: number[]) =>
      result.errors +
      result.timeouts +
      Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !allowed.includes(Number(code)))
        .reduce((sum, [, stat]) => sum + (stat.count ?? 0), 0);
    // Profile updates and sign-ins past their allowance are refused on purpose (429), from memory.
    const errors = unexpected(reads, [200]) + unexpected(writes, [200, 429]) + unexpected(logins, [200, 429]);

    // The burst: 1,000 wrong sign-ins for one account from 100 connections, on a fresh server whose
    // counters the load above has not touched.
    await server.kill();
    const fresh = await startServer(
      { DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-burst-')), DATABASE_URL: '', SMTP_URL: mail.url, RATE_LIMIT_MULTIPLIER: '1' },
      port,
    );
    const victim = `burst.${Date.now().toString(36)}@example.com`;
    await api(fresh.url, 'POST', '/register', { name: 'Burst Target', email: victim, password: 'burst-target-pass' });
    await api(fresh.url, 'POST', '/verify-email', { email: victim, code: (await mail.waitFor(victim)).code });
    const burst = await run({
      url: `${fresh.url}/api/login`,
      method: 'POST',
      connections: 100,
      amount: 1000,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim, password: 'wrong-password-x' }),
    });
    await fresh.kill();
    const burstThrough = Object.entries(burst.statusCodeStats ?? {})
      .filter(([code]) => code !== '429')
      .reduce((sum, [, stat]) => sum + (stat.count ?? 0), 0);
    const allowed = Math.min(limits.login.account.max, limits.login.ip.max, limits.login.accountFromIp.max);

    const result = {
      connections: 200,
      seconds: DURATION_S,
      requests: reads.requests.total + writes.requests.total + logins.requests.total,
      currentUser: { rps: Math.round(reads.requests.average), p99ms: reads.latency.p99 },
      updateProfile: {
        rps: Math.round(writes.requests.average),
        p99ms: writes.latency.p99,
        status429: writes.statusCodeStats?.['429']?.count ?? 0,
      },
      login: {
        rps: Math.round(logins.requests.average),
        p99ms: logins.latency.p99,
        status429: logins.statusCodeStats?.['429']?.count ?? 0,
      },
      unexpectedErrors: errors,
      memoryMb: { start: Math.round(startRss), peak: Math.round(peakRss), after: Math.round(afterRss) },
      liveHeapMb: { start: Math.round(startHeap), after: Math.round(afterHeap) },
      burst: { sent: burst.requests.total, through: burstThrough, allowed },
    };
    // Exactly the allowance gets through: fewer would mean the burst never really tested the limit.
    // A leak of even 100 bytes a request would add about 30 MB over this run's 300,000 requests.
    const ok = errors === 0 && afterHeap <= startHeap + 10 && burstThrough === allowed;
    return { ok, ...result };
  } finally {
    await server.kill();
    await mail.close();
  }
}
