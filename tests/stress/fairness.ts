// One workspace cannot slow another: a member flooding task creation (20 KB descriptions, 20
// connections) is stopped by the write limits while another workspace's board stays as fast as it was;
// 20 webhook endpoints that never answer do not hold up another workspace's delivery; and four large
// data exports at once leave another person's requests fast.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { AccountExportInfo } from '#src/shared/account-security/paths.ts';
import { openSqlite } from '#src/server/db/connect.ts';
import { writeLimits } from '#src/server/http/rate-limit.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { api, startServer, type ServerProcess } from './server-process.ts';

const FLOOD_S = Number(process.env.FLOOD_SECONDS ?? 10);
const NEIGHBOUR_P97_5_MAX_MS = 25;
// Tasks of 20 KB each per exporting account: 2,000 make an export of about 40 MB.
const EXPORT_TASKS = Number(process.env.EXPORT_TASKS ?? 2000);
const EXPORT_S = Number(process.env.EXPORT_SECONDS ?? 15);
const CURRENT_USER_P99_MAX_MS = 50;

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

async function member(server: ServerProcess, mail: SmtpSink, name: string) {
  const email = `${name.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  const password = 'fairness-pass-1';
  await api(server.url, 'POST', '/register', { name, email, password });
  await api(server.url, 'POST', '/verify-email', { email, code: (await mail.waitFor(email)).code });
  const { cookie } = await api(server.url, 'POST', '/login', { email, password });
  const workspaceId = (await api(server.url, 'GET', '/workspaces', undefined, cookie)).body.currentId as string;
  // The Origin the same-origin check wants on every write.
  return { cookie: cookie!, workspaceId, headers: { cookie: cookie!, 'content-type': 'application/json', origin: server.url } };
}

async function flood(server: ServerProcess, mail: SmtpSink) {
  const flooder = await member(server, mail, 'Flooder');
  const neighbour = await member(server, mail, 'Neighbour');
  for (let n = 0; n < 50; n++) {
    await api(server.url, 'POST', `/workspaces/${neighbour.workspaceId}/tasks`, { title: `Neighbour task ${n}` }, neighbour.cookie);
  }
  const board = {
    url: `${server.url}/api/workspaces/${neighbour.workspaceId}/tasks`,
    connections: 4,
    duration: FLOOD_S,
    headers: neighbour.headers,
  };
  await run({ ...board, duration: 2 });
  const quiet = await run(board);
  const [during, flooding] = await Promise.all([
    run(board),
    run({
      url: `${server.url}/api/workspaces/${flooder.workspaceId}/tasks`,
      method: 'POST',
      connections: 20,
      duration: FLOOD_S,
      headers: flooder.headers,
      body: JSON.stringify({ title: 'Flood', description: 'x'.repeat(20_000) }),
    }),
  ]);
  const codes = Object.fromEntries(Object.entries(flooding.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]));
  return {
    quietP97_5ms: quiet.latency.p97_5,
    duringFloodP97_5ms: during.latency.p97_5,
    floodRequests: flooding.requests.total,
    floodStatuses: codes,
    neighbourErrors: during.errors + during.non2xx,
    // The flood makes no more than one person's allowance, and the neighbour's board stays fast: its
    // quiet figure is under a millisecond, which autocannon reports as 0, so "twice that" cannot be
    // measured; 25 ms is a sixth of what the same flood caused before the limits (150 ms).
    ok:
      during.non2xx === 0 &&
      during.errors === 0 &&
      (codes['201'] ?? 0) <= writeLimits.person.max &&
      during.latency.p97_5 <= Math.max(2 * quiet.latency.p97_5, NEIGHBOUR_P97_5_MAX_MS),
  };
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

async function starvation(server: ServerProcess, mail: SmtpSink) {
  const slow = await member(server, mail, 'Silent');
  const other = await member(server, mail, 'Waiting');
  // Answers nothing until the end, like a receiver whose process hangs.
  const silent = await listen(() => undefined);
  let arrivedAt = 0;
  const quick = await listen((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivedAt ||= Date.now();
      response.end('thanks');
    });
  });
  try {
    for (let n = 0; n < 20; n++) {
      await api(
        server.url,
        'POST',
        `/workspaces/${slow.workspaceId}/webhooks`,
        { url: `${silent.url}?n=${n}`, events: ['task.created'] },
        slow.cookie,
      );
    }
    await api(server.url, 'POST', `/workspaces/${other.workspaceId}/webhooks`, { url: quick.url, events: ['task.created'] }, other.cookie);
    for (let n = 0; n < 25; n++)
      await api(server.url, 'POST', `/workspaces/${slow.workspaceId}/tasks`, { title: `Slow ${n}` }, slow.cookie);
    const sent = Date.now();
    await api(server.url, 'POST', `/workspaces/${other.workspaceId}/tasks`, { title: 'Waiting for its webhook' }, other.cookie);
    while (!arrivedAt && Date.now() - sent < 30_000) await new Promise((resolve) => setTimeout(resolve, 20));
    const delayMs = arrivedAt ? arrivedAt - sent : null;
    return { hangingDeliveries: 20 * 25, otherWorkspaceDelayMs: delayMs, ok: delayMs !== null && delayMs < 5000 };
  } finally {
    silent.server.closeAllConnections();
    silent.server.close();
    quick.server.close();
  }
}

// Four people ask for their (large) data at once; meanwhile another person's /api/current-user is
// measured until all four exports are ready. The exports are made in the background, one at a time,
// a page at a time, so nobody else waits on them.
async function exports(server: ServerProcess, mail: SmtpSink, dataDir: string) {
  const exporters = [];
  for (const name of ['Ava', 'Ben', 'Cyd', 'Dee']) exporters.push(await member(server, mail, `Exporter${name}`));
  const bystander = await member(server, mail, 'Bystander');
  // Their tasks go straight into the database: the write limits would (rightly) take hours to let this
  // much in through the API.
  const db = await openSqlite(join(dataDir, 'tessera.db'));
  try {
    for (const exporter of exporters) {
      const userId = (await api(server.url, 'GET', '/current-user', undefined, exporter.cookie)).body.user.id as string;
      // A board makes its default columns on its first read.
      await api(server.url, 'GET', `/workspaces/${exporter.workspaceId}/columns`, undefined, exporter.cookie);
      const column = await db.kysely
        .selectFrom('board_columns')
        .select('id')
        .where('workspace_id', '=', exporter.workspaceId)
        .orderBy('position')
        .executeTakeFirstOrThrow();
      const now = Date.now();
      for (let start = 0; start < EXPORT_TASKS; start += 200) {
        const rows = Array.from({ length: Math.min(200, EXPORT_TASKS - start) }, (_, i) => ({
          id: randomUUID(),
          workspace_id: exporter.workspaceId,
          column_id: column.id,
          title: `Exported ${start + i}`,
          description: 'x'.repeat(20_000),
          assignee_id: null,
          priority: 'medium' as const,
          due_date: null,
          labels: '[]',
          position: `e${String(start + i).padStart(7, '0')}`,
          number: start + i + 1,
          created_by: userId,
          version: 1,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        }));
        await db.kysely.insertInto('tasks').values(rows).execute();
      }
      await db.kysely.updateTable('workspaces').set({ last_task_number: EXPORT_TASKS }).where('id', '=', exporter.workspaceId).execute();
    }
  } finally {
    await db.close();
  }
  const currentUser = { url: `${server.url}/api/current-user`, connections: 4, headers: bystander.headers };
  await run({ ...currentUser, duration: 2 });
  const quiet = await run({ ...currentUser, duration: 5 });
  const asked = await Promise.all(exporters.map((exporter) => api(server.url, 'POST', '/account/exports', {}, exporter.cookie)));
  const started = Date.now();
  const measuring = run({ ...currentUser, duration: EXPORT_S });
  let readyAfterMs: number | null = null;
  let sizes: number[] = [];
  while (readyAfterMs === null && Date.now() - started < EXPORT_S * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const lists = await Promise.all(exporters.map((exporter) => api(server.url, 'GET', '/account/exports', undefined, exporter.cookie)));
    const ready = lists.map((list) => (list.body.exports as AccountExportInfo[]).find((one) => one.status === 'ready'));
    if (ready.every(Boolean)) {
      readyAfterMs = Date.now() - started;
      sizes = ready.map((one) => one!.sizeBytes!);
    }
  }
  const during = await measuring;
  return {
    tasksPerAccount: EXPORT_TASKS,
    exportsAccepted: asked.filter((answer) => answer.status === 202).length,
    exportMegabytes: sizes.map((size) => Math.round(size / 1e6)),
    allReadyAfterMs: readyAfterMs,
    quietP99ms: quiet.latency.p99,
    duringExportsP99ms: during.latency.p99,
    currentUserErrors: during.errors + during.non2xx,
    // The measurement spans the exports (all four ready within it), and p99 stays under 50 ms.
    ok:
      asked.every((answer) => answer.status === 202) &&
      readyAfterMs !== null &&
      during.errors + during.non2xx === 0 &&
      during.latency.p99 <= CURRENT_USER_P99_MAX_MS,
  };
}

export async function fairness(port: number) {
  const mail = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-fairness-'));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: mail.url,
      RATE_LIMIT_MULTIPLIER: '1',
      WEBHOOK_ALLOW_LOOPBACK: '1',
    },
    port,
  );
  try {
    return {
      flood: await flood(server, mail),
      starvation: await starvation(server, mail),
      exports: await exports(server, mail, dataDir),
    };
  } finally {
    await server.kill();
    await mail.close();
  }
}
