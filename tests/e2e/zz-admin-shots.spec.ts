import { expect, signInAs, test } from './fixtures.ts';

test('admin screenshots', async ({ page, accounts }) => {
  test.slow();
  for (const name of ['Leo Fischer', 'Sofia Rossi', 'Amara Diallo']) await accounts.create({ name });
  for (let i = 0; i < 25; i += 1) await page.request.post('/api/login', { data: { email: 'victim@example.com', password: 'nope-nope' } });
  const admin = await accounts.create({ role: 'admin', name: 'Priya Natarajan' });
  await signInAs(page, admin);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Open Sofia Rossi' })).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/admin-shots/admin-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Open Sofia Rossi' }).first().click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/admin-shots/sheet-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'View Analytics' }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/admin-shots/chart-${width}.png` });
    await page.keyboard.press('Escape');
  }
});
