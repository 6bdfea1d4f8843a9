import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const NO_MOTION_ID = 'e2e-axe-no-motion';

// axe reads colours with getComputedStyle, and an element mid-transition reports the colour its transition
// started from: a primary button enabled in the frame of the scan was judged in its disabled colour (CI:
// 2.91:1 on #9688fa). Even at reduced motion's 0.01 ms a transition moves only at the next frame, and axe
// runs inside one long task, so motion is switched off and two frames are let pass first. The style is
// checked for on every scan, as a navigation brings a new document without it.
async function settleMotion(page: Page): Promise<void> {
  await page.evaluate((id) => {
    if (document.getElementById(id)) return;
    const style = document.createElement('style');
    style.id = id;
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    (document.head ?? document.documentElement).append(style);
  }, NO_MOTION_ID);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// What axe finds on the page (or only in `include`), one readable line per element, each led by `where`.
export async function axeFindings(page: Page, { include, where }: { include?: string; where?: string } = {}): Promise<string[]> {
  await settleMotion(page);
  // No page of the app has an iframe, so the one-frame (legacy) run serves and saves a blank page per scan.
  // Only violations are read: axe then details one node of each rule that passed instead of every one
  // (a scan of seven public pages, alternating: 695 → 567 ms).
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (include) axe.include(include);
  const { violations } = await axe.analyze();
  const lead = where ? `${where}: ` : '';
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${lead}${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.any[0]?.message ?? node.failureSummary}`,
    ),
  );
}
