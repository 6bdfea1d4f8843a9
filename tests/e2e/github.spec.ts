import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { appsUi } from '#src/shared/github/apps-messages.ts';
import { githubUi } from '#src/shared/github/messages.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { workspaceOf } from './teammates.ts';

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

// A developer team's flow: task keys on cards and in addresses, a repository connected through the Apps
// page, and a signed "merged pull request fixes KEY" delivery that moves the card on an open board.
test('a card shows its key, /board?task=KEY opens it, and a merged pull request that fixes it moves it live', async ({
  page,
  accounts,
  baseURL,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  const workspaceId = await workspaceOf(page);
  const created = await page.request.post(`/api/workspaces/${workspaceId}/tasks`, { data: { title: 'Sign-in form' } });
  expect(created.status()).toBe(201);
  const task = ((await created.json()) as { task: Task }).task;
  expect(task.key).toMatch(/^[A-Z][A-Z0-9]{1,5}-1$/);

  await page.goto('/board');
  const card = page.getByTestId('task-card').filter({ hasText: 'Sign-in form' });
  await expect(card.getByTestId('task-key')).toHaveText(task.key);

  await page.goto(`/board?task=${task.key.toLowerCase()}`);
  const sheet = page.getByRole('dialog', { name: boardUi.editTitle });
  await expect(sheet.getByTestId('task-sheet-key')).toHaveText(task.key);
  await sheet.getByRole('button', { name: boardUi.close }).click();
  // Opening a card puts its key in the address.
  await card.getByRole('button', { name: boardUi.openTask('Sign-in form') }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]task=${task.key}$`));

  // The Apps page tells the truth: nothing connected yet, then the owner connects a repository.
  await page.goto('/apps');
  const githubCard = page.getByRole('listitem', { name: appsUi.github.name });
  await expect(githubCard).toContainText(appsUi.github.none);
  await githubCard.getByRole('link', { name: appsUi.setUp(appsUi.github.name) }).click();
  await page.getByLabel(githubUi.repoLabel).fill('acme/website');
  await page.getByRole('button', { name: githubUi.connect }).click();
  const setup = page.getByRole('dialog', { name: githubUi.setupTitle });
  const hookUrl = new URL(await setup.getByTestId('github-hook-url').inputValue());
  const secret = await setup.getByTestId('github-secret').inputValue();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await setup.getByRole('button', { name: githubUi.done }).click();
  await expect(page.getByTestId('github-repo')).toContainText('acme/website');

  // The board is open when GitHub delivers.
  await page.goto('/board');
  await expect(page.getByTestId('live-status')).toHaveText(boardUi.liveStatus.live);
  const payload = JSON.stringify({
    action: 'closed',
    number: 12,
    repository: { full_name: 'acme/website' },
    pull_request: {
      number: 12,
      title: 'Sign-in form',
      body: `Fixes ${task.key}`,
      html_url: 'https://github.com/acme/website/pull/12',
      state: 'closed',
      draft: false,
      merged: true,
      head: { ref: 'feature/sign-in' },
    },
  });
  const delivered = await fetch(`${baseURL}${hookUrl.pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'pull_request',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`,
    },
    body: payload,
  });
  expect(delivered.status).toBe(200);
  await expect(column(page, 'Done').getByRole('button', { name: boardUi.openTask('Sign-in form') })).toBeVisible();

  // The task shows the pull request and its state.
  await column(page, 'Done')
    .getByRole('button', { name: boardUi.openTask('Sign-in form') })
    .click();
  await expect(page.getByTestId('task-links')).toContainText('#12');
  await expect(page.getByTestId('task-links')).toContainText(githubUi.linkState.merged);
});

for (const width of [390, 1280] as const) {
  test(`axe finds no violation on /apps at ${width} px`, async ({ browser, accounts, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
    await page.goto('/apps');
    await expect(page.getByRole('listitem', { name: appsUi.ai.name })).not.toContainText(appsUi.loading);
    await expect(page.getByRole('listitem', { name: appsUi.github.name })).toContainText(appsUi.github.none);
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  });
}
