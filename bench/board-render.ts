import { generateNKeysBetween } from 'fractional-indexing';
import { chromium, type Browser, type Page, type Route } from '@playwright/test';
import type { Column, Task } from '#src/shared/tasks/paths.ts';
import { findBrowser } from '../tests/support/find-browser.mjs';
import type { BenchAccount } from './account.ts';
import { BROWSER_ARGS } from './landing-bundle.ts';
import { median, round } from './stats.ts';

// The board's browser budgets on 1,000 tasks. The board's own answers
// (columns, task pages, the move) are served from memory by the bench, so the figures are the browser's
// work alone; the rest (session, workspaces, members, the app's files) is the real production server.
// Both figures come from Chromium's trace: the paint that ends a step, not a script's own clock.

const TASKS = 1000;
const RUNS = 5;
const NAMES = ['To do', 'In progress', 'Done'];
const PEOPLE = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra'];
const LABELS = ['bug', 'docs', 'design', 'backend', 'frontend'];
const PRIORITIES = ['low', 'medium', 'high'] as const;

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid?: number;
  tid?: number;
  args?: { name?: string; data?: { type?: string; url?: string; requestId?: string } };
}

function syntheticBoard(workspaceId: string): { columns: Column[]; tasks: Task[] } {
  const columnKeys = generateNKeysBetween(null, null, NAMES.length);
  const columns = NAMES.map((name, index) => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    workspaceId,
    name,
    position: columnKeys[index]!,
  }));
  const perColumn = Math.ceil(TASKS / columns.length);
  const keys = generateNKeysBetween(null, null, perColumn);
  const at = '2026-11-23T10:00:00.000Z';
  const tasks = Array.from({ length: TASKS }, (_, index): Task => {
    const person = PEOPLE[index % (PEOPLE.length + 1)];
    return {
      id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      key: `BEN-${index + 1}`,
      number: index + 1,
      workspaceId,
      columnId: columns[index % columns.length]!.id,
      title: `Task ${index + 1}: ${index % 2 ? 'tidy the release checklist' : 'answer the customer about invoices'}`,
      description: '',
      assignee: person ? { id: `20000000-0000-4000-8000-${String(index % PEOPLE.length).padStart(12, '0')}`, name: person } : null,
      priority: PRIORITIES[index % 3]!,
      dueDate: index % 4 === 0 ? '2026-12-01' : null,
      labels: index % 3 === 0 ? [LABELS[index % LABELS.length]!] : [],
      projectId: null,
      sharedWithClient: false,
      position: keys[Math.floor(index / columns.length)]!,
      version: 1,
      createdBy: null,
      createdAt: at,
      updatedAt: at,
    };
  });
  return { columns, tasks };
}

// The board's answers from memory: its first screen, and the task list's paging (50 per page, the next
// page's cursor is the offset) for one column.
async function serveBoard(page: Page, board: { columns: Column[]; tasks: Task[] }) {
  const json = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  const pageOf = (columnId: string | null, cursor: string | null) => {
    const list = board.tasks.filter((task) => task.columnId === columnId);
    const from = Number(cursor ?? 0);
    return { tasks: list.slice(from, from + 50), nextCursor: from + 50 < list.length ? String(from + 50) : null };
  };
  await page.route('**/api/workspaces/*/columns', (route) => json(route, { columns: board.columns }));
  // The first screen: the columns and each one's first page in one answer (BoardResponse).
  await page.route('**/api/workspaces/*/board', (route) =>
    json(route, { columns: board.columns, pages: Object.fromEntries(board.columns.map((column) => [column.id, pageOf(column.id, null)])) }),
  );
  await page.route('**/api/workspaces/*/tasks?*', (route) => {
    const query = new URL(route.request().url()).searchParams;
    return json(route, pageOf(query.get('column'), query.get('cursor')));
  });
  await page.route('**/api/workspaces/*/events*', (route) => route.fulfill({ status: 204 }));
  await page.route('**/api/workspaces/*/tasks/*/move', (route) => {
    const { columnId } = route.request().postDataJSON() as { columnId: string };
    const id = /tasks\/([^/]+)\/move/.exec(route.request().url())![1];
    const task = board.tasks.find((one) => one.id === id)!;
    return json(route, { task: { ...task, columnId, position: 'zz', updatedAt: new Date().toISOString() } });
  });
}

// The end of the first frame painted at or after `from` (trace microseconds).
export function paintAfter(events: TraceEvent[], from: number): number | null {
  const paint = events
    .filter((event) => (event.name === 'Paint' || event.name === 'Commit') && event.ts >= from)
    .sort((a, b) => a.ts - b.ts)[0];
  return paint ? paint.ts + (paint.dur ?? 0) : null;
}

// BENCH_BREAKDOWN=1 prints where a step's time went (the trace events that took most of it), for reading
// a figure that is over budget; BENCH_BREAKDOWN=timeline prints when, instead (timeline below).
export function breakdown(events: TraceEvent[], from: number, to: number) {
  if (process.env.BENCH_BREAKDOWN === 'timeline') return timeline(events, from, to);
  const sums = new Map<string, number>();
  for (const event of events)
    if (event.ph === 'X' && event.ts >= from && event.ts <= to) sums.set(event.name, (sums.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  console.error(
    [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(' | '),
  );
}

// In ms from `from`: each request the page made (sent, answered, finished) and the renderer's main-thread
// tasks of 3 ms or more with their largest parts, in order: what waited on what before the paint.
function timeline(events: TraceEvent[], from: number, to: number) {
  const at = (ts: number) => ((ts - from) / 1000).toFixed(1).padStart(6);
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const lines: [number, string][] = [];
  const requests = new Map<string, string>();
  for (const event of events) {
    const data = event.args?.data;
    if (event.ts < from || event.ts > to || !data?.requestId) continue;
    if (event.name === 'ResourceSendRequest') {
      const { pathname, search } = new URL(data.url!);
      requests.set(data.requestId, pathname + search);
    }
    const url = requests.get(data.requestId);
    if (url && /^Resource(SendRequest|ReceiveResponse|Finish)$/.test(event.name))
      lines.push([event.ts, `${event.name.slice(8)} ${url.slice(0, 110)}`]);
  }
  const onMain = events
    .filter((event) => event.ph === 'X' && event.pid === main?.pid && event.tid === main?.tid && event.ts >= from && event.ts <= to)
    .sort((a, b) => a.ts - b.ts);
  let end = 0;
  // The main thread's busy time in each 25 ms from `from`, small tasks included.
  const busy: number[] = [];
  for (const [index, task] of onMain.entries()) {
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    const slot = Math.floor((task.ts - from) / 25_000);
    busy[slot] = (busy[slot] ?? 0) + (task.dur ?? 0) / 1000;
    if ((task.dur ?? 0) < 3000) continue;
    const parts = new Map<string, number>();
    for (const part of onMain.slice(index + 1)) {
      if (part.ts >= end) break;
      parts.set(part.name, (parts.get(part.name) ?? 0) + (part.dur ?? 0) / 1000);
    }
    const largest = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4);
    lines.push([
      task.ts,
      `task ${((task.dur ?? 0) / 1000).toFixed(1)} ms ${task.name}: ${largest.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`,
    ]);
  }
  for (const [slot, ms] of busy.entries()) lines.push([from + slot * 25_000, `busy ${(ms ?? 0).toFixed(1)} ms of the next 25`]);
  for (const [ts, line] of lines.sort((a, b) => a[0] - b[0])) console.error(`${at(ts)} ${line}`);
  console.error(`${at(to)} painted\n`);
}

export const mark = (events: TraceEvent[], name: string) => events.find((event) => event.name === name)?.ts ?? null;

export async function traced(browser: Browser, page: Page, step: () => Promise<void>): Promise<TraceEvent[]> {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing'] });
  await step();
  // A frame or two after the step, so its paint is in the trace.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const buffer = await browser.stopTracing();
  return (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
}

// From the client-side navigation to /board to the paint that shows every column with its first cards
// (each column's first page), and to the paint once all 1,000 tasks are on the board.
async function firstRender(browser: Browser, page: Page, code: string[]): Promise<{ allTasks: number; columns: number }> {
  await page.goto('/dashboard');
  await page.getByTestId('current-workspace').waitFor();
  // The board's code is evaluated beforehand (the app's own lazy import then finds it): the budget is
  // the board's render, not the download and parse of its chunk.
  await page.evaluate((urls) => Promise.all(urls.map((url) => import(url))), code);
  const events = await traced(browser, page, async () => {
    // A string, not a function: the bench runs under tsx, whose name helpers do not exist in the page.
    await page.evaluate(`(() => {
      // Every task is on the board once the columns' counts add up to them all (a column mounts its
      // first cards, and the rest as it is scrolled: product rules TB8).
      window.benchBoardLoaded = () =>
        [...document.querySelectorAll('[data-testid=column-count]')].reduce((sum, node) => sum + parseInt(node.textContent, 10), 0) >= ${TASKS} &&
        document.querySelectorAll('[data-testid=board-column]').length === 3 &&
        document.querySelectorAll('[data-testid=task-card]').length > 0;
      const painted = () => [...document.querySelectorAll('[data-testid=board-column]')].filter((column) => column.querySelector('[data-testid=task-card]')).length === 3;
      const observer = new MutationObserver(() => {
        if (painted() && !performance.getEntriesByName('bench:columns').length) performance.mark('bench:columns');
        if (!window.benchBoardLoaded()) return;
        observer.disconnect();
        performance.mark('bench:all-cards');
      });
      observer.observe(document.body, { childList: true, characterData: true, subtree: true });
      performance.mark('bench:navigate');
      window.history.pushState({ usr: null, key: 'bench' }, '', '/board');
      window.dispatchEvent(new PopStateEvent('popstate'));
    })()`);
    await page.waitForFunction(() => (window as unknown as { benchBoardLoaded: () => boolean }).benchBoardLoaded(), null, {
      timeout: 30_000,
    });
  });
  const start = mark(events, 'bench:navigate');
  const ready = mark(events, 'bench:all-cards');
  const columns = mark(events, 'bench:columns');
  const painted = ready === null ? null : paintAfter(events, ready);
  const columnsPainted = columns === null ? null : paintAfter(events, columns);
  if (start === null || painted === null || columnsPainted === null)
    throw new Error('the trace holds no navigation mark or no paint after the last card');
  if (process.env.BENCH_BREAKDOWN) breakdown(events, start, painted);
  return { allTasks: (painted - start) / 1000, columns: (columnsPainted - start) / 1000 };
}

// A card moved by keyboard (Space, Arrow Right, Space): from the dropping key press to the next paint.
async function keyboardMove(browser: Browser, page: Page): Promise<number> {
  const handle = page.getByRole('button', { name: /^Move task Task 1:/ });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  // dnd-kit moves the card to the next column on drag-over; wait for that before timing the drop.
  await page.waitForTimeout(300);
  const events = await traced(browser, page, async () => {
    await page.keyboard.press('Space');
  });
  const drop = events.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown').at(-1);
  if (!drop) throw new Error('the trace holds no keydown');
  const painted = paintAfter(events, drop.ts + (drop.dur ?? 0));
  if (painted === null) throw new Error('the trace holds no paint after the drop');
  if (process.env.BENCH_BREAKDOWN) breakdown(events, drop.ts, painted);
  return (painted - drop.ts) / 1000;
}

export interface BoardFigures {
  // Navigation to every column painted with its first cards.
  columnsPaintedMs: number;
  // Navigation to the paint once all 1,000 tasks are loaded (the pages after the first included).
  allTasksPaintedMs: number;
  moveMs: number;
  runs: { columns: number; allTasks: number; move: number }[];
}

export async function boardRender(serverUrl: string, account: BenchAccount): Promise<BoardFigures> {
  const executablePath = await findBrowser();
  if (!executablePath) throw new Error('no Chromium found (CHROME_PATH, /usr/bin/chromium)');
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    const [name, value] = account.cookie.split('=') as [string, string];
    const context = await browser.newContext({ baseURL: serverUrl, viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name, value, url: serverUrl }]);
    const page = await context.newPage();
    const workspaces = (await (await page.request.get('/api/workspaces')).json()) as {
      currentId: string | null;
      workspaces: { id: string }[];
    };
    const workspaceId = workspaces.currentId ?? workspaces.workspaces[0]!.id;
    await serveBoard(page, syntheticBoard(workspaceId));
    // The scripts /board loads beyond the dashboard's, noted on a first, unmeasured visit.
    const code = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') code.add(response.url());
    });
    await firstRender(browser, page, []);
    const runs: { allTasks: number; columns: number; move: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const render = await firstRender(browser, page, [...code]);
      runs.push({ ...render, move: await keyboardMove(browser, page) });
    }
    const middle = (key: 'allTasks' | 'columns' | 'move') => round(median(runs.map((one) => one[key])));
    return {
      columnsPaintedMs: middle('columns'),
      allTasksPaintedMs: middle('allTasks'),
      moveMs: middle('move'),
      runs: runs.map((one) => ({ columns: round(one.columns), allTasks: round(one.allTasks), move: round(one.move) })),
    };
  } finally {
    await browser.close();
  }
}
