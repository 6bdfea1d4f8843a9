import { findBrowser } from '../tests/support/find-browser.mjs';
import { BROWSER_ARGS } from './landing-bundle.ts';
import { median } from './stats.ts';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  // Milliseconds (CLS unitless), for reading a low performance score.
  metrics: Record<string, number>;
  // Scored audits that did not pass: where a category lost its points.
  failing: string[];
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

// Lighthouse's default run: the mobile preset with simulated throttling, against the production server.
async function runOnce(url: string): Promise<LighthouseRun> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chromePath = await findBrowser();
  if (!chromePath) throw new Error('no Chromium found (CHROME_PATH, /usr/bin/chromium)');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: BROWSER_ARGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(runtimeError.message);
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const failing = CATEGORIES.flatMap((key) =>
      (categories[key]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${key}: ${ref.id} (${audits[ref.id]?.displayValue || audits[ref.id]?.score})`),
    );
    const metrics = Object.fromEntries(METRICS.map((id) => [id, Math.round((audits[id]?.numericValue ?? NaN) * 1000) / 1000]));
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      metrics,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

// The performance score varies from run to run; the run with the median score stands for the page.
// A run Lighthouse itself fails (now and then it loses the trace of a page load) is tried once more.
export async function lighthouse(url: string, runs = 3): Promise<{ median: LighthouseRun; runs: LighthouseRun[] }> {
  const all: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(url).catch(() => runOnce(url)));
  const middle = median(all.map((run) => run.performance));
  const representative = [...all].sort((a, b) => Math.abs(a.performance - middle) - Math.abs(b.performance - middle))[0]!;
  return { median: representative, runs: all };
}
