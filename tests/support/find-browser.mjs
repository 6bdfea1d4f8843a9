// The browser for end-to-end tests: CHROME_PATH, then Debian's Chromium, then Playwright's own download.
import { existsSync } from 'node:fs';

export async function findBrowser() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  try {
    const { chromium } = await import('@playwright/test');
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright's own browser is optional.
  }
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

export const BROWSER_HELP =
  'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`), ' +
  'or point CHROME_PATH at a Chrome/Chromium binary, or run `npx playwright install chromium`.';
