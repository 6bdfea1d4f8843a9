import { chromium } from '@playwright/test';
import { findBrowser } from '../tests/support/find-browser.mjs';
import { measureFirstLoad, type FirstLoad } from '../tests/support/first-load.ts';
import { round } from './stats.ts';

export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

// A first visit's scripts and stylesheets, gzipped (tests/support/first-load.ts), in a fresh browser.
export async function firstLoadBytes(url: string): Promise<FirstLoad> {
  const executablePath = await findBrowser();
  if (!executablePath) throw new Error('no Chromium found (CHROME_PATH, /usr/bin/chromium)');
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    const load = await measureFirstLoad(await browser.newPage(), url);
    return { ...load, files: load.files.map((file) => ({ ...file, gzipKb: round(file.gzipKb) })) };
  } finally {
    await browser.close();
  }
}
