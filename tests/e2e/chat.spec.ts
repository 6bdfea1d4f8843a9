import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { chatText } from '#src/shared/chat/messages.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { teammateOf } from './teammates.ts';

const axeViolations = async (page: Page) => (await new AxeBuilder({ page }).analyze()).violations;

// Two teammates in two browsers: one posts in #general, the other sees it without a reload, with the
// unread badge in the rail until they open the channel.
test('a message posted in #general reaches a teammate live, the rail counts it unread elsewhere, and /chat passes axe at both widths', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/chat');
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  await expect(page.getByRole('heading', { name: 'general' })).toBeVisible();
  await expect(page.getByText(chatText.emptyChannel)).toBeVisible();

  await teammate.page.goto('/chat');
  const theirs = teammate.page.getByRole('heading', { name: 'general' });
  await expect(theirs).toBeVisible();

  const composer = page.getByLabel(chatText.composerLabel('general'), { exact: true });
  await composer.fill('Hello **team**');
  await composer.press('Enter');
  await expect(page.locator('strong', { hasText: 'team' })).toBeVisible();
  await expect(composer).toHaveValue('');

  // Live, with no reload in the other browser.
  await expect(teammate.page.locator('strong', { hasText: 'team' })).toBeVisible();

  for (const width of [390, 1280]) {
    await teammate.page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(teammate.page)).toEqual([]);
  }
  // Away from the chat, the rail counts what came in; opening the channel reads it.
  await teammate.page.setViewportSize({ width: 1280, height: 900 });
  const rail = teammate.page.getByRole('navigation', { name: 'Workspace' });
  await rail.getByRole('link', { name: 'Calendar' }).click();
  await composer.fill('Lunch at noon?');
  await composer.press('Enter');
  await expect(rail.getByText(chatText.unread(1))).toBeAttached();
  await rail.getByRole('link', { name: /Chat/ }).click();
  await expect(teammate.page.getByText('Lunch at noon?')).toBeVisible();
  await expect(rail.getByText(chatText.unread(1))).toHaveCount(0);
  await teammate.context.close();
});
