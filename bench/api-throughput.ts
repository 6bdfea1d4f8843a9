import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { cpuMs, rssMb } from './server.ts';
import { median, round as rounded } from './stats.ts';

export interface Throughput {
  rps: number;
  p99Ms: number;
  // Socket errors, timeouts and non-2xx answers: any of them voids the run.
  errors: number;
  // The server process's CPU (user + system) per request, median of the rounds, when its pid was given:
  // what our code costs, apart from the load generator and the loopback, which the ratio includes.
  cpuUs: number | null;
}

interface Round extends Throughput {
  requests: number;
}

// One round of load on one server; with its pid, the server's CPU per request over the round.
// The load comes from a worker thread with a heap of its own: run in the bench's own thread, beside every
// module and figure the bench holds, autocannon spent 39 % of its time collecting garbage on 15 KB
// answers and became the bottleneck (19,300 answers a second from a server that gave 30,000 to a clean
// generator), which judged the load generator, not the server.
export function measureRound(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  pid?: number,
): Promise<Round> {
  const cpuBefore = pid === undefined ? 0 : cpuMs(pid);
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, headers, workers: 1 }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.average,
        requests: result.requests.total,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts + (result.non2xx ?? 0),
        cpuUs: pid === undefined || !result.requests.total ? null : ((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total,
      });
    }),
  );
}

// The yardstick: a bare Fastify server in a process of its own like ours. `setup` and `routes` are
// module code run in it; by default one route answering a small JSON object.
export async function startBareFastify(
  port: number,
  { setup = '', routes = "app.get('/hello', async () => ({ hello: 'world' }));", path = '/hello' } = {},
) {
  const code = `import Fastify from 'fastify';
${setup}
const app = Fastify({ logger: false });
${routes}
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null || tries > 1000) throw new Error('the bare Fastify server did not start');
    try {
      await fetch(`${base}/`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  return {
    url: `${base}${path}`,
    pid: child.pid!,
    rssMb: () => rssMb(child.pid!),
    close: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill())),
  };
}

export interface Comparison {
  bare: Throughput;
  ours: Throughput;
  ratio: number;
  rounds: Array<{ bare: Round; ours: Round }>;
}

// Both servers get the same warm-up (JIT, connection pools), then alternate short rounds so a change
// in the machine's load during the run hits both alike. Throughput is requests over the measured time;
// the ratio is the median of the rounds' ratios, each taken from neighbouring seconds (on this VM one
// round of either side can swing by a third); p99 is the worst round's.
export async function compareThroughput(options: {
  bareUrl: string;
  oursUrl: string;
  headers: Record<string, string>;
  // The yardstick's own headers, when it is one of our routes too (the limit on vs off).
  bareHeaders?: Record<string, string>;
  // The two server processes, for their CPU per request.
  barePid?: number;
  oursPid?: number;
  connections?: number;
  rounds?: number;
  roundSeconds?: number;
  warmupSeconds?: number;
}): Promise<Comparison> {
  const {
    bareUrl,
    oursUrl,
    headers,
    bareHeaders = {},
    barePid,
    oursPid,
    connections = 50,
    rounds = 5,
    roundSeconds = 3,
    warmupSeconds = 2,
  } = options;
  await measureRound(bareUrl, bareHeaders, warmupSeconds, connections);
  await measureRound(oursUrl, headers, warmupSeconds, connections);
  const measured: Comparison['rounds'] = [];
  for (let i = 0; i < rounds; i++) {
    const bare = await measureRound(bareUrl, bareHeaders, roundSeconds, connections, barePid);
    const ours = await measureRound(oursUrl, headers, roundSeconds, connections, oursPid);
    measured.push({ bare, ours });
  }
  const combine = (pick: (round: Comparison['rounds'][number]) => Round): Throughput => {
    const cpu = measured.map((round) => pick(round).cpuUs).filter((us) => us !== null);
    return {
      rps: Math.round(measured.reduce((total, round) => total + pick(round).requests, 0) / (rounds * roundSeconds)),
      p99Ms: Math.max(...measured.map((round) => pick(round).p99Ms)),
      errors: measured.reduce((total, round) => total + pick(round).errors, 0),
      cpuUs: cpu.length ? rounded(median(cpu)) : null,
    };
  };
  const bare = combine((round) => round.bare);
  const ours = combine((round) => round.ours);
  return { bare, ours, ratio: median(measured.map((round) => round.ours.rps / round.bare.rps)), rounds: measured };
}
