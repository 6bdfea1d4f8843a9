import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findBrowser } from '../tests/support/find-browser.mjs';
import { round } from './stats.ts';

export interface LoadedFile {
  file: string;
  type: 'script' | 'stylesheet';
  gzipKb: number;
}

export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

// What a first visit downloads: every script and stylesheet the page asks for until the network is
// idle — the entry, its static imports, the matched route's lazy chunk and whatever loads right after
// the first paint — each gzipped at level 9 (what a compressing server or CDN would send).
export async function firstLoadBytes(url: string): Promise<{ jsKb: number; cssKb: number; files: LoadedFile[] }> {
  const executablePath = await findBrowser();
  if (!executablePath) throw new Error('no Chromium found (CHROME_PATH, /usr/bin/chromium)');
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    const page = await browser.newPage();
    const pending: Array<Promise<LoadedFile>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response
          .body()
          .then((body) => ({ file: new URL(response.url()).pathname, type, gzipKb: gzipSync(body, { level: 9 }).length / 1024 })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Chunks requested after idle (toasts after the first paint) still belong to the first load.
    await page.waitForTimeout(500);
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).sort((a, b) => b.gzipKb - a.gzipKb);
    const sum = (type: LoadedFile['type']) => files.filter((file) => file.type === type).reduce((total, file) => total + file.gzipKb, 0);
    return { jsKb: sum('script'), cssKb: sum('stylesheet'), files: files.map((file) => ({ ...file, gzipKb: round(file.gzipKb) })) };
  } finally {
    await browser.close();
  }
}
