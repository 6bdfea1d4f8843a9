import { apiKeyUi } from '#src/shared/api-keys/messages.ts';
import { PUBLIC_API_BASE } from '#src/shared/public-api/reference.ts';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { expect, signInAs, test } from './fixtures.ts';

// API keys as a person uses them: an owner makes a key in the workspace settings, copies it, and a program
// creates a task with it; the key, once revoked, stops.
test('an owner creates an API key, copies it once, and a request with it creates a task', async ({ page, context, accounts }) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: workspaceUi.switcherLabel }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/workspace-settings$/);

  const section = page.getByRole('region', { name: apiKeyUi.title });
  await expect(section.getByText(apiKeyUi.none)).toBeVisible();
  await section.getByRole('button', { name: apiKeyUi.create }).click();
  const form = page.getByRole('dialog', { name: apiKeyUi.createTitle });
  await form.getByLabel(apiKeyUi.nameLabel).fill('Zapier');
  await form.getByLabel(apiKeyUi.expiryLabel).selectOption({ label: apiKeyUi.inDays(30) });
  await form.getByRole('button', { name: apiKeyUi.create }).click();

  const shown = page.getByRole('dialog', { name: apiKeyUi.shownOnceTitle });
  const secret = await shown.getByLabel(apiKeyUi.secretLabel).inputValue();
  expect(secret).toMatch(/^tsr_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: apiKeyUi.copy }).click();
  await expect(page.getByText(apiKeyUi.copied)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(secret);
  await shown.getByRole('button', { name: apiKeyUi.done }).click();
  await expect(shown).toBeHidden();

  // Afterwards only its prefix and last four show.
  await expect(section.getByText(`${secret.slice(0, 8)}…${secret.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A program with the copied key (Playwright's request carries no cookie of this page).
  const created = await page.context().request.fetch(`${PUBLIC_API_BASE}/tasks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${copied}`, cookie: '' },
    data: { title: 'Made by a script', labels: ['api'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await created.json()).task).toMatchObject({ title: 'Made by a script', status: 'To do', labels: ['api'] });
  expect(created.headers()['x-ratelimit-remaining']).toBe(String(Number(created.headers()['x-ratelimit-limit']) - 1));

  // Revoked, it is refused at once.
  await section.getByRole('button', { name: apiKeyUi.revokeLabel('Zapier') }).click();
  const confirm = page.getByRole('dialog', { name: apiKeyUi.revokeTitle('Zapier') });
  await confirm.getByRole('button', { name: apiKeyUi.revoke }).click();
  await expect(section.getByText(apiKeyUi.none)).toBeVisible();
  const refused = await page.context().request.get(`${PUBLIC_API_BASE}/tasks`, { headers: { authorization: `Bearer ${copied}` } });
  expect(refused.status()).toBe(401);
});

// /docs/api and the OpenAPI document this server serves say the same.
test('/docs/api shows every endpoint, field, header and webhook of the served OpenAPI document', async ({ page, request }) => {
  const doc = (await (await request.get(`${PUBLIC_API_BASE}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
    webhooks: Record<string, { post: { summary: string } }>;
    components: {
      schemas: { Task: { properties: Record<string, { description: string }> } };
      headers: Record<string, { description: string }>;
    };
  };
  await page.goto('/docs/api');
  const endpoints = page.getByTestId('api-endpoint');
  await expect(endpoints).toHaveCount(Object.values(doc.paths).flatMap((item) => Object.keys(item)).length);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      await expect(
        endpoints
          .filter({ hasText: `${PUBLIC_API_BASE}${path}` })
          .filter({ hasText: method.toUpperCase() })
          .filter({ hasText: operation.summary }),
      ).toHaveCount(1);
    }
  }
  const fields = page.getByRole('table', { name: 'Task fields' });
  for (const [field, { description }] of Object.entries(doc.components.schemas.Task.properties)) {
    await expect(fields.getByRole('row').filter({ hasText: field }).filter({ hasText: description }).first()).toBeVisible();
  }
  const events = page.getByRole('table', { name: 'Webhook events' });
  await expect(events.getByRole('row')).toHaveCount(Object.keys(doc.webhooks).length + 1);
  for (const [event, { post }] of Object.entries(doc.webhooks)) {
    await expect(events.getByRole('row').filter({ hasText: event }).filter({ hasText: post.summary })).toHaveCount(1);
  }
  const headers = page.getByRole('table', { name: 'Rate-limit headers' });
  for (const [name, { description }] of Object.entries(doc.components.headers)) {
    await expect(headers.getByRole('row').filter({ hasText: name }).filter({ hasText: description })).toHaveCount(1);
  }
});
