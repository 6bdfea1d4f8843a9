import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  url: string;
  child: ChildProcess;
  // Spawn to first 200 from /api/health.
  startMs: number;
  // Its DATA_DIR (the embedded database is tessera.db there), for benches that seed in bulk.
  dataDir: string;
  // Everything the server printed so far (the console mailer writes its codes here).
  output(): string;
  rssMb(): number;
  stop(): Promise<void>;
}

// The process's user + system CPU time in ms (/proc/<pid>/stat, in clock ticks of 10 ms), threads included:
// per request or per update, steadier than throughput on a machine shared with other work.
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// VmRSS of a process, in MB: what the operating system holds for it, heap and native memory alike.
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

// A bare http.get without keep-alive, so polling costs the bench process as little as possible and
// the first answer is seen within a couple of milliseconds.
function healthStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/health`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

// The production build as `npm start` runs it, on a fresh embedded database.
// `nodeArgs` go before the script (a probe's --cpu-prof, which NODE_OPTIONS refuses). `main` runs another
// build (bench/compare-builds.ts); `cpu` pins the process to one core, leaving the other to the load.
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  { main = 'dist/server/main.js', cpu }: { main?: string; cpu?: number } = {},
): Promise<BenchServer> {
  const url = `http://127.0.0.1:${port}`;
  // Another server on the port would answer the health check below in this one's place.
  if ((await healthStatus(url)) !== 0) throw new Error(`port ${port} is already in use (BENCH_PORT_OFFSET moves the bench's ports)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  let output = '';
  const started = performance.now();
  const command = [process.execPath, ...nodeArgs, main];
  const [program, ...args] = cpu === undefined ? command : ['taskset', '-c', String(cpu), ...command];
  const child = spawn(program!, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  while ((await healthStatus(url)) !== 200) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited during start:\n${output.slice(-2000)}`);
    if (performance.now() - started > 30_000) throw new Error(`server on port ${port} did not answer /api/health within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    startMs,
    dataDir,
    output: () => output,
    rssMb: () => rssMb(child.pid!),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
