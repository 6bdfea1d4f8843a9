import { expect, signInAs, test } from './fixtures.ts';

test('the real server serves the built app and its API', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
  await page.goto('/');
  await expect(page).toHaveTitle(/Tessera/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a signed-in user reaches the dashboard, a guest is sent to /register', async ({ page, accounts }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/register$/);
  const account = await accounts.create();
  await signInAs(page, account);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});
