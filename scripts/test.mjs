// `npm test`: unit, component and server tests (Vitest; PostgreSQL too when DATABASE_URL is set),
// then a fresh build and the end-to-end tests in Chromium against the real server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { BROWSER_HELP, findBrowser } from '../tests/support/find-browser.mjs';

if (!(await findBrowser())) {
  console.error(BROWSER_HELP);
  process.exit(1);
}
mkdirSync('reports', { recursive: true });

const step = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env }).status === 0;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

console.log('\n== Type check');
if (!step('npm', ['run', '--silent', 'typecheck'])) {
  console.log('tests: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

// The build runs beside Vitest (no Vitest test reads dist/): Vitest's server tests mostly wait on their
// databases, so the build takes the core they leave idle.
// Its output goes to a file, not a pipe: the synchronous Vitest step below would leave a pipe unread.
const buildLog = openSync('reports/build.log', 'w');
const build = new Promise((resolve) => {
  spawn('npm', ['run', 'build'], { env: process.env, stdio: ['ignore', buildLog, buildLog] }).on('close', (code) => resolve(code === 0));
});
console.log(`\n== Vitest (database engines: sqlite${process.env.DATABASE_URL || process.env.TEST_DATABASE_URL ? ' + postgres' : ''})`);
const unitOk = step('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=reports/vitest.json']);
console.log('\n== Build (run beside Vitest)');
const buildOk = await build;
process.stdout.write(readFileSync('reports/build.log', 'utf8'));
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
process.exit(ok ? 0 : 1);
