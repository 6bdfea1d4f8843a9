import type { Page } from '@playwright/test';
import { flow, label } from '#src/shared/messages.ts';
import { formatDollars, perUserCost, productCost, savings } from '#src/shared/site/team-pricing.ts';
import { prerenderedPaths } from '#src/web/app/route-table.ts';
import { budgets } from '../../bench/budgets.ts';
import { axeFindings } from '../support/axe.ts';
import { measureFirstLoad } from '../support/first-load.ts';
import { expect, test } from './fixtures.ts';

const publicPaths = prerenderedPaths;

// Opens a public page with the app's script held back until the returned function lets it through:
// what a person does on the prerendered page before it hydrates.
async function openWithAppHeld(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}

// Sends the contact form: the thank-you alert, then all four fields empty.
async function sendContactAndSeeItCleared(page: Page): Promise<void> {
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('form', { name: 'Contact form' }).getByRole('button', { name: 'Send Message' }).click();
  await expect.poll(() => alerts).toEqual([flow.contactThanks]);
  for (const field of ['Name', 'Email', 'Subject', 'Message']) await expect(page.getByLabel(field)).toHaveValue('');
}

test('every public route renders its main heading and its own title', async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of publicPaths) {
    await page.goto(path);
    await expect(page, path).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page, path).toHaveTitle(/Tessera/);
  }
});

test('a crawl from / follows every internal link and finds no page that errors or bounces to /', async ({ page }) => {
  test.setTimeout(240_000);
  const seen = new Set<string>();
  const queue = ['/'];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // /login is the one link that lands on / on purpose (product rules D1).
    const expected = path === '/login' ? '/' : path;
    await expect(page, `${path} should stay on ${expected}`).toHaveURL((url) => url.pathname === expected);
    // On /login the Sign In dialog is modal, so the page behind it leaves the accessibility tree.
    if (path === '/login') await expect(page.getByRole('dialog')).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    for (const href of hrefs)
      if (!seen.has(href) && (publicPaths.includes(href) || href === '/login' || href === '/register')) queue.push(href);
  }
  expect([...seen].sort()).toEqual(expect.arrayContaining(publicPaths));
  expect(errors).toEqual([]);
});

test('the cost slider shows the right costs and savings at 1, 3, 4, 15, 16 and 100 users', async ({ page }) => {
  await page.goto('/pricing');
  const slider = page.getByRole('slider', { name: 'Team size' });
  await expect(page.getByTestId('user-count')).toHaveText('15');
  const moveTo = async (users: number) => {
    await slider.focus();
    await page.keyboard.press('Home');
    for (let i = 1; i < users; i++) await page.keyboard.press('ArrowRight');
  };
  for (const users of [1, 3, 4, 15, 16, 100]) {
    // Keys pressed before the prerendered page has hydrated move nothing, so the move is tried again.
    await expect(async () => {
      if (users === 100) {
        await slider.focus();
        await page.keyboard.press('End');
      } else await moveTo(users);
      await expect(page.getByTestId('user-count')).toHaveText(String(users), { timeout: 1_000 });
    }).toPass();
    await expect(page.getByTestId('our-cost')).toHaveText(`${formatDollars(productCost(users))}/mo`);
    await expect(page.getByTestId('per-user')).toHaveText(`${formatDollars(perUserCost(users))} per user`);
    await expect(page.getByTestId('competitor-high')).toHaveText(`${formatDollars(14.5 * users)}/mo`);
    await expect(page.getByTestId('competitor-low')).toHaveText(`${formatDollars(12 * users)}/mo`);
    const saved = savings(users)!;
    await expect(page.getByTestId('savings')).toContainText(`${formatDollars(saved.monthly)} per month`);
    await expect(page.getByTestId('savings')).toContainText(`${formatDollars(saved.yearly)} per year`);
  }
  // Spot values written out, so a wrong formula in both places still fails.
  await expect(page.getByTestId('our-cost')).toHaveText('$200/mo');
  await expect(page.getByTestId('savings')).toContainText('$1,250 per month');
});

test('a slider moved before the page has its script keeps its figures in step once the script runs', async ({ page }) => {
  const release = await openWithAppHeld(page, '/pricing');
  const slider = page.getByRole('slider', { name: 'Team size' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveValue('100');
  await expect(page.getByTestId('user-count')).toHaveText('15');
  release();
  await expect(page.getByTestId('user-count')).toHaveText('100');
  await expect(page.getByTestId('our-cost')).toHaveText(`${formatDollars(productCost(100))}/mo`);
  await page.keyboard.press('Home');
  await expect(page.getByTestId('user-count')).toHaveText('1');
});

test('the contact form thanks the sender and clears its four fields', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  // All four are required: the browser stops an empty form.
  expect(await page.getByLabel('Name').evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true);
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Subject').fill('Beta access');
  await page.getByLabel('Message').fill('We are a team of 12.');
  expect(await page.getByLabel('Email').evaluate((input) => (input as HTMLInputElement).validity.typeMismatch)).toBe(true);
  await page.getByLabel('Email').fill('ada@example.com');
  await sendContactAndSeeItCleared(page);
  await expect(page.getByLabel('Message')).toHaveAttribute('rows', '6');
});

test('what someone typed into the contact form before the page had its script is sent and cleared like the rest', async ({ page }) => {
  const release = await openWithAppHeld(page, '/contact');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Subject').fill('Beta access');
  await page.getByLabel('Message').fill('We are a team of 12.');
  // The app asks who is signed in once it has hydrated the page.
  const hydrated = page.waitForResponse((response) => response.url().endsWith('/api/current-user'));
  release();
  await hydrated;
  await sendContactAndSeeItCleared(page);
});

test('a public page fetched without JavaScript already contains its heading', async ({ request, browser }) => {
  const html = await (await request.get('/pricing')).text();
  expect(html).toContain('One flat price per team');
  expect(html).toContain('<title>Pricing — Tessera</title>');
  expect(html).toMatch(/<meta property="og:title" content="Pricing — Tessera"/);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/careers');
  await expect(page.getByRole('heading', { name: 'Join the Team' })).toBeVisible();
  await context.close();
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/docs/api</loc>');
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
});

test('the landing page says the beta is full and its sign-up buttons are disabled', async ({ page }) => {
  await page.goto('/');
  const join = page.getByRole('button', { name: 'Join the beta' }).first();
  await expect(join).toBeDisabled();
  await expect(join).toHaveAccessibleDescription('Beta slots are full. The waitlist opens soon.');
  for (const anchor of ['features', 'testimonials', 'integrations', 'pricing']) await expect(page.locator(`#${anchor}`)).toBeAttached();
});

// In both themes (System, on a light and on a dark device) and at both widths.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`axe finds no accessibility violation on any public page, ${colorScheme} theme at ${width} px`, async ({ page }) => {
      test.setTimeout(360_000);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 844 });
      const found: string[] = [];
      for (const path of publicPaths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        found.push(...(await axeFindings(page, { where: path })));
      }
      expect(found).toEqual([]);
    });
  }
}

test('every aria-labelledby and aria-describedby on every public page names elements that exist', async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of publicPaths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    const dangling = await page.evaluate(() =>
      [...document.querySelectorAll('[aria-labelledby], [aria-describedby]')].flatMap((element) =>
        ['aria-labelledby', 'aria-describedby'].flatMap((attribute) =>
          (element.getAttribute(attribute) ?? '')
            .split(/\s+/)
            .filter((id) => id !== '' && !document.getElementById(id))
            .map((id) => `${element.tagName.toLowerCase()} ${attribute}="${id}"`),
        ),
      ),
    );
    expect(dangling, path).toEqual([]);
  }
});

test('/docs/api gives this server’s own origin + /api/v1 as the base URL, in the text and the example', async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/docs/api');
  const base = `${new URL(baseURL!).origin}/api/v1`;
  await expect(page.getByTestId('api-base-url')).toHaveText(base);
  await expect(page.getByText(`curl -X POST ${base}/tasks`)).toBeVisible();
  await expect(page.getByText('/api/v1/tasks').first()).toBeVisible();
  await expect(page.getByText('api.tessera.app')).toHaveCount(0);
  // The prerendered placeholder is swapped after hydration without a mismatch.
  expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
});

// product rules B1: what a first visit downloads is the landing page's load time on a slow phone; a
// dependency pulled into the entry by an import breaks it without any other test noticing.
test('a first visit to / downloads at most 90 KB of JavaScript and 25 KB of CSS, gzipped', async ({ page }) => {
  const load = await measureFirstLoad(page, '/');
  const listing = load.files.map((file) => `${file.file} ${file.gzipKb.toFixed(1)} KB`).join('\n');
  expect(load.jsKb, listing).toBeLessThanOrEqual(budgets.landingJsKb);
  expect(load.cssKb, listing).toBeLessThanOrEqual(budgets.landingCssKb);
  // What it measured is the landing page.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// product rules B1: the page paints before the app's script is even asked for, so a fast or cached
// download never holds the first frame back (src/shared/site/entry-after-paint.ts); the app still
// starts from it and takes over the page.
test('a public page asks for the app only after its first contentful paint, then runs it', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label.signIn })).toBeVisible();
  const order = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const entry = performance.getEntriesByType('resource').find((resource) => /\/assets\/index-[^/]+\.js$/.test(resource.name)) as
      PerformanceResourceTiming | undefined;
    return { paint, requested: entry?.startTime ?? null };
  });
  expect(order.paint).not.toBeNull();
  expect(order.requested).not.toBeNull();
  expect(order.requested!).toBeGreaterThanOrEqual(order.paint!);
});
