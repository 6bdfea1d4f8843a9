// The Docs budgets against the production server. A keystroke counts from its key press in one
// Chromium page to the frame that shows the character in another person's page (on one instance, and
// across two instances on PostgreSQL that pass edits through Redis); both pages run in one Chromium, and
// each keeps its own time on the wall clock (performance.timeOrigin + now), whose offset between the two
// renderer processes is measured and taken out. A page of 20,000 words, imported from Markdown through
// the API, is opened in Chromium to the paint of its editor, editable and showing its last paragraph. And
// 50 people edit one page at once through Hocuspocus's own provider in Node (a browser each would
// measure the bench machine): each inserts its words at word boundaries of one shared paragraph, so every
// word stays whole and each can be looked for at the end in every client and in the stored page.
import type { Browser, Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import * as Y from 'yjs';
import { docsText } from '#src/shared/docs/messages.ts';
import { docsPaths, DOC_FRAGMENT, type Page as DocPage, type PageResponse } from '#src/shared/docs/paths.ts';
import { connectPage, writeParagraph, type OpenPage } from '../tests/support/doc-socket.ts';
import { findBrowser } from '../tests/support/find-browser.mjs';
import { seedMembers, seedSessions, type BenchAccount } from './account.ts';
import { api, GIVE_UP_MS, openDb, pause, within } from './chat.ts';
import { BROWSER_ARGS } from './landing-bundle.ts';
import { call, percentile } from './notifications.ts';
import { loadPaint, signedInPage } from './page-paint.ts';
import { cpuMs, rssMb, type BenchServer } from './server.ts';
import { median, round } from './stats.ts';

const OPEN_RUNS = 5;
// A typist's pause between keys, and between one person's edits among the 50.
const KEY_PAUSE_MS = 60;
const EDIT_EVERY_MS = 200;

async function workspaceOf(serverUrl: string, account: BenchAccount): Promise<string> {
  return (await call<{ currentId: string }>(`${serverUrl}/api/workspaces`, account.cookie)).currentId;
}

async function createPage(serverUrl: string, account: BenchAccount, workspaceId: string, title: string): Promise<DocPage> {
  const { page } = await call<PageResponse>(api(serverUrl, docsPaths.pages, { id: workspaceId }), account.cookie, 'POST', { title });
  return page;
}

// The wall clock as a page keeps it, in ms.
const PAGE_CLOCK = 'performance.timeOrigin + performance.now()';

// The editor of the open page, once it can be typed in.
const EDITOR = '[role=textbox][contenteditable=true]';

// In the reader's page: each time the page's words grow, when the editor's DOM changed and the time of
// the frame that shows them (its animation frame, then the task after it, which runs once that frame
// went to paint), for each character the words grew by. Other people's carets draw their names inside
// the text; those are not words.
const paintWatch = `(() => {
  const editor = document.querySelector('${EDITOR}');
  const length = () => {
    const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
    let count = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (!node.parentElement.closest('.collaboration-carets__caret')) count += node.length;
    return count;
  };
  const base = length();
  let seen = base;
  const changed = [];
  const painted = [];
  const waiting = [];
  window.benchChanged = changed;
  window.benchPainted = painted;
  window.benchUntil = (count) => new Promise((resolve) => waiting.push({ count, resolve }));
  new MutationObserver(() => {
    const now = length();
    if (now <= seen) return;
    seen = now;
    const at = ${PAGE_CLOCK};
    while (changed.length < now - base) changed.push(at);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const at = ${PAGE_CLOCK};
        while (painted.length < now - base) painted.push(at);
        for (let i = waiting.length - 1; i >= 0; i--)
          if (painted.length >= waiting[i].count) {
            const [one] = waiting.splice(i, 1);
            one.resolve(painted[one.count - 1]);
          }
      };
      channel.port2.postMessage(null);
    });
  }).observe(editor, { childList: true, characterData: true, subtree: true });
})()`;

// In the writer's page: when each key went down (the event's own time, so time the page took to take it counts).
const pressWatch = `(() => {
  window.benchPressed = [];
  window.addEventListener('keydown', (event) => window.benchPressed.push(performance.timeOrigin + event.timeStamp), true);
})()`;

// How far the reader's wall clock runs ahead of the writer's (two renderer processes each turn their
// monotonic clock into wall time at their own start): read in between two reads of the writer's, the
// pair closest together of 20 giving the figure.
async function clockOffset(writer: Page, reader: Page): Promise<number> {
  let best = { spread: Infinity, offset: 0 };
  for (let i = 0; i < 20; i++) {
    const before = (await writer.evaluate(PAGE_CLOCK)) as number;
    const theirs = (await reader.evaluate(PAGE_CLOCK)) as number;
    const after = (await writer.evaluate(PAGE_CLOCK)) as number;
    if (after - before < best.spread) best = { spread: after - before, offset: theirs - (before + after) / 2 };
  }
  return best.offset;
}

async function openEditor(browser: Browser, serverUrl: string, cookie: string, path: string): Promise<Page> {
  const [name, value] = cookie.split('=') as [string, string];
  const context = await browser.newContext({ baseURL: serverUrl, viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name, value, url: serverUrl }]);
  const page = await context.newPage();
  await page.goto(path);
  await page.locator(EDITOR).waitFor({ timeout: GIVE_UP_MS });
  return page;
}

export interface KeystrokeFigures {
  keystrokes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  // To the reader's editor changing (its DOM), before that frame's style, layout and paint.
  domP95Ms: number;
  // How far the reader's clock ran ahead of the writer's, taken out of each figure.
  clockOffsetMs: number;
}

// The account types `keystrokes` letters into a new page open in Chromium on `writer`; another member
// has it open on `reader` (the same server, or another instance on the same PostgreSQL). Each key is
// pressed once the one before was painted on the reader's page.
export async function measureKeystrokes(
  writer: BenchServer,
  reader: BenchServer,
  account: BenchAccount,
  { postgresUrl }: { postgresUrl?: string },
  keystrokes = 200,
): Promise<KeystrokeFigures> {
  const workspaceId = await workspaceOf(writer.url, account);
  const page = await createPage(writer.url, account, workspaceId, 'Keystrokes');
  const db = await openDb(writer, postgresUrl);
  let readerCookie: string;
  try {
    const [readerId] = await seedMembers(db, workspaceId, 1, Date.now(), () => 'Reader One');
    [readerCookie] = (await seedSessions(db, [readerId!], Date.now())) as [string];
  } finally {
    await db.close();
  }
  const executablePath = await findBrowser();
  if (!executablePath) throw new Error('no Chromium found (CHROME_PATH, /usr/bin/chromium)');
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    const path = `/pages/${page.id}`;
    const typing = await openEditor(browser, writer.url, account.cookie, path);
    const watching = await openEditor(browser, reader.url, readerCookie, path);
    // Each has the other on the page: both are connected and hear each other.
    const presence = (one: Page, name: string) =>
      one.getByRole('list', { name: docsText.presence }).getByText(name).waitFor({ state: 'attached', timeout: GIVE_UP_MS });
    await presence(typing, 'Reader One');
    await presence(watching, 'Bench Mark');
    await typing.locator(EDITOR).click();
    // A few keys first, unmeasured: the reader's page has drawn the writer's caret and each side's code is warm.
    for (const key of 'warm') await typing.keyboard.press(key);
    await watching.waitForFunction((editor) => document.querySelector(editor)?.textContent?.includes('warm'), EDITOR, {
      timeout: GIVE_UP_MS,
    });
    await watching.evaluate(paintWatch);
    await typing.evaluate(pressWatch);
    for (let i = 0; i < keystrokes; i++) {
      const painted = watching.evaluate(`window.benchUntil(${i + 1})`);
      await typing.keyboard.press(String.fromCharCode(97 + (i % 26)));
      await within(painted, `keystroke ${i + 1}`).catch(async (error: unknown) => {
        // What each side shows, to tell a key that never went in from an edit that never arrived.
        const words = `document.querySelector('${EDITOR}')?.textContent`;
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}; the writer's page holds "${await typing.evaluate(words)}", the reader's "${await watching.evaluate(words)}"`,
        );
      });
      await pause(KEY_PAUSE_MS);
    }
    const pressed = (await typing.evaluate('window.benchPressed')) as number[];
    const shown = (await watching.evaluate('window.benchPainted')) as number[];
    const changed = (await watching.evaluate('window.benchChanged')) as number[];
    if ([pressed, shown, changed].some((times) => times.length !== keystrokes))
      throw new Error(
        `${pressed.length} key presses, ${changed.length} characters seen and ${shown.length} painted for ${keystrokes} keystrokes`,
      );
    const offset = await clockOffset(typing, watching);
    const delays = shown.map((at, i) => at - offset - pressed[i]!);
    const toDom = changed.map((at, i) => at - offset - pressed[i]!);
    return {
      keystrokes,
      p50Ms: percentile(delays, 0.5),
      p95Ms: percentile(delays, 0.95),
      maxMs: round(Math.max(...delays)),
      domP95Ms: percentile(toDom, 0.95),
      clockOffsetMs: round(offset, 2),
    };
  } finally {
    await browser.close();
  }
}

const WORDS = ['the', 'release', 'plan', 'covers', 'invoices', 'for', 'every', 'client', 'and', 'a', 'review', 'of', 'design', 'notes'];
const LAST_WORDS = 'This is the last paragraph of the long page';
const WORDS_PER_PARAGRAPH = 100;

// `words` words of Markdown: paragraphs of 100 words under a heading every 20 paragraphs, the last
// paragraph ending in words found nowhere else.
export function longMarkdown(words: number): string {
  const blocks: string[] = [];
  const paragraphs = Math.ceil(words / WORDS_PER_PARAGRAPH);
  for (let p = 0; p < paragraphs; p++) {
    if (p % 20 === 0) blocks.push(`## Part ${p / 20 + 1}`);
    const count = Math.min(WORDS_PER_PARAGRAPH, words - p * WORDS_PER_PARAGRAPH);
    const text = Array.from({ length: count }, (_, w) => WORDS[(p * 7 + w) % WORDS.length]!);
    if (p === paragraphs - 1) text.splice(-LAST_WORDS.split(' ').length, Infinity, ...LAST_WORDS.split(' '));
    blocks.push(text.join(' ') + '.');
  }
  return blocks.join('\n\n') + '\n';
}

export interface LongPageFigures {
  words: number;
  openMs: number;
  runs: number[];
}

// A page of `words` words imported through the API, then a fresh load of its address in Chromium (its
// code in the HTTP cache from a first, unmeasured visit), from navigation start to the paint of the
// editor, editable and showing the last paragraph: the median of five.
export async function measureLongPage(server: BenchServer, account: BenchAccount, words = 20_000): Promise<LongPageFigures> {
  const workspaceId = await workspaceOf(server.url, account);
  const { page } = await call<PageResponse>(api(server.url, docsPaths.importMarkdown, { id: workspaceId }), account.cookie, 'POST', {
    title: 'Long page',
    markdown: longMarkdown(words),
  });
  const path = `/pages/${page.id}`;
  const { browser, page: tab } = await signedInPage(server.url, account, {
    [path]: `(() => { const editor = document.querySelector('${EDITOR}'); return editor !== null && (editor.lastElementChild?.textContent ?? '').includes(${JSON.stringify(LAST_WORDS)}); })()`,
  });
  try {
    await loadPaint(browser, tab, path);
    const runs: number[] = [];
    for (let run = 0; run < OPEN_RUNS; run++) runs.push(round(await loadPaint(browser, tab, path)));
    return { words, openMs: round(median(runs)), runs };
  } finally {
    await browser.close();
  }
}

export interface EditorsFigures {
  editors: number;
  editsEach: number;
  // Every edit, with how many were missing at the end from some client's copy or from the stored page.
  updates: number;
  lost: number;
  // Every client's page and the stored page the same, word for word.
  identical: boolean;
  // Server CPU from the first edit until every client had every edit and the page was stored with them.
  cpuPerUpdateMs: number;
  idleRssMb: number;
  connectedRssMb: number;
  peakRssMb: number;
}

const sharedParagraph = (doc: Y.Doc) => {
  const paragraph = doc.getXmlFragment(DOC_FRAGMENT).get(0) as Y.XmlElement | undefined;
  return paragraph?.get(0) as Y.XmlText | undefined;
};
const wordsOf = (doc: Y.Doc) => sharedParagraph(doc)?.toString() ?? '';

// One person's edit: a word of their own put in at a word boundary of the shared paragraph as they see
// it. Put in between two words, it never lands inside another's word, wherever theirs went meanwhile.
function insertWord(doc: Y.Doc, word: string) {
  const text = sharedParagraph(doc)!;
  const words = text.toString();
  const boundaries = [0];
  for (let i = 0; i < words.length; i++) if (words[i] === ' ') boundaries.push(i + 1);
  text.insert(boundaries[Math.floor(Math.random() * boundaries.length)]!, `${word} `);
}

async function storedWords(server: BenchServer, workspaceId: string, pageId: string): Promise<string> {
  const db = await openDb(server);
  try {
    const row = await db.kysely
      .selectFrom('doc_pages')
      .select('state')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
    const doc = new Y.Doc();
    if (row.state) Y.applyUpdate(doc, row.state);
    return wordsOf(doc);
  } finally {
    await db.close();
  }
}

// `editors` members (one socket each; a person may hold 20) open one new page on the server's SQLite and
// each puts in `editsEach` words at a typist's pace, all at once.
export async function measureEditors(server: BenchServer, account: BenchAccount, editors = 50, editsEach = 40): Promise<EditorsFigures> {
  const workspaceId = await workspaceOf(server.url, account);
  const page = await createPage(server.url, account, workspaceId, 'Fifty editors');
  const db = await openDb(server);
  let cookies: string[];
  try {
    cookies = await seedSessions(db, await seedMembers(db, workspaceId, editors, Date.now(), (i) => `Editor ${i + 1}`), Date.now());
  } finally {
    await db.close();
  }
  const pid = server.child.pid!;
  const idleRssMb = rssMb(pid);
  let peakRss = idleRssMb;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 100);
  const clients: OpenPage[] = [];
  const closedEarly: number[] = [];
  try {
    for (const cookie of cookies) {
      const client = connectPage({ url: server.url, cookie, workspaceId, pageId: page.id });
      void client.closed.then((code) => closedEarly.push(code));
      clients.push(client);
    }
    const outcomes = await within(Promise.all(clients.map((client) => client.outcome)), `${editors} clients' first sync`);
    if (outcomes.some((outcome) => outcome !== 'synced')) throw new Error(`a client was refused: ${outcomes.find((o) => o !== 'synced')}`);
    writeParagraph(clients[0]!.doc, 'Agenda ');
    const waitFor = async (what: string, done: () => boolean | Promise<boolean>) => {
      for (const started = performance.now(); !(await done()); await pause(50))
        if (performance.now() - started > GIVE_UP_MS) throw new Error(`${what} within ${GIVE_UP_MS / 1000} s`);
    };
    await waitFor('not every client had the shared paragraph', () => clients.every((client) => sharedParagraph(client.doc)));
    const connectedRssMb = rssMb(pid);

    const expected = clients.flatMap((_, c) => Array.from({ length: editsEach }, (_, e) => `c${c}e${e}`));
    const cpuBefore = cpuMs(pid);
    await Promise.all(
      clients.map(async (client, c) => {
        for (let e = 0; e < editsEach; e++) {
          await pause(EDIT_EVERY_MS * (0.5 + Math.random()));
          insertWord(client.doc, `c${c}e${e}`);
        }
      }),
    );
    const missing = (words: string) => {
      const present = new Set(words.split(' '));
      return expected.filter((word) => !present.has(word)).length;
    };
    try {
      await waitFor('not every client had every edit', () => clients.every((client) => missing(wordsOf(client.doc)) === 0));
      const target = wordsOf(clients[0]!.doc);
      await waitFor('the stored page did not catch up', async () => (await storedWords(server, workspaceId, page.id)) === target);
    } catch {
      // Counted below: what is missing where.
    }
    const cpuPerUpdateMs = (cpuMs(pid) - cpuBefore) / expected.length;
    const stored = await storedWords(server, workspaceId, page.id);
    const copies = [...clients.map((client) => wordsOf(client.doc)), stored];
    const present = copies.map((words) => new Set(words.split(' ')));
    const lost = expected.filter((word) => present.some((set) => !set.has(word))).length;
    if (closedEarly.length > 0)
      throw new Error(`${closedEarly.length} client sockets closed during editing (codes ${closedEarly.join(', ')})`);
    return {
      editors,
      editsEach,
      updates: expected.length,
      lost,
      identical: copies.every((words) => words === copies[0]),
      cpuPerUpdateMs: round(cpuPerUpdateMs, 2),
      idleRssMb: round(idleRssMb),
      connectedRssMb: round(connectedRssMb),
      peakRssMb: round(peakRss),
    };
  } finally {
    clearInterval(sampler);
    clients.forEach((client) => client.destroy());
  }
}
