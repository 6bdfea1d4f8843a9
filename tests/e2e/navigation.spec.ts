import { label } from '#src/shared/messages.ts';
import { routeTable } from '#src/web/app/route-table.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const titleOf = (path: string) => routeTable.find((entry) => entry.path === path)!.title;

// Once React owns the prerendered heading, the page has hydrated: a link clicked before that is the
// browser's own and reloads the page.
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });

// The app's own router (docs/decisions/005-own-router.md): links move without reloading the page,
// a new page starts at the top or at its anchor, and Back returns to where the reader was.
test('links move inside the app: new pages start at the top, Back restores the scroll position', async ({ page }) => {
  await page.goto('/features');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBe(600);

  await page.locator('footer a[href="/about"]').click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle(titleOf('/about'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // No reload happened: the marker set on /features is still there.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page).toHaveTitle(titleOf('/features'));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
});

test('a page opened afresh starts at the top, whatever was read before in the tab', async ({ page }) => {
  await page.goto('/features');
  await page.evaluate(() => window.scrollTo({ top: 500, behavior: 'instant' }));
  await page.locator('footer a[href="/about"]').click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goto('/features');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A remembered position would be restored by the router's layout effect, in the commit that hydrates
  // the page: once it has hydrated and a frame has been drawn, that moment has passed.
  await hydrated(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('an anchor link from another page lands on its section of the landing page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label.pricing }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  // The section comes to rest just below the sticky bar (its scroll margin).
  const offset = () =>
    page
      .locator('#pricing')
      .evaluate((section) => section.getBoundingClientRect().top - parseFloat(getComputedStyle(section).scrollMarginTop));
  await expect.poll(async () => Math.abs(await offset())).toBeLessThan(2);
});

test('a modified click leaves the page to the browser (a new tab), not the router', async ({ page, context }) => {
  await page.goto('/about');
  const opened = context.waitForEvent('page');
  await page.locator('footer a[href="/careers"]').click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/careers$/);
  await expect(page).toHaveURL(/\/about$/);
});
