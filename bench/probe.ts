// A focused before/after probe for one change (not a budget): starts the production build, prepares a
// route (PROBE: current-user, public-api or task-list), and reports autocannon's figures for PROBE_SECONDS over PROBE_ROUNDS rounds.
import autocannon from 'autocannon';
import { copyFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createSignedInAccount } from './account.ts';
import { createTestDatabase } from '../tests/support/test-db.ts';
import { prepareTaskList } from './board.ts';
import { preparePublicApi } from './public-api.ts';
import { cpuMs, startServer } from './server.ts';

const target = process.env.PROBE ?? 'public-api';
const seconds = Number(process.env.PROBE_SECONDS ?? 5);
const rounds = Number(process.env.PROBE_ROUNDS ?? 3);
const env: Record<string, string> = { RATE_LIMIT_MULTIPLIER: '1000000', LOG_LEVEL: process.env.PROBE_LOG_LEVEL ?? 'warn' };
if (process.env.PROBE_LIMIT === 'off') env.API_RATE_LIMIT = 'off';
// PROBE_ENGINE=postgres: a fresh database of its own on the server DATABASE_URL names, dropped at the end.
const database = process.env.PROBE_ENGINE === 'postgres' ? await createTestDatabase('postgres') : null;
if (database) env.DATABASE_URL = database.location;
const server = await startServer(Number(process.env.PROBE_PORT ?? 4460), env, process.env.PROBE_NODE_ARGS?.split(' ') ?? [], {
  main: process.env.PROBE_MAIN,
  cpu: process.env.PROBE_CPU === undefined ? undefined : Number(process.env.PROBE_CPU),
});
try {
  const account = await createSignedInAccount(server);
  let url = `${server.url}/api/current-user`;
  let headers: Record<string, string> = { cookie: account.cookie };
  if (target === 'public-api') ({ url, headers } = await preparePublicApi(server, account));
  if (target === 'task-list') url = await prepareTaskList(server.url, account);
  if (process.env.PROBE_ENCODING) headers['accept-encoding'] = process.env.PROBE_ENCODING;
  const figures: string[] = [];
  const perRequest: number[] = [];
  await new Promise((resolve) => autocannon({ url, headers, connections: 20, duration: 2 }, resolve));
  for (let i = 0; i < rounds; i++) {
    const cpuBefore = cpuMs(server.child.pid!);
    const result = await autocannon({ url, headers, connections: 20, duration: seconds });
    const cpuPerRequestUs = ((cpuMs(server.child.pid!) - cpuBefore) * 1000) / result.requests.total;
    perRequest.push(cpuPerRequestUs);
    figures.push(
      `server CPU ${cpuPerRequestUs.toFixed(0)} µs/req, ${Math.round(result.requests.average)} req/s p99 ${result.latency.p99} ms non2xx ${result.non2xx} bytes/req ${Math.round(result.throughput.total / result.requests.total)}`,
    );
  }
  perRequest.sort((a, b) => a - b);
  figures.push(
    `server CPU per request: min ${perRequest[0]!.toFixed(0)} µs, median ${perRequest[Math.floor(perRequest.length / 2)]!.toFixed(0)} µs`,
  );
  console.log(
    `${target} load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n${figures.join('\n')}`,
  );
} finally {
  if (process.env.PROBE_COPY_DB) copyFileSync(`${server.dataDir}/tessera.db`, process.env.PROBE_COPY_DB);
  await server.stop();
  await database?.drop();
  if (process.env.PROBE_OUTPUT)
    console.log(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes(process.env.PROBE_OUTPUT!))
        .join('\n'),
    );
}
