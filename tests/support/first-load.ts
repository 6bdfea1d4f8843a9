import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

export interface LoadedFile {
  file: string;
  type: 'script' | 'stylesheet';
  gzipKb: number;
}

export interface FirstLoad {
  jsKb: number;
  cssKb: number;
  // Largest first.
  files: LoadedFile[];
}

// What a first visit downloads: every script and stylesheet the page asks for until the network is
// idle — the entry, its static imports, the matched route's lazy chunk and whatever loads right after
// the first paint — each gzipped at level 9 (what a compressing server or CDN would send). Used by the
// bench's landing row and by the e2e test that holds the landing page to the same budget.
export async function measureFirstLoad(page: Page, url: string): Promise<FirstLoad> {
  const pending: Array<Promise<LoadedFile>> = [];
  const collect = (response: Response) => {
    const type = response.request().resourceType();
    // A stylesheet carried inline by the page counts as CSS all the same.
    if (type === 'document' && response.request().isNavigationRequest())
      pending.push(
        response.text().then((html) => ({
          file: `${new URL(response.url()).pathname} (inline styles)`,
          type: 'stylesheet',
          gzipKb: gzipSync([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join(''), { level: 9 }).length / 1024,
        })),
      );
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => ({ file: new URL(response.url()).pathname, type, gzipKb: gzipSync(body, { level: 9 }).length / 1024 })),
    );
  };
  page.on('response', collect);
  await page.goto(url, { waitUntil: 'networkidle' });
  // Chunks requested after idle (toasts after the first paint) still belong to the first load.
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  // A body asked for once the page or browser has closed would reject with nobody waiting for it.
  page.off('response', collect);
  const files = (await Promise.all(pending)).sort((a, b) => b.gzipKb - a.gzipKb);
  const sum = (type: LoadedFile['type']) => files.filter((file) => file.type === type).reduce((total, file) => total + file.gzipKb, 0);
  return { jsKb: sum('script'), cssKb: sum('stylesheet'), files };
}
