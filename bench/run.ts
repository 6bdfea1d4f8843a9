// `npm run bench`: every measurement of the performance budgets of product rules B against the production build,
// one table, bench/results.json, and a non-zero exit when a budget is broken.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createSignedInAccount } from './account.ts';
import { compareThroughput, startBareFastify } from './api-throughput.ts';
import { boardRender } from './board-render.ts';
import { liveLatency, listThroughput, seedBoard, startPostgresPair } from './board.ts';
import { budgets } from './budgets.ts';
import { measureColdStart } from './cold-start.ts';
import { firstLoadBytes } from './landing-bundle.ts';
import { lighthouse } from './lighthouse.ts';
import { preparePublicApi } from './public-api.ts';
import { startServer } from './server.ts';
import { signInCost } from './sign-in-cost.ts';
import { round } from './stats.ts';

// Ports 4400-4499 belong to the bench.
const PORTS = {
  coldStart: [4410, 4411, 4412, 4413, 4414],
  server: 4420,
  bare: 4421,
  bareVerify: 4422,
  bareTasks: 4423,
  postgresPair: [4424, 4425] as [number, number],
  unlimited: 4426,
};

interface Row {
  measurement: string;
  value: string;
  budget: string;
  // null: not measured here (the reason is in value); it neither passes nor breaks the bench.
  ok: boolean | null;
}
const rows: Row[] = [];
const results: Record<string, unknown> = {};
const row = (measurement: string, value: string, budget: string, ok: boolean | null) => rows.push({ measurement, value, budget, ok });
const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 80);

if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
  progress('no production build, running npm run build');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}
const began = performance.now();

progress('cold start and idle memory (5 fresh servers)');
const cold = await measureColdStart(PORTS.coldStart);
results.coldStart = cold;
row(
  'cold start to first 200 of /api/health (median of 5)',
  `${cold.medianStartMs.toFixed(0)} ms`,
  `< ${budgets.coldStartMs} ms`,
  cold.medianStartMs < budgets.coldStartMs,
);
row(
  'idle memory, RSS 1 s after start (median of 5)',
  `${cold.medianIdleRssMb.toFixed(0)} MB`,
  `< ${budgets.idleRssMb} MB`,
  cold.medianIdleRssMb < budgets.idleRssMb,
);

// Rate limits lifted so the load and the repeated sign-ins measure work, not 429s; request logging
// off (LOG_LEVEL=warn), as for the bare route it is compared with.
const server = await startServer(PORTS.server, { RATE_LIMIT_MULTIPLIER: '1000000', LOG_LEVEL: 'warn' });
try {
  const account = await createSignedInAccount(server);

  progress('landing page first-load bytes');
  try {
    const landing = await firstLoadBytes(`${server.url}/`);
    results.landing = landing;
    const largest = landing.files.find((file) => file.type === 'script');
    const note = largest ? ` (largest ${largest.file.replace('/assets/', '')} ${largest.gzipKb} KB)` : '';
    row(
      'landing / first-load JS, gzip',
      `${landing.jsKb.toFixed(1)} KB${note}`,
      `≤ ${budgets.landingJsKb} KB`,
      landing.jsKb <= budgets.landingJsKb,
    );
    row(
      'landing / first-load CSS, gzip',
      `${landing.cssKb.toFixed(1)} KB`,
      `≤ ${budgets.landingCssKb} KB`,
      landing.cssKb <= budgets.landingCssKb,
    );
  } catch (error) {
    row(
      'landing / first-load JS and CSS, gzip',
      `not measured: ${reason(error)}`,
      `≤ ${budgets.landingJsKb} / ${budgets.landingCssKb} KB`,
      false,
    );
  }

  for (const path of ['/', '/pricing']) {
    progress(`Lighthouse mobile ${path} (3 runs)`);
    try {
      const { median, runs } = await lighthouse(`${server.url}${path}`);
      results[`lighthouse ${path}`] = { median, performanceRuns: runs.map((run) => run.performance) };
      row(
        `Lighthouse mobile ${path} performance (median of 3)`,
        String(median.performance),
        `≥ ${budgets.lighthousePerformance}`,
        median.performance >= budgets.lighthousePerformance,
      );
      const others = [median.accessibility, median.bestPractices, median.seo];
      row(
        `Lighthouse mobile ${path} accessibility / best practices / SEO`,
        others.join(' / '),
        `${budgets.lighthouseOther} each`,
        others.every((score) => score >= budgets.lighthouseOther),
      );
    } catch (error) {
      row(`Lighthouse mobile ${path}`, `not available: ${reason(error)}`, '—', null);
    }
  }

  progress('GET /api/current-user against a bare Fastify route (50 connections, 2 s warm-up + 5 alternating rounds of 3 s)');
  results.rssBeforeLoadMb = round(server.rssMb());
  const bare = await startBareFastify(PORTS.bare);
  try {
    const comparison = await compareThroughput({
      bareUrl: bare.url,
      oursUrl: `${server.url}/api/current-user`,
      headers: { cookie: account.cookie },
    });
    results.throughput = comparison;
    const { ours } = comparison;
    row(
      'GET /api/current-user signed in, 50 connections',
      `${ours.rps} req/s, ${ours.errors} errors (bare Fastify ${comparison.bare.rps} req/s)`,
      '0 errors',
      ours.errors === 0 && comparison.bare.errors === 0,
    );
    row(
      'current-user / bare route throughput (median of 5 rounds)',
      comparison.ratio.toFixed(2),
      `≥ ${budgets.currentUserRatio}`,
      comparison.ratio >= budgets.currentUserRatio,
    );
    row(
      'current-user p99 latency (worst round)',
      `${ours.p99Ms} ms (bare ${comparison.bare.p99Ms} ms)`,
      `< ${budgets.currentUserP99Ms} ms`,
      ours.p99Ms < budgets.currentUserP99Ms,
    );
  } finally {
    await bare.close();
  }
  const afterLoad = server.rssMb();
  results.rssAfterLoadMb = round(afterLoad);
  row('memory after the load run, RSS', `${afterLoad.toFixed(0)} MB`, `< ${budgets.afterLoadRssMb} MB`, afterLoad < budgets.afterLoadRssMb);

  progress('GET one page of 50 tasks against a bare Fastify route (50 connections), then live move latency');
  const board = await seedBoard(server.url, account, 60);
  const bareForTasks = await startBareFastify(PORTS.bareTasks);
  try {
    const tasks = await listThroughput(board, account, bareForTasks.url);
    results.taskList = tasks;
    row(
      'GET a page of 50 tasks / bare route throughput (median of 5 rounds)',
      `${tasks.ratio.toFixed(2)} (${tasks.ours.rps} vs ${tasks.bare.rps} req/s, ${tasks.ours.errors} errors)`,
      `≥ ${budgets.taskListRatio}`,
      tasks.ratio >= budgets.taskListRatio && tasks.ours.errors === 0,
    );
    row(
      'page of 50 tasks p99 latency (worst round)',
      `${tasks.ours.p99Ms} ms`,
      `< ${budgets.taskListP99Ms} ms`,
      tasks.ours.p99Ms < budgets.taskListP99Ms,
    );
  } finally {
    await bareForTasks.close();
  }
  const live = await liveLatency(board, board.workspaceUrl, account);
  results.liveSqlite = live;
  row(
    `move 2xx → event on another stream, p95 of ${live.samples} (SQLite)`,
    `${live.p95Ms} ms (p50 ${live.p50Ms}, max ${live.maxMs})`,
    `≤ ${budgets.liveP95Ms} ms`,
    live.p95Ms <= budgets.liveP95Ms,
  );

  progress('GET /api/v1/tasks (a page of 50) against a bare Fastify route, then with the per-key limit off');
  try {
    const publicApi = await preparePublicApi(server, account);
    const bareRoute = await startBareFastify(PORTS.bare);
    try {
      const comparison = await compareThroughput({ bareUrl: bareRoute.url, oursUrl: publicApi.url, headers: publicApi.headers });
      results.publicApi = comparison;
      row(
        'GET /api/v1/tasks page of 50 / bare route throughput',
        `${comparison.ratio.toFixed(2)} (${comparison.ours.rps} req/s, ${comparison.ours.errors} errors; bare ${comparison.bare.rps} req/s)`,
        `≥ ${budgets.publicApiRatio}, 0 errors`,
        comparison.ratio >= budgets.publicApiRatio && comparison.ours.errors === 0,
      );
      row(
        'GET /api/v1/tasks p99 latency (worst round)',
        `${comparison.ours.p99Ms} ms`,
        `< ${budgets.publicApiP99Ms} ms`,
        comparison.ours.p99Ms < budgets.publicApiP99Ms,
      );
    } finally {
      await bareRoute.close();
    }
    // The same build and data with API_RATE_LIMIT=off: what the per-key counter costs.
    const unlimited = await startServer(PORTS.unlimited, { RATE_LIMIT_MULTIPLIER: '1000000', LOG_LEVEL: 'warn', API_RATE_LIMIT: 'off' });
    try {
      const off = await preparePublicApi(unlimited, await createSignedInAccount(unlimited));
      const limit = await compareThroughput({
        bareUrl: off.url,
        bareHeaders: off.headers,
        oursUrl: publicApi.url,
        headers: publicApi.headers,
      });
      const overheadPct = (1 / limit.ratio - 1) * 100;
      results.publicApiLimit = { ...limit, overheadPct };
      row(
        'GET /api/v1/tasks per-key limit on vs off',
        `${overheadPct >= 0 ? '+' : ''}${overheadPct.toFixed(1)} % (${limit.ours.rps} vs ${limit.bare.rps} req/s)`,
        `< +${budgets.publicApiLimitOverheadPct} %`,
        overheadPct < budgets.publicApiLimitOverheadPct && limit.ours.errors === 0 && limit.bare.errors === 0,
      );
    } finally {
      await unlimited.stop();
    }
  } catch (error) {
    row('GET /api/v1/tasks page of 50', `not measured: ${reason(error)}`, `≥ ${budgets.publicApiRatio}`, false);
  }

  progress('sign-in latency against a bare Fastify argon2id verify route (60 sequential runs)');
  const cost = await signInCost(server.url, account.email, account.password, PORTS.bareVerify);
  results.signIn = cost;
  row(
    'POST /api/login median vs bare argon2id verify route',
    `${cost.loginMs.toFixed(1)} ms vs ${cost.bareMs.toFixed(1)} ms (+${cost.overheadPct.toFixed(0)} %)`,
    `< +${budgets.signInOverheadPct} %`,
    cost.overheadPct < budgets.signInOverheadPct,
  );

  progress('board of 1,000 tasks: first render and a keyboard move, from the trace (5 runs after a warm-up)');
  try {
    const rendered = await boardRender(server.url, account);
    results.boardRender = rendered;
    row(
      'B5 /board, 1,000 tasks: navigation to all columns painted (median of 5)',
      `${rendered.columnsPaintedMs} ms (all 1,000 loaded and painted: ${rendered.allTasksPaintedMs} ms)`,
      `≤ ${budgets.boardFirstRenderMs} ms`,
      rendered.columnsPaintedMs <= budgets.boardFirstRenderMs,
    );
    row(
      'B5 /board, 1,000 tasks: keyboard drop to repaint (median of 5)',
      `${rendered.moveMs} ms`,
      `≤ ${budgets.boardMoveMs} ms`,
      rendered.moveMs <= budgets.boardMoveMs,
    );
  } catch (error) {
    row('B5 /board, 1,000 tasks', `not measured: ${reason(error)}`, `≤ ${budgets.boardFirstRenderMs} / ${budgets.boardMoveMs} ms`, false);
  }
} finally {
  await server.stop();
}

// B7 across instances: a move through A, its event on a stream of B, on one PostgreSQL.
const postgresUrl = process.env.DATABASE_URL;
if (postgresUrl) {
  progress('live move latency across two instances on PostgreSQL');
  const pair = await startPostgresPair(postgresUrl, PORTS.postgresPair);
  try {
    const account = await createSignedInAccount(pair.a);
    const onA = await seedBoard(pair.a.url, account, 0);
    const live = await liveLatency(onA, onA.workspaceUrl.replace(pair.a.url, pair.b.url), account);
    results.livePostgresTwoInstances = live;
    row(
      `move 2xx on A → event on B, p95 of ${live.samples} (PostgreSQL)`,
      `${live.p95Ms} ms (p50 ${live.p50Ms}, max ${live.maxMs})`,
      `≤ ${budgets.liveP95Ms} ms`,
      live.p95Ms <= budgets.liveP95Ms,
    );
  } finally {
    await pair.stop();
  }
} else {
  row('move 2xx on A → event on B (PostgreSQL, two instances)', 'not measured: DATABASE_URL is not set', `≤ ${budgets.liveP95Ms} ms`, null);
}

const headers: Row = { measurement: 'measurement', value: 'value', budget: 'budget', ok: null };
const verdict = (r: Row) => (r === headers ? 'result' : r.ok === null ? 'n/a' : r.ok ? 'pass' : 'FAIL');
const width = (key: 'measurement' | 'value' | 'budget') => Math.max(...[headers, ...rows].map((r) => r[key].length));
const [w1, w2, w3] = [width('measurement'), width('value'), width('budget')];
const line = (r: Row) => `${r.measurement.padEnd(w1)}  ${r.value.padEnd(w2)}  ${r.budget.padEnd(w3)}  ${verdict(r)}`;
console.log(['', line(headers), '-'.repeat(w1 + w2 + w3 + 12), ...rows.map(line)].join('\n'));

const broken = rows.filter((r) => r.ok === false).length;
const seconds = Math.round((performance.now() - began) / 1000);
writeFileSync('bench/results.json', JSON.stringify({ at: new Date().toISOString(), seconds, rows, results }, null, 2) + '\n');
console.log(
  `\n${rows.filter((r) => r.ok).length} passed, ${broken} broken, ${rows.filter((r) => r.ok === null).length} not measured (${seconds} s; details in bench/results.json)`,
);
process.exit(broken === 0 ? 0 : 1);
