import type { Locator, Page } from '@playwright/test';
import { routeTable } from '#src/web/app/route-table.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test } from './fixtures.ts';

// Axe on every signed-in page of the route table at both widths, with each menu, panel, tab and dialog of
// the page open in turn: a user's pages as a user, the admin pages as an admin. Nothing here names a page or a menu:
// a new route is covered by being in the route table, a new opener by carrying aria-haspopup/aria-expanded.
const widths = [390, 1280] as const;
const DESKTOP = 1280;
// Rows with a path parameter (e.g. `:token`) have no page to visit without data of their own.
const appRoutes = routeTable.filter((row) => (row.access === 'signed-in' || row.access === 'admin') && !row.path.includes(':'));

// The shell is everything outside the page's own content; its openers look the same on every page.
const OPENERS = 'button[aria-haspopup]:visible, button[aria-expanded]:visible';
// The shell's side panel, as opposed to an aside inside the page's own content.
const PANEL = 'aside:not(main *)';

// What an opener opened, as a selector: the element its aria-controls names (Radix sets it on menus and
// tabs). The whole page is scanned with everything closed; once something opens, only what it opened.
async function openedBy(opener: Locator): Promise<string | undefined> {
  const id = await opener.getAttribute('aria-controls');
  return id ? `[id="${id}"]` : undefined;
}

const nameOf = (locator: Locator) =>
  locator.evaluate(
    (element) => `${element.closest('main') ? 'page' : 'shell'} "${element.getAttribute('aria-label') ?? element.textContent?.trim()}"`,
  );

// Each opener in turn: open with a click, scan what it opened, close with Escape (a disclosure that
// ignores Escape is clicked shut).
async function scanOpeners(page: Page, where: string, seenInShell: Set<string>): Promise<string[]> {
  const found: string[] = [];
  const count = await page.locator(OPENERS).count();
  for (let index = 0; index < count; index += 1) {
    const opener = page.locator(OPENERS).nth(index);
    const name = await nameOf(opener);
    // A shell menu holds the same items on every page, so it is scanned once per role and width.
    if (name.startsWith('shell') && seenInShell.has(name)) continue;
    seenInShell.add(name);
    await opener.click();
    await expect(opener, name).toHaveAttribute('aria-expanded', 'true');
    found.push(...(await axeFindings(page, { where: `${where} with ${name} open`, include: await openedBy(opener) })));
    await page.keyboard.press('Escape');
    if ((await opener.getAttribute('aria-expanded')) === 'true' && (await opener.isVisible())) await opener.click();
    await expect(opener, name).not.toHaveAttribute('aria-expanded', 'true');
  }
  return found;
}

// Tab panels other than the first are hidden until chosen, so each is chosen and scanned.
async function scanTabs(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  const tabs = page.locator('main [role=tab]:visible');
  for (let index = 1; index < (await tabs.count()); index += 1) {
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    found.push(
      ...(await axeFindings(page, {
        where: `${where} on tab "${await tabs.nth(index).textContent()}"`,
        include: await openedBy(tabs.nth(index)),
      })),
    );
  }
  return found;
}

// A side panel opens when a shell link to the page itself is followed (spec 2). The rail that holds such
// links shows from the desktop width, so the link is followed there and the panel then scanned at `width`.
async function scanPanels(page: Page, path: string, width: number): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize({ width: DESKTOP, height: 900 });
  const selfLinks: Locator[] = [];
  for (const link of await page.locator(`nav a[href="${path}"]:visible`).all()) {
    if (await link.evaluate((element) => !element.closest('main'))) selfLinks.push(link);
  }
  for (const link of selfLinks) {
    await link.click();
    const panel = page.locator(PANEL);
    if ((await panel.count()) === 0) continue;
    await page.setViewportSize({ width, height: 844 });
    found.push(
      ...(await axeFindings(page, {
        where: `${path} at ${width} px with "${await panel.first().getAttribute('aria-label')}" open`,
        include: PANEL,
      })),
    );
    await panel
      .first()
      .getByRole('button', { name: /^Close/ })
      .click();
    await expect(panel).toHaveCount(0);
    await page.setViewportSize({ width: DESKTOP, height: 900 });
  }
  await page.setViewportSize({ width, height: 844 });
  return found;
}

test.describe.configure({ mode: 'parallel' });

// Both themes: System on a light device, and on a dark one.
for (const colorScheme of ['light', 'dark'] as const)
  for (const role of ['user', 'admin'] as const) {
    for (const width of widths) {
      test(`axe finds no violation on ${role === 'admin' ? "the admin pages and an admin's shell" : 'any signed-in page as a user'} at ${width} px in the ${colorScheme} theme, menus, panels and tabs open and closed`, async ({
        browser,
        accounts,
        baseURL,
      }) => {
        // Up to a minute on a quiet two-core machine; the margin is for a loaded one.
        test.setTimeout(480_000);
        const account = await accounts.create({ role });
        const context = await browser.newContext({ baseURL, colorScheme, viewport: { width, height: 844 }, reducedMotion: 'reduce' });
        const page = await context.newPage();
        await signInAs(page, account);
        // An admin sees a person's pages as they do, but for the shell (the badge, the Admin links), which is
        // scanned on the admin pages: scanning every page again as an admin took half this file's time.
        const routes = appRoutes.filter((row) => row.access === (role === 'admin' ? 'admin' : 'signed-in'));
        const seenInShell = new Set<string>();
        for (const { path } of routes) {
          await page.goto(path);
          await expect(page, path).toHaveURL((url) => url.pathname === path);
          await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
          const where = `${path} at ${width} px (${colorScheme})`;
          // Soft, so one run lists every page's findings.
          expect.soft(await axeFindings(page, { where })).toEqual([]);
          expect.soft(await scanOpeners(page, where, seenInShell)).toEqual([]);
          expect.soft(await scanPanels(page, path, width)).toEqual([]);
          expect.soft(await scanTabs(page, where)).toEqual([]);
        }
        await context.close();
      });
    }
  }
