import type { Page } from '@playwright/test';
import { label } from '#src/shared/messages.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test } from './fixtures.ts';

// The dark theme: System follows the device, an explicit choice from the account menu wins over it,
// and a page opened again in the chosen theme is dark from its first frame.

// The relative luminance (0 dark – 1 light) of the page's background, read through a canvas so any
// colour syntax the browser computes (oklch, rgb) comes back as sRGB.
const luminanceOf = (color: string) => {
  const context = document.createElement('canvas').getContext('2d')!;
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b] = [...context.getImageData(0, 0, 1, 1).data].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

const pageLuminance = (page: Page) =>
  page.evaluate(`(${luminanceOf.toString()})(getComputedStyle(document.body).backgroundColor)`) as Promise<number>;

test('a device set to dark gets a dark landing page and dashboard that pass axe at both widths', async ({ browser, accounts, baseURL }) => {
  test.slow();
  const account = await accounts.create();
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ baseURL, colorScheme: 'dark', viewport: { width, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await pageLuminance(page)).toBeLessThan(0.05);
    expect(await axeFindings(page, { where: `/ at ${width}` })).toEqual([]);

    await signInAs(page, account);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await pageLuminance(page)).toBeLessThan(0.05);
    expect(await axeFindings(page, { where: `/dashboard at ${width}` })).toEqual([]);
    await context.close();
  }
});

test('Dark chosen from the account menu wins over a light device, follows the account and has no light frame on reload', async ({
  browser,
  accounts,
  baseURL,
}) => {
  test.slow();
  const account = await accounts.create();
  const context = await browser.newContext({ baseURL, colorScheme: 'light', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, account);
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageLuminance(page)).toBeGreaterThan(0.5);

  await page.getByRole('button', { name: 'User menu' }).click();
  const dark = page.getByRole('menuitemradio', { name: label.themeDark });
  await expect(page.getByRole('menuitemradio', { name: label.themeSystem })).toHaveAttribute('aria-checked', 'true');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/theme') && response.ok());
  await dark.click();
  await saved;
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // The first frame the browser draws after a reload: the theme and background it had then.
  await page.addInitScript(`requestAnimationFrame(() => {
    window.firstFrame = { theme: document.documentElement.dataset.theme, luminance: (${luminanceOf.toString()})(getComputedStyle(document.body).backgroundColor) };
  })`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const firstFrame = (await page.evaluate('window.firstFrame')) as { theme: string; luminance: number };
  expect(firstFrame.theme).toBe('dark');
  expect(firstFrame.luminance).toBeLessThan(0.05);
  expect(await axeFindings(page)).toEqual([]);

  // Another device, light and never told: the account's choice arrives with the person.
  const other = await browser.newContext({ baseURL, colorScheme: 'light' });
  const phone = await other.newPage();
  await signInAs(phone, account);
  await phone.goto('/dashboard');
  await expect(phone.locator('html')).toHaveAttribute('data-theme', 'dark');
  await other.close();
  await context.close();
});
