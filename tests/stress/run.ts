// `npm run test:stress`: crash safety on SQLite and PostgreSQL, a database outage, load and a sign-in burst,
// and the answer times of known and unknown addresses.
// Prints one JSON summary per suite and a closing line; exits non-zero when any fails.
import { existsSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { postgresUrl } from '../support/test-db.ts';
import { crashSafety } from './crash-safety.ts';
import { databaseOutage } from './db-outage.ts';
import { docsCrash } from './docs-crash.ts';
import { enumerationTiming } from './enumeration-timing.ts';
import { fairness } from './fairness.ts';
import { load } from './load.ts';
import { webhookCrash } from './webhook-crash.ts';

if (!existsSync('dist/server/main.js')) {
  if (spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

const results: Record<string, unknown> = {};
let passed = 0;
let failed = 0;
function record(name: string, ok: boolean, detail: unknown) {
  results[name] = detail;
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${JSON.stringify(detail)}`);
}

// First, on a host nothing else has used yet: CI's one failure of it came after four 41 MB exports.
const timing = await enumerationTiming(4504);
record('enumeration timing', timing.ok, timing);
for (const engine of postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  const crash = await crashSafety(engine, 4501);
  record(`crash-safety (${engine})`, crash.lost.length === 0 && crash.halfWritten === 0 && crash.acknowledgedWrites > 0, crash);
}
// A SIGKILL during a burst of 500 changes loses no webhook.
for (const engine of postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  const hooks = await webhookCrash(engine, 4505);
  record(`webhook crash (${engine})`, hooks.lost === 0 && hooks.acknowledged > 0, hooks);
}
// A SIGKILL while someone types loses no line the server acknowledged.
for (const engine of postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  const docs = await docsCrash(engine, 4507);
  record(`docs crash (${engine})`, docs.lost.length === 0 && docs.acknowledged > 0, docs);
}
const outage = await databaseOutage(4502);
if ('skipped' in outage) console.log(`SKIP database outage: ${outage.skipped}`);
else record('database outage', outage.ok, outage);
const loadResult = await load(4503);
record('load', loadResult.ok, loadResult);
const fair = await fairness(4506);
record('fairness: a flood of task creation in one workspace', fair.flood.ok, fair.flood);
record('fairness: hanging webhook endpoints of one workspace', fair.starvation.ok, fair.starvation);
record('fairness: /api/current-user p99 during four data exports', fair.exports.ok, fair.exports);

writeFileSync('tests/stress/last-run.json', JSON.stringify({ at: new Date().toISOString(), results }, null, 2) + '\n');
console.log(`\nstress: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
