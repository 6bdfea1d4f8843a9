// Browser budgets on the production server with a seeded workspace: /dashboard with 1,000 clients,
// 5,000 projects and 50,000 tasks, the calendar month, and the ⌘K palette's first results after the
// keystroke. Like the board's (board-render.ts), each figure ends at the paint in Chromium's trace.
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { openSqlite } from '#src/server/db/connect.ts';
import { searchCopy } from '#src/shared/search/messages.ts';
import type { Column } from '#src/shared/tasks/paths.ts';
import { findBrowser } from '../tests/support/find-browser.mjs';
import type { BenchAccount } from './account.ts';
import { seedClientBook, type ClientBook } from './dashboard-data.ts';
import { breakdown, mark, paintAfter, traced, type TraceEvent } from './board-render.ts';
import { BROWSER_ARGS } from './landing-bundle.ts';
import type { BenchServer } from './server.ts';
import { median, round } from './stats.ts';

const RUNS = 5;
const QUERIES = ['budget', 'launch', 'design', 'review', 'invoice', 'sprint', 'roadmap', 'hiring'];

// Installs a watcher that marks `bench:ready` once `ready` (a page expression) holds, then marks
// `bench:start` and runs `trigger` (page code). A string, not a function: the bench runs under tsx,
// whose name helpers do not exist in the page.
export const armed = (ready: string, trigger: string) => `(() => {
  window.benchReady = false;
  const ready = () => (${ready});
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    performance.mark('bench:ready');
    window.benchReady = true;
  });
  observer.observe(document.body, { childList: true, characterData: true, subtree: true });
  performance.mark('bench:start');
  ${trigger}
})()`;

export const waitReady = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { benchReady: boolean }).benchReady, null, { timeout: 30_000 });

function figure(events: TraceEvent[], from: number | null): number {
  const ready = mark(events, 'bench:ready');
  const painted = ready === null ? null : paintAfter(events, ready);
  if (from === null || painted === null) throw new Error('the trace holds no start mark or no paint after the page was ready');
  if (process.env.BENCH_BREAKDOWN) breakdown(events, from, painted);
  return (painted - from) / 1000;
}

const READY: Record<string, string> = {
  '/dashboard': `document.body.textContent.includes('Bench client')`,
  '/calendar': `document.querySelectorAll('[role=gridcell] button').length > 0`,
};

// Each frame until the page's figures are on it (`ready`: a page expression for each path), marks
// `bench:ready` (a frame's callbacks run before its paint, so the paint that follows is the one that shows them).
export const readyWatch = (ready: Record<string, string>) => `(() => {
  const ready = { ${Object.entries(ready)
    .map(([path, expression]) => `'${path}': () => ${expression}`)
    .join(', ')} }[location.pathname];
  if (!ready) return;
  const check = () => {
    if (document.body && ready()) {
      performance.mark('bench:ready');
      window.benchReady = true;
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

// A fresh load of \`path\` (the data not cached in the page), from navigation start to the paint of its figures.
export async function loadPaint(browser: Browser, page: Page, path: string): Promise<number> {
  const events = await traced(browser, page, async () => {
    await page.goto(path);
    await waitReady(page);
  });
  return figure(events, mark(events, 'navigationStart'));
}

// The palette opened afresh (no earlier results on it), a word typed into it at once: from that input to
// the paint of the first results, the typing pause before the request included.
async function searchPaint(browser: Browser, page: Page, query: string): Promise<number> {
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: searchCopy.palette }).waitFor();
  await page.evaluate(armed(`document.querySelector('[id*="-hit-"]') !== null`, ''));
  const events = await traced(browser, page, async () => {
    await page.keyboard.insertText(query);
    await waitReady(page);
  });
  await page.keyboard.press('Escape');
  const typed = events.find((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'input');
  return figure(events, typed?.ts ?? null);
}

export interface PaintFigures {
  dashboardMs: number;
  calendarMonthMs: number;
  searchMs: number;
  runs: { dashboard: number; calendar: number; search: number }[];
}

// Chromium with one page, signed in as the account, each load of a path in `ready` watched for its figures.
export async function signedInPage(serverUrl: string, account: BenchAccount, ready: Record<string, string>) {
  const executablePath = await findBrowser();
  if (!executablePath) throw new Error('no Chromium found (CHROME_PATH, /usr/bin/chromium)');
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    const [name, value] = account.cookie.split('=') as [string, string];
    const context = await browser.newContext({ baseURL: serverUrl, viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name, value, url: serverUrl }]);
    const page = await context.newPage();
    await page.addInitScript(readyWatch(ready));
    return { browser, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

export async function pagePaint(serverUrl: string, account: BenchAccount): Promise<PaintFigures> {
  const { browser, page } = await signedInPage(serverUrl, account, READY);
  try {
    // A first, unmeasured visit of each page fills the HTTP cache with its code, as a returning person's is.
    await loadPaint(browser, page, '/calendar');
    await loadPaint(browser, page, '/dashboard');
    await searchPaint(browser, page, QUERIES.at(-1)!);
    const runs: PaintFigures['runs'] = [];
    for (let run = 0; run < RUNS; run++) {
      const calendar = await loadPaint(browser, page, '/calendar');
      const dashboard = await loadPaint(browser, page, '/dashboard');
      const search = await searchPaint(browser, page, QUERIES[run % QUERIES.length]!);
      runs.push({ dashboard: round(dashboard), calendar: round(calendar), search: round(search) });
    }
    const middle = (key: 'dashboard' | 'calendar' | 'search') => round(median(runs.map((one) => one[key])));
    return { dashboardMs: middle('dashboard'), calendarMonthMs: middle('calendar'), searchMs: middle('search'), runs };
  } finally {
    await browser.close();
  }
}

// The signed-in person's workspace filled in bulk, in the server's own database: the client book
// (its tasks due around today fill the calendar month) and their search index (tasks an earlier
// measurement made through the app are indexed already).
export async function seedPaintWorkspace(server: BenchServer, account: BenchAccount, book: ClientBook): Promise<void> {
  const get = async <T>(path: string) =>
    (await (await fetch(`${server.url}/api${path}`, { headers: { cookie: account.cookie } })).json()) as T;
  const { currentId } = await get<{ currentId: string }>('/workspaces');
  const { user } = await get<{ user: { id: string } }>('/current-user');
  const { columns } = await get<{ columns: Column[] }>(`/workspaces/${currentId}/columns`);
  const db = await openSqlite(join(server.dataDir, 'tessera.db'));
  try {
    await seedClientBook(
      db,
      currentId,
      user.id,
      columns.map((column) => column.id),
      Date.now(),
      book,
    );
    await sql`insert into search_entries (workspace_id, kind, ref_id, task_id, title, body)
      select workspace_id, 'task', id, id, title, description from tasks where workspace_id = ${currentId}
      on conflict (kind, ref_id) do nothing`.execute(db.kysely);
  } finally {
    await db.close();
  }
}
