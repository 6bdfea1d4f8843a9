import type { Page } from '@playwright/test';
import { analyticsCopy } from '#src/shared/analytics/messages.ts';
import { searchCopy } from '#src/shared/search/messages.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test } from './fixtures.ts';

// Calendar, search and analytics as a team uses them: the calendar, the search palette, and their accessibility.

async function workspaceOf(page: Page): Promise<string> {
  const answer = (await (await page.request.get('/api/workspaces')).json()) as { currentId: string };
  return answer.currentId;
}

async function createTask(
  page: Page,
  workspaceId: string,
  body: Record<string, unknown>,
): Promise<{ id: string; key: string; title: string }> {
  const answer = await page.request.post(`/api/workspaces/${workspaceId}/tasks`, { data: body });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { task: { id: string; key: string; title: string } }).task;
}

const day = (page: Page, label: RegExp) => page.getByRole('gridcell', { name: label });

test('a task dragged to another day on the calendar is due that day on the board', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Cal Planner' }));
  const workspaceId = await workspaceOf(page);
  await createTask(page, workspaceId, { title: 'Ship the deck', dueDate: '2026-03-10' });
  await page.goto('/calendar?date=2026-03-18');
  await expect(page.getByRole('heading', { name: 'March 2026' })).toBeVisible();

  const chip = day(page, /^Tuesday, March 10, 2026/).getByRole('button', { name: 'Ship the deck', exact: false });
  const target = day(page, /^Thursday, March 12, 2026/);
  const from = (await chip.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(target.getByRole('button', { name: /Ship the deck/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ship the deck is now due' })).toBeAttached();

  await page.goto('/board');
  const card = page.getByRole('button', { name: boardUi.openTask('Ship the deck'), exact: true });
  await expect(card.locator('..')).toContainText(
    boardUi.due(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 2, 12))),
  );
});

test('a calendar opened again asks its month with the session, not after the workspace list', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Cal Returner' }));
  const workspaceId = await workspaceOf(page);
  await createTask(page, workspaceId, { title: 'Renew the lease', dueDate: '2026-03-10' });
  await page.goto('/calendar?date=2026-03-18');
  await expect(day(page, /^Tuesday, March 10, 2026/).getByRole('button', { name: /Renew the lease/ })).toBeVisible();

  // What the reload asks and hears, in order.
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/workspaces/${workspaceId}/calendar`) seen.push('calendar asked');
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/workspaces') seen.push('list answered');
  });
  await page.reload();
  await expect(day(page, /^Tuesday, March 10, 2026/).getByRole('button', { name: /Renew the lease/ })).toBeVisible();
  expect(seen).toEqual(['calendar asked', 'list answered']);
});

test('the calendar reschedules with the keyboard alone', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Kay Board' }));
  const workspaceId = await workspaceOf(page);
  const task = await createTask(page, workspaceId, { title: 'Renew the lease', dueDate: '2026-03-10' });
  await page.goto('/calendar?date=2026-03-18');
  const chip = day(page, /^Tuesday, March 10, 2026/).getByRole('button', { name: /Renew the lease/ });
  await chip.focus();
  await page.keyboard.press('m');
  await expect(page.getByRole('status').filter({ hasText: 'Renew the lease picked up' })).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(day(page, /^Wednesday, March 18, 2026/).getByRole('button', { name: /Renew the lease/ })).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/workspaces/${workspaceId}/tasks/${task.id}`)).json()) as { task: { dueDate: string } }).task
          .dueDate,
    )
    .toBe('2026-03-18');
});

test('⌘K finds a task by a word of one of its comments and opens it', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Sam Seeker' }));
  const workspaceId = await workspaceOf(page);
  const task = await createTask(page, workspaceId, { title: 'Choose a mascot' });
  await createTask(page, workspaceId, { title: 'Something else' });
  const commented = await page.request.post(`/api/workspaces/${workspaceId}/tasks/${task.id}/comments`, {
    data: { body: 'What about a pélican with sunglasses?' },
  });
  expect(commented.status()).toBe(201);

  await page.goto('/dashboard');
  await expect(page.getByRole('searchbox', { name: 'Search' }).first()).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: searchCopy.palette });
  await expect(palette).toBeVisible();
  await page.keyboard.type('pelican');
  const option = palette.getByRole('listbox').getByRole('option');
  await expect(option).toHaveCount(1);
  await expect(option.locator('mark')).toHaveText('pélican');
  await page.keyboard.press('Enter');
  // The board names the task by its key in the address.
  await expect(page).toHaveURL(new RegExp(`/board\\?task=${task.key}$`));
  await expect(page.getByRole('dialog', { name: boardUi.editTitle })).toBeVisible();
  await expect(page.getByRole('dialog', { name: boardUi.editTitle }).getByLabel(boardUi.titleLabel)).toHaveValue('Choose a mascot');
});

test('⌘K finds a task by its key first, and a client by name, opening its page', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Kim Keys' }));
  const workspaceId = await workspaceOf(page);
  await createTask(page, workspaceId, { title: 'Unrelated first' });
  const task = await createTask(page, workspaceId, { title: 'Wire the payment form' });
  const added = await page.request.post(`/api/workspaces/${workspaceId}/clients`, { data: { name: 'Quillon Studio', company: 'Quillon' } });
  expect(added.status()).toBe(201);
  const client = ((await added.json()) as { client: { id: string } }).client;

  await page.goto('/dashboard');
  await expect(page.getByRole('searchbox', { name: 'Search' }).first()).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: searchCopy.palette });
  await expect(palette.getByRole('combobox', { name: searchCopy.palette })).toBeFocused();
  await page.keyboard.type(task.key.toLowerCase());
  const first = palette.getByRole('listbox').getByRole('option').first();
  await expect(first).toContainText(task.key);
  await expect(first).toContainText('Wire the payment form');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/board\\?task=${task.key}$`));
  await expect(page.getByRole('dialog', { name: boardUi.editTitle }).getByLabel(boardUi.titleLabel)).toHaveValue('Wire the payment form');

  await page.goto('/dashboard');
  await expect(page.getByRole('searchbox', { name: 'Search' }).first()).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByRole('combobox', { name: searchCopy.palette })).toBeFocused();
  await page.keyboard.type('quillon');
  const found = page.getByRole('dialog', { name: searchCopy.palette }).getByRole('listbox').getByRole('option');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(searchCopy.kind.client);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole('heading', { name: 'Quillon Studio' })).toBeVisible();
});

test('the header Search box opens the palette with what was typed', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Hedda Header' }));
  const workspaceId = await workspaceOf(page);
  await createTask(page, workspaceId, { title: 'Quarterly numbers' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('searchbox', { name: 'Search' }).first().pressSequentially('quart');
  const palette = page.getByRole('dialog', { name: searchCopy.palette });
  await expect(palette.getByRole('combobox', { name: searchCopy.palette })).toHaveValue('quart');
  await expect(palette.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

for (const width of [390, 1280]) {
  test(`axe finds nothing on the calendar, the palette and analytics at ${width} px`, async ({ page, accounts }) => {
    test.slow();
    await signInAs(page, await accounts.create({ name: 'Axe Reader' }));
    const workspaceId = await workspaceOf(page);
    const task = await createTask(page, workspaceId, { title: 'Overdue report', dueDate: '2026-03-03' });
    await createTask(page, workspaceId, { title: 'Later report', dueDate: '2026-03-20' });
    await page.request.post(`/api/workspaces/${workspaceId}/tasks/${task.id}/comments`, { data: { body: 'report draft attached' } });
    await page.setViewportSize({ width, height: 900 });

    await page.goto('/calendar?date=2026-03-18');
    // A loaded machine may take a while to answer the first read.
    await expect(page.getByRole('button', { name: /Overdue report \(overdue\)/ })).toBeVisible({ timeout: 20_000 });
    expect(await axeFindings(page, { where: `/calendar (month) at ${width} px` })).toEqual([]);
    await page.goto('/calendar?date=2026-03-18&view=week');
    await expect(page.getByRole('button', { name: /Later report/ })).toBeVisible();
    expect(await axeFindings(page, { where: `/calendar (week) at ${width} px` })).toEqual([]);

    await page.keyboard.press('ControlOrMeta+k');
    await expect(page.getByRole('combobox', { name: searchCopy.palette })).toBeFocused();
    await page.keyboard.type('report');
    await expect(page.getByRole('dialog', { name: searchCopy.palette }).getByRole('listbox').getByRole('option')).toHaveCount(3);
    expect(await axeFindings(page, { where: `the palette at ${width} px` })).toEqual([]);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `test-results/insights-calendar-${width}.png`, fullPage: true });

    // Analytics: the charts, then each as its table.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'View Analytics' }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByRole('img', { name: /2 tasks created/ })).toBeVisible();
    expect(await axeFindings(page, { where: `/analytics (charts) at ${width} px` })).toEqual([]);
    await page.screenshot({ path: `test-results/insights-analytics-${width}.png`, fullPage: true });
    const toTable = page.getByRole('button', { name: analyticsCopy.showTable });
    for (let left = 3; left > 0; left -= 1) {
      await toTable.first().click();
      await expect(toTable).toHaveCount(left - 1);
    }
    await expect(page.getByRole('table')).toHaveCount(3);
    expect(await axeFindings(page, { where: `/analytics (tables) at ${width} px` })).toEqual([]);
  });
}
