// `npm test`: the type check, lint and format check, then unit, component and server tests (Vitest;
// PostgreSQL too when DATABASE_URL is set), a fresh build and the end-to-end tests in Chromium against the
// real server. Each step says how long it took.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { BROWSER_HELP, findBrowser } from '../tests/support/find-browser.mjs';

if (!(await findBrowser())) {
  console.error(BROWSER_HELP);
  process.exit(1);
}
mkdirSync('reports', { recursive: true });

const started = Date.now();
const secondsSince = (since) => Math.round((Date.now() - since) / 1000);
const took = (since) => console.log(`(${secondsSince(since)} s)`);
const step = (command, args) => {
  const since = Date.now();
  const ok = spawnSync(command, args, { stdio: 'inherit', env: process.env }).status === 0;
  took(since);
  return ok;
};
// A step beside others writes to a file, printed once it ends, so the outputs do not interleave.
const besideOthers = (script) =>
  new Promise((resolve) => {
    const log = `reports/${script.replace(':', '-')}.log`;
    const output = openSync(log, 'w');
    spawn('npm', ['run', '--silent', script], { env: process.env, stdio: ['ignore', output, output] }).on('close', (code) =>
      resolve({ script, ok: code === 0, log }),
    );
  });
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

// None of them keeps both cores busy throughout, so the three run side by side: 104 s on this two-core
// machine, against 116 s one after the other.
console.log('\n== Type check, lint and format check (side by side)');
const gates = await Promise.all(['typecheck', 'lint', 'format:check'].map(besideOthers));
for (const { script, ok, log } of gates) {
  console.log(`-- ${script}: ${ok ? 'ok' : 'FAILED'}`);
  if (!ok) process.stdout.write(readFileSync(log, 'utf8'));
}
took(started);
if (!gates.every((gate) => gate.ok)) {
  console.log(`tests: 0 passed, ${gates.filter((gate) => !gate.ok).length} failed, 0 skipped`);
  process.exit(1);
}

// The build runs beside Vitest (no Vitest test reads dist/): Vitest's server tests mostly wait on their
// databases, so the build takes the time they leave idle.
const build = besideOthers('build');
console.log(`\n== Vitest (database engines: sqlite${process.env.DATABASE_URL || process.env.TEST_DATABASE_URL ? ' + postgres' : ''})`);
const unitOk = step('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=reports/vitest.json']);
console.log('\n== Build (run beside Vitest)');
const { ok: buildOk, log: buildLog } = await build;
process.stdout.write(readFileSync(buildLog, 'utf8'));
console.log('\n== Playwright (Chromium, built app on the real server)');
const e2eOk = buildOk && step('npx', ['playwright', 'test']);

const vitest = readJson('reports/vitest.json');
const e2e = buildOk ? readJson('reports/e2e.json') : null;
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);
// A step that failed without a failing test (a crash, a broken build) still counts as one failure.
const stepFailures = [unitOk, buildOk, e2eOk].filter((stepOk) => !stepOk).length;
const ok = stepFailures === 0 && failed === 0;
console.log(
  `\nvitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed; playwright: ${e2e?.stats?.expected ?? 0} passed, ${e2e?.stats?.unexpected ?? 0} failed`,
);
console.log(`tests: ${passed} passed, ${Math.max(failed, stepFailures)} failed, ${skipped} skipped`);
console.log(`npm test took ${secondsSince(started)} s`);
process.exit(ok ? 0 : 1);
