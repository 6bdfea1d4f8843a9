// Two server builds against each other on one route (a before/after probe, not a budget). One process's
// figures differ from the next's by up to 15 % on the same build (where V8's JIT lands), so each build
// runs in several fresh processes, in pairs, alternating; the server is pinned to CPU 1 and autocannon
// should run on CPU 0:
//   taskset -c 0 npx tsx bench/compare-builds.ts
// COMPARE_A / COMPARE_B: the builds' main.js (A defaults to nothing: copy a build's dist/server aside
// first); COMPARE_B_ENV=NAME=value: an environment setting for B only (a switch to measure);
// COMPARE_PAIRS (4); COMPARE_TARGET=current-user|public-api|task-list (a page of 50, as the board reads it);
// COMPARE_PATH: another route for current-user.
import { loadavg } from 'node:os';
import { createSignedInAccount } from './account.ts';
import { measureRound } from './api-throughput.ts';
import { prepareTaskList } from './board.ts';
import { preparePublicApi } from './public-api.ts';
import { startServer, type BenchServer } from './server.ts';
import { median } from './stats.ts';

const CONNECTIONS = 50;
const ROUND_SECONDS = 3;

const [, bEnvName, bEnvValue = '1'] = /^([^=]+)(?:=(.*))?$/.exec(process.env.COMPARE_B_ENV ?? '') ?? [];
const builds = {
  A: { main: process.env.COMPARE_A ?? '', env: {} },
  B: { main: process.env.COMPARE_B ?? 'dist/server/main.js', env: bEnvName ? { [bEnvName]: bEnvValue } : {} },
};
if (!builds.A.main) throw new Error('COMPARE_A names the build to compare with (a copy of dist/server/main.js)');
const target = process.env.COMPARE_TARGET ?? 'current-user';
const rounds = { A: { rps: [] as number[], cpuUs: [] as number[] }, B: { rps: [] as number[], cpuUs: [] as number[] } };
let port = Number(process.env.COMPARE_PORT ?? 5000);

for (let pair = 0; pair < Number(process.env.COMPARE_PAIRS ?? 4); pair++) {
  const servers = {} as Record<'A' | 'B', { server: BenchServer; url: string; headers: Record<string, string> }>;
  for (const name of pair % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
    const server = await startServer(port++, { RATE_LIMIT_MULTIPLIER: '1000000', LOG_LEVEL: 'warn', ...builds[name].env }, [], {
      main: builds[name].main,
      cpu: 1,
    });
    const account = await createSignedInAccount(server);
    let url = `${server.url}${process.env.COMPARE_PATH ?? '/api/current-user'}`;
    let headers: Record<string, string> = { cookie: account.cookie };
    if (target === 'public-api') ({ url, headers } = await preparePublicApi(server, account));
    if (target === 'task-list') url = await prepareTaskList(server.url, account);
    servers[name] = { server, url, headers };
    await measureRound(url, headers, 2, CONNECTIONS);
  }
  for (const name of ['A', 'B', 'B', 'A'] as const) {
    const { server, url, headers } = servers[name];
    const round = await measureRound(url, headers, ROUND_SECONDS, CONNECTIONS, server.child.pid);
    if (round.errors) throw new Error(`${name} answered ${round.errors} requests with an error or no 2xx`);
    rounds[name].rps.push(round.rps);
    rounds[name].cpuUs.push(round.cpuUs!);
  }
  await Promise.all([servers.A.server.stop(), servers.B.server.stop()]);
}

for (const name of ['A', 'B'] as const)
  console.log(
    `${name}: ${Math.round(median(rounds[name].rps))} req/s, server CPU ${median(rounds[name].cpuUs).toFixed(1)} µs a request (medians of ${rounds[name].rps.length} rounds)`,
  );
console.log(
  `B/A throughput ${(median(rounds.B.rps) / median(rounds.A.rps)).toFixed(3)}; load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
