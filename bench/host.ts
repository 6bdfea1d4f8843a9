import { spawnSync } from 'node:child_process';
import { fstatSync } from 'node:fs';
import { loadavg } from 'node:os';
import { median, round } from './stats.ts';

export interface HostCalibration {
  // 200 million additions in a loop: the CPU alone.
  loopMs: number;
  // One fstat(2): what the kernel charges per system call (an HTTP request makes two or three).
  syscallUs: number;
  // `node -e 0` from spawn to exit: what a process start costs here.
  nodeStartMs: number;
  // A page of memory touched for the first time: what every new process, heap and browser tab pays per
  // 4 KiB it uses (0.1–0.5 µs on common hosts; 11 µs on the one of 2026-12-01, docs/performance.md).
  pageFaultUs: number;
  loadAverage: number[];
}

const time = (work: () => void) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

// The budgets are judged on a quiet machine, but a quiet virtual machine is not always as fast as the
// last one: on 2026-11-28 one ran the bare Fastify route at 66,000–90,000 requests a second and the next,
// at the same load average, at 21,000, with every system call costing several times more. These
// figures go at the head of every run so two runs can be told apart before their rows are compared.
export function calibrateHost(): HostCalibration {
  const loopMs = Math.min(
    ...[1, 2, 3].map(() =>
      time(() => {
        let sum = 0;
        for (let i = 0; i < 2e8; i++) sum += i & 7;
        if (sum < 0) throw new Error('unreachable: keeps the loop from being optimized away');
      }),
    ),
  );
  const calls = 100_000;
  const syscallUs = Math.min(
    ...[1, 2, 3].map(
      () =>
        (time(() => {
          for (let i = 0; i < calls; i++) fstatSync(1);
        }) *
          1000) /
        calls,
    ),
  );
  // 64 MiB each time: above glibc's largest mmap threshold (32 MiB), so every try gets fresh pages.
  const pages = (64 * 1024 * 1024) / 4096;
  const pageFaultUs = Math.min(
    ...[1, 2, 3].map((): number => {
      const fresh = Buffer.allocUnsafeSlow(pages * 4096);
      return (
        (time(() => {
          for (let page = 0; page < pages; page++) fresh[page * 4096] = 1;
        }) *
          1000) /
        pages
      );
    }),
  );
  const nodeStartMs = median([1, 2, 3, 4, 5].map(() => time(() => spawnSync(process.execPath, ['-e', '0']))));
  return {
    loopMs: round(loopMs, 0),
    syscallUs: round(syscallUs, 2),
    nodeStartMs: round(nodeStartMs, 0),
    pageFaultUs: round(pageFaultUs, 2),
    loadAverage: loadavg(),
  };
}

// Two descriptions of one host further apart than this (a share of the first) describe different hosts.
export const HOST_TOLERANCE = 0.25;

export const describeHost = (host: HostCalibration) =>
  `host: a 2e8-step loop ${host.loopMs} ms, a system call ${host.syscallUs} µs, a new page ${host.pageFaultUs} µs, node -e 0 ${host.nodeStartMs} ms; load average ${host.loadAverage
    .map((load) => load.toFixed(2))
    .join(' ')}`;
