import { defineConfig } from '@playwright/test';
import { findBrowser } from './tests/support/find-browser.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);
const executablePath = (await findBrowser()) ?? undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // A two-core CI machine running two workers, their browsers and the shared server answers three to four
  // times slower than an idle one (its keyboard walk took 180 s against 49 s here). The limits leave room
  // for that; how fast things are is measured in `npm run bench`, not asserted here.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test cost a fifth of the run (site.spec.ts: 150–155 s with, 119–124 s
    // without) for files nobody reads on CI. Rerun a failing test with `--trace on` to get one.
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', grepInvert: /@clock/ },
    // Moving the server clock would disturb tests running beside it, so these run alone, last.
    { name: 'clock', grep: /@clock/, dependencies: ['chromium'], workers: 1 } as never,
  ],
});
