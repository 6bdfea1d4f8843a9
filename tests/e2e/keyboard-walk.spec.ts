import type { Locator, Page } from '@playwright/test';
import { panelForPath } from '#src/web/shell/rail-items.ts';
import { expect, signInAs, test } from './fixtures.ts';

// The shell walked with the keyboard alone — Tab, Enter, Space and Escape. Every rail item, side
// panel, menu and dialog is reached with Tab, opened and closed from the keyboard, shows where focus is,
// and hands focus back to its opener on close. Rail items and openers are found, not listed, so what
// another issue adds to the shell is walked too; a page that adds its own openers extends the walk by
// adding a row to `pages` (its openers are then found the same way).
const pages = ['/dashboard', '/board'];
const MAX_TABS = 120;

// The shell's openers: anything with a popup (menus, dialogs) outside the page's own content. Counting
// only these keeps each index pointing at the same opener while the page's content is still arriving.
const SHELL_OPENERS = 'button[aria-haspopup]:not(main *):visible';
const RAIL_LINKS = 'nav a[href]:visible';
// The shell's side panel, as opposed to an aside inside the page's own content.
const PANEL = 'aside:not(main *)';

async function activeIs(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

// Presses Tab until `target` has focus: proves it is in the tab order, and leaves focus there.
async function tabTo(page: Page, target: Locator, name: string): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await activeIs(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${name} was not reached with ${MAX_TABS} presses of Tab`);
}

// The focused element shows it: it matches :focus-visible and draws an outline or a ring.
async function expectFocusShown(page: Page, name: string): Promise<void> {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { matches: false, drawn: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return { matches: element.matches(':focus-visible'), drawn: outline || style.boxShadow !== 'none' };
  });
  expect(focus, `focus shown on ${name}`).toEqual({ matches: true, drawn: true });
}

const nameOf = (locator: Locator) => locator.evaluate((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '');

// Opens a popup with `key`, checks focus moved into it and shows, closes it with Escape, and checks focus
// is back on the opener.
async function openAndEscape(page: Page, opener: Locator, key: 'Enter' | ' ', name: string): Promise<void> {
  await page.keyboard.press(key);
  await expect(opener, `${name} opened with ${key === ' ' ? 'Space' : key}`).toHaveAttribute('aria-expanded', 'true');
  const popup = page.locator(`[id="${await opener.getAttribute('aria-controls')}"]`);
  await expect(popup, name).toBeVisible();
  await expect.poll(() => popup.evaluate((element) => element.contains(document.activeElement)), `focus inside ${name}`).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expectFocusShown(page, `an item of ${name}`);
  await page.keyboard.press('Escape');
  await expect(popup, `${name} closed with Escape`).toBeHidden();
  await expect(opener, `focus back on ${name}`).toBeFocused();
  await expectFocusShown(page, name);
}

async function walkOpeners(page: Page): Promise<string[]> {
  const walked: string[] = [];
  const openers = page.locator(SHELL_OPENERS);
  const count = await openers.count();
  for (let index = 0; index < count; index += 1) {
    const opener = openers.nth(index);
    const name = await nameOf(opener);
    await tabTo(page, opener, name);
    await expectFocusShown(page, name);
    await openAndEscape(page, opener, 'Enter', name);
    await openAndEscape(page, opener, ' ', name);
    walked.push(name);
  }
  return walked;
}

test.describe.configure({ mode: 'parallel' });

// One test per width and page, so the walks run side by side and each has its own time limit.
for (const width of [1280, 390] as const) {
  for (const path of pages) {
    test(`keyboard alone at ${width} px on ${path}: every rail item, panel and menu of the shell opens, closes and returns focus`, async ({
      page,
      accounts,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 844 });
      await signInAs(page, await accounts.create({ role: 'admin' }));

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // Rail items (only shown from the desktop width): each reached with Tab and followed with Enter;
      // a panel it opens closes with Escape and with its close button (Space), focus back on the item.
      const railLinks: string[] = [];
      let panels = 0;
      for (const item of await page.locator(RAIL_LINKS).all()) {
        const href = await item.getAttribute('href');
        if (href && !(await item.evaluate((element) => Boolean(element.closest('main'))))) railLinks.push(href);
      }
      for (const href of railLinks) {
        // Each from a fresh load: a rail item may lead out of the shell (Docs goes to the public docs).
        await page.goto(path);
        const item = page.locator(`nav a[href="${href}"]:visible`).first();
        const name = await nameOf(item);
        await tabTo(page, item, name);
        await expectFocusShown(page, name);
        await page.keyboard.press('Enter');
        await expect(page, name).toHaveURL((url) => url.pathname === href);
        // The address changes at once, the shell (and its panel) once the page's code has loaded.
        if (panelForPath(href) === null) continue;
        const panel = page.locator(PANEL);
        await expect(panel, `${name} opens its panel`).toHaveCount(1);
        panels += 1;
        await expect(item, `${name} keeps focus while its panel opens`).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(panel, `${name} panel closed with Escape`).toHaveCount(0);
        await expect(item, `focus back on ${name} after Escape`).toBeFocused();

        await page.keyboard.press('Enter');
        const close = panel.getByRole('button', { name: /^Close/ });
        await tabTo(page, close, `the close button of the ${name} panel`);
        await expectFocusShown(page, `the close button of the ${name} panel`);
        await page.keyboard.press(' ');
        await expect(panel, `${name} panel closed with its close button`).toHaveCount(0);
        await expect(item, `focus back on ${name} after its panel's close button`).toBeFocused();
      }
      // From the desktop width the rail shows, and spec 2 gives some of its items a side panel.
      if (width >= 768) expect({ items: railLinks.length > 0, panels: panels > 0 }).toEqual({ items: true, panels: true });

      await page.goto(path);
      // The shell's menus exist once the session check has ended and the page is drawn.
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      const walked = await walkOpeners(page);
      expect(walked.length, 'the shell has menus to walk').toBeGreaterThan(0);
    });
  }
}
