// The whole board of 1,000 tasks loaded as the web app loads it (the first screen in one request: the
// columns and each one's first page of 50; then every column's further pages, the columns side by side),
// on each engine: wall time per board, the server's CPU per board, and on PostgreSQL the database's own
// CPU per board (its backends' CPU for this database, from /proc), the figures issue 37's side-by-side
// run with Planka compared.
import { readdirSync, readFileSync } from 'node:fs';
import type { Engine } from '#src/server/db/connect.ts';
import type { BoardResponse, Column, TaskListResponse } from '#src/shared/tasks/paths.ts';
import { createTestDatabase } from '../tests/support/test-db.ts';
import { createSignedInAccount } from './account.ts';
import { call } from './notifications.ts';
import { cpuMs, startServer } from './server.ts';
import { median, round } from './stats.ts';

export const FULL_BOARD_TASKS = 1000;
const BOARDS = 20;
const WARM_UP = 3;

export interface FullBoardFigures {
  tasks: number;
  requests: number;
  medianMs: number;
  // Until the first screen is in (the columns and every column's first page): when the board shows.
  firstScreenMs: number;
  serverCpuMs: number;
  // PostgreSQL only: what its backends spent on this database per board.
  databaseCpuMs: number | null;
}

// CPU of the PostgreSQL backends serving `database` (their process titles name it), in ms.
function postgresCpuMs(database: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) total += cpuMs(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function loadBoard(workspaceUrl: string, cookie: string): Promise<{ requests: number; firstScreenMs: number }> {
  const started = performance.now();
  const { columns, pages } = await call<BoardResponse>(`${workspaceUrl}/board`, cookie);
  const firstScreenMs = performance.now() - started;
  const counts = await Promise.all(
    columns.map(async (column) => {
      let requests = 0;
      let cursor = pages[column.id]?.nextCursor ?? null;
      while (cursor) {
        const query = new URLSearchParams({ column: column.id, cursor });
        const page: TaskListResponse = await call(`${workspaceUrl}/tasks?${query}`, cookie);
        requests += 1;
        cursor = page.nextCursor;
      }
      return requests;
    }),
  );
  return { requests: 1 + counts.reduce((sum, count) => sum + count, 0), firstScreenMs };
}

// `options` passes a probe's node flags (a CPU profile) and build to the server (bench/server.ts).
export async function measureFullBoard(
  port: number,
  engine: Engine,
  options: { nodeArgs?: string[]; main?: string } = {},
): Promise<FullBoardFigures> {
  const { nodeArgs = [], main } = options;
  const database = engine === 'postgres' ? await createTestDatabase('postgres') : null;
  // Seeding 1,000 tasks through the API would meet the per-person create limit.
  const env: Record<string, string> = { RATE_LIMIT_MULTIPLIER: '1000000' };
  if (database) env.DATABASE_URL = database.location;
  const server = await startServer(port, env, nodeArgs, { main });
  try {
    const account = await createSignedInAccount(server);
    const { currentId } = await call<{ currentId: string }>(`${server.url}/api/workspaces`, account.cookie);
    const workspaceUrl = `${server.url}/api/workspaces/${currentId}`;
    const { columns } = await call<{ columns: Column[] }>(`${workspaceUrl}/columns`, account.cookie);
    for (let i = 0; i < FULL_BOARD_TASKS; i++) {
      await call(`${workspaceUrl}/tasks`, account.cookie, 'POST', {
        title: `Bench task ${i}`,
        description: 'A task of the bench board, with **a little** Markdown.',
        labels: ['bench', `group-${i % 5}`],
        columnId: columns[i % columns.length]!.id,
      });
    }
    const databaseName = database ? new URL(database.location).pathname.slice(1) : null;
    let requests = 0;
    for (let i = 0; i < WARM_UP; i++) ({ requests } = await loadBoard(workspaceUrl, account.cookie));
    const serverBefore = cpuMs(server.child.pid!);
    const databaseBefore = databaseName ? postgresCpuMs(databaseName) : 0;
    const times: number[] = [];
    const firstScreens: number[] = [];
    for (let i = 0; i < BOARDS; i++) {
      const started = performance.now();
      firstScreens.push((await loadBoard(workspaceUrl, account.cookie)).firstScreenMs);
      times.push(performance.now() - started);
    }
    return {
      tasks: FULL_BOARD_TASKS,
      requests,
      medianMs: round(median(times)),
      firstScreenMs: round(median(firstScreens)),
      serverCpuMs: round((cpuMs(server.child.pid!) - serverBefore) / BOARDS),
      databaseCpuMs: databaseName ? round((postgresCpuMs(databaseName) - databaseBefore) / BOARDS) : null,
    };
  } finally {
    await server.stop();
    await database?.drop();
  }
}
