// The board's server budgets (product rules B6, B7): a page of 50 tasks against the bare route, and the
// time from a move's 2xx to its event on another connection's live stream.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Column, LiveEvent, Task } from '#src/shared/tasks/paths.ts';
import type { BenchAccount } from './account.ts';
import { compareThroughput, type Comparison } from './api-throughput.ts';
import { startServer, type BenchServer } from './server.ts';
import { round } from './stats.ts';

const json = { 'content-type': 'application/json' };

async function call<T>(url: string, cookie: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { cookie, ...(body === undefined ? {} : json) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface Board {
  workspaceUrl: string;
  columns: Column[];
}

// The account's workspace, with `tasks` tasks in its first column.
export async function seedBoard(url: string, account: BenchAccount, tasks: number): Promise<Board> {
  const { currentId } = await call<{ currentId: string }>(`${url}/api/workspaces`, account.cookie, 'GET');
  const workspaceUrl = `${url}/api/workspaces/${currentId}`;
  const { columns } = await call<{ columns: Column[] }>(`${workspaceUrl}/columns`, account.cookie, 'GET');
  for (let i = 0; i < tasks; i++) {
    await call(`${workspaceUrl}/tasks`, account.cookie, 'POST', {
      title: `Bench task ${i}`,
      description: 'A task of the bench board, with **a little** Markdown.',
      labels: ['bench', `group-${i % 5}`],
      priority: (['low', 'medium', 'high'] as const)[i % 3],
    });
  }
  return { workspaceUrl, columns };
}

// The first column's first page, as the board asks for it.
export const firstPageUrl = (board: Board) => `${board.workspaceUrl}/tasks?column=${board.columns[0]!.id}`;

// A board of 50 tasks in the account's workspace, and the URL of its one page (the probes' task-list).
export async function prepareTaskList(url: string, account: BenchAccount): Promise<string> {
  return firstPageUrl(await seedBoard(url, account, 50));
}

// GET one page of 50 of a column, as the board does, against the bare route in the same run.
export async function listThroughput(
  board: Board,
  account: BenchAccount,
  bare: { url: string; pid: number },
  oursPid: number,
): Promise<Comparison> {
  return compareThroughput({
    bareUrl: bare.url,
    oursUrl: firstPageUrl(board),
    headers: { cookie: account.cookie },
    barePid: bare.pid,
    oursPid,
  });
}

export interface Stream {
  next: (test: (event: LiveEvent) => boolean) => Promise<number>;
  close: () => void;
}

// A live stream read the way EventSource reads it; `next` resolves with the time the matching event arrived.
export async function openStream(workspaceUrl: string, cookie: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${workspaceUrl}/events`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`the event stream answered ${response.status}`);
  // A holder, not a variable: the reader below and `next` both change it.
  const slot: { waiting: { test: (event: LiveEvent) => boolean; resolve: (at: number) => void } | null } = { waiting: null };
  let pending = '';
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        pending += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const data = /^data: (.*)$/m.exec(pending.slice(0, end))?.[1];
          pending = pending.slice(end + 2);
          const waiting = slot.waiting;
          if (!data || !waiting) continue;
          const event = JSON.parse(data) as LiveEvent;
          if (waiting.test(event)) {
            slot.waiting = null;
            waiting.resolve(at);
          }
        }
      }
    } catch {
      // Closed.
    }
  })();
  return {
    next: (test) => new Promise((resolve) => (slot.waiting = { test, resolve })),
    close: () => controller.abort(),
  };
}

export interface LiveLatency {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

// `moves` moves through `mover`, each waited for on a stream of `watcher` (another instance, or the
// same one): the time from the move's 2xx to the event's arrival.
export async function liveLatency(mover: Board, watcherWorkspaceUrl: string, account: BenchAccount, moves = 60): Promise<LiveLatency> {
  const stream = await openStream(watcherWorkspaceUrl, account.cookie);
  try {
    const { task } = await call<{ task: Task }>(`${mover.workspaceUrl}/tasks`, account.cookie, 'POST', { title: 'Moving card' });
    const delays: number[] = [];
    for (let i = 0; i < moves; i++) {
      const columnId = mover.columns[(i + 1) % 2]!.id;
      const arrived = stream.next(
        (event) => event.type === 'task.updated' && event.task.id === task.id && event.task.columnId === columnId,
      );
      await call(`${mover.workspaceUrl}/tasks/${task.id}/move`, account.cookie, 'POST', { columnId, afterId: null });
      const answered = performance.now();
      delays.push(Math.max(0, (await arrived) - answered));
    }
    const sorted = delays.sort((a, b) => a - b);
    const at = (share: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!);
    return { samples: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: round(sorted.at(-1)!) };
  } finally {
    stream.close();
  }
}

export interface PostgresPair {
  a: BenchServer;
  b: BenchServer;
  // The database both share, for benches that seed in bulk.
  databaseUrl: string;
  stop: () => Promise<void>;
}

// Two production servers on one fresh PostgreSQL database (dropped at the end); `extra` joins their
// environment (REDIS_URL, for what passes between instances through Redis).
export async function startPostgresPair(
  adminUrl: string,
  ports: [number, number],
  extra: Record<string, string> = {},
): Promise<PostgresPair> {
  const name = `tessera_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    APP_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_MULTIPLIER: '1000000',
    LOG_LEVEL: 'warn',
    ...extra,
  };
  const a = await startServer(ports[0], env);
  const b = await startServer(ports[1], env);
  return {
    a,
    b,
    databaseUrl: env.DATABASE_URL,
    async stop() {
      await a.stop();
      await b.stop();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
