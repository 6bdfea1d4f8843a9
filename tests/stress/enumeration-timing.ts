import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, startServer } from './server-process.ts';

const ROUNDS = 100;
const MAX_GAP_MS = 0.3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// Forgot-password and resend for an existing account answered ~0.9 ms slower (the code was
// written and flushed before the answer). Requests for a known and an unknown address are timed in
// pairs, which goes first alternating; the median of the pairs' differences may be at most 0.3 ms.
// Pairs, not the two medians apart: on a host whose speed drifts (CI after the load test) the medians
// moved 0.75 ms apart with no difference in the work. Timings live here, never in the unit tests.
// A gap over the bound is measured once more on a fresh server, and the second measurement decides:
// the work a known address rightly does after its answer competes with this process for the CPU on a
// crowded host (with two busy loops beside it here, 0.3–0.5 ms of gap with nothing before the answer),
// while that work moved before the answer showed 1.0–1.5 ms every time.
export async function enumerationTiming(port: number) {
  const first = await measureGaps(port);
  if (first.ok) return first;
  return { ...(await measureGaps(port)), firstMeasurement: first };
}

async function measureGaps(port: number) {
  const server = await startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-timing-')), DATABASE_URL: '' }, port);
  try {
    const known = `timing.${Date.now()}@example.com`;
    const unknown = `nobody.${Date.now()}@example.com`;
    // Registered, not verified: resend has work to do for it, and so has forgot-password.
    await api(server.url, 'POST', '/register', { name: 'Timing', email: known, password: 'timing-test-pass' });
    const gaps: Record<string, { knownMs: number; unknownMs: number; gapMs: number }> = {};
    for (const path of ['/forgot-password', '/resend-verification']) {
      const timeOf = async (email: string) => {
        const started = performance.now();
        const answer = await api(server.url, 'POST', path, { email });
        const elapsed = performance.now() - started;
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        // Lets the work that follows an answer finish before the next request is timed.
        await new Promise((resolve) => setTimeout(resolve, 15));
        return elapsed;
      };
      for (let i = 0; i < 10; i++) await timeOf(i % 2 ? known : unknown);
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      const differences: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const knownFirst = i % 2 === 1;
        const first = await timeOf(knownFirst ? known : unknown);
        const second = await timeOf(knownFirst ? unknown : known);
        const [knownMs, unknownMs] = knownFirst ? [first, second] : [second, first];
        knownTimes.push(knownMs);
        unknownTimes.push(unknownMs);
        differences.push(knownMs - unknownMs);
      }
      gaps[path] = {
        knownMs: round(median(knownTimes)),
        unknownMs: round(median(unknownTimes)),
        gapMs: round(Math.abs(median(differences))),
      };
    }
    return { ok: Object.values(gaps).every(({ gapMs }) => gapMs <= MAX_GAP_MS), maxGapMs: MAX_GAP_MS, rounds: ROUNDS, ...gaps };
  } finally {
    await server.kill();
  }
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
