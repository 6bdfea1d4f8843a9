// AI Mode's streaming budget: the first proposal painted after the model's first streamed token. The model
// is the chat-completions stub of the tests, answering five tasks at once; the production server relays
// them to AI Mode in Chromium. The start is when the stub begins its answer (this process's monotonic
// clock, which on Linux is the clock of Chromium's trace too); the end is the paint in the trace.
import { chromium } from '@playwright/test';
import { aiUi } from '#src/shared/ai/messages.ts';
import { startChatStub, tasksAnswer } from '../tests/support/chat-completions-stub.ts';
import { findBrowser } from '../tests/support/find-browser.mjs';
import { createSignedInAccount } from './account.ts';
import { breakdown, mark, paintAfter, traced } from './board-render.ts';
import { BROWSER_ARGS } from './landing-bundle.ts';
import { armed, waitReady } from './page-paint.ts';
import { startServer } from './server.ts';
import { median, round } from './stats.ts';

const RUNS = 5;
const NOTES = [
  'Ada: send the invoice to Northwind by Friday',
  'Grace to review the launch checklist tomorrow',
  'Alan: fix the login bug, high priority',
  'book the venue for the spring offsite',
  'Edsger drafts the Q3 roadmap next week',
].join('\n');
const ANSWER = tasksAnswer([
  { title: 'Send the invoice to Northwind', dueDate: '2026-12-04' },
  { title: 'Review the launch checklist' },
  { title: 'Fix the login bug', priority: 'high' },
  { title: 'Book the venue for the spring offsite' },
  { title: 'Draft the Q3 roadmap' },
]);

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

export async function aiFirstProposal(port: number): Promise<{ firstProposalMs: number; runs: number[] }> {
  const executablePath = await findBrowser();
  if (!executablePath) throw new Error('no Chromium found (CHROME_PATH, /usr/bin/chromium)');
  const firstToken: number[] = [];
  const stub = await startChatStub(() => {
    // The stub writes its first chunk right after this returns, in the same tick.
    firstToken.push(monotonicMicros());
    return { kind: 'stream', content: ANSWER };
  });
  const server = await startServer(port, {
    RATE_LIMIT_MULTIPLIER: '1000000',
    LOG_LEVEL: 'warn',
    AI_BASE_URL: stub.url,
    AI_MODEL: 'bench-model',
  });
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    const account = await createSignedInAccount(server);
    const [name, value] = account.cookie.split('=') as [string, string];
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto('/ai-mode');
    const ready = `document.querySelector('ul[aria-label="${aiUi.proposalsTitle}"] li') !== null`;
    const runs: number[] = [];
    // The first run warms the server's and the page's code and is not counted.
    for (let run = 0; run <= RUNS; run++) {
      await page.reload();
      await page.getByLabel(aiUi.textLabel).fill(NOTES);
      await page.evaluate(armed(ready, ''));
      const events = await traced(browser, page, async () => {
        await page.getByRole('button', { name: aiUi.propose }).click();
        await waitReady(page);
      });
      const start = firstToken.at(-1);
      const readyAt = mark(events, 'bench:ready');
      const painted = readyAt === null ? null : paintAfter(events, readyAt);
      if (start === undefined || painted === null) throw new Error('no request reached the stub, or no paint after the first proposal');
      const ms = (painted - start) / 1000;
      if (ms < 0 || ms > 30_000) throw new Error(`the trace's clock is not this process's monotonic clock (${round(ms)} ms)`);
      if (process.env.BENCH_BREAKDOWN) breakdown(events, start, painted);
      if (run > 0) runs.push(round(ms));
    }
    return { firstProposalMs: round(median(runs)), runs };
  } finally {
    await browser.close();
    await server.stop();
    await stub.close();
  }
}
