import type { Page } from '@playwright/test';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { teammateOf, workspaceOf } from './teammates.ts';

// Comments as a team has them: Markdown shown safely, edited by their author and marked so, deleted by
// their author or an owner, every change live in the other browser.
const openTask = async (page: Page, workspaceId: string, taskId: string) => {
  await page.goto(`/board?workspace=${workspaceId}&task=${taskId}`);
  return page.getByRole('dialog', { name: boardUi.editTitle });
};

test('a comment renders its Markdown, its author edits it, an owner deletes it, each live in the other browser', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/board');
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  const workspaceId = await workspaceOf(page);
  const made = await page.request.post(`/api/workspaces/${workspaceId}/tasks`, { data: { title: 'Launch checklist' } });
  const taskId = ((await made.json()) as { task: { id: string } }).task.id;

  const ownerSheet = await openTask(page, workspaceId, taskId);
  const sheet = await openTask(teammate.page, workspaceId, taskId);
  await sheet.getByLabel(boardUi.commentLabel).fill('This is **good** <script>alert(1)</script>');
  await sheet.getByRole('button', { name: boardUi.commentButton }).click();

  // Bold on both screens, the script shown as nothing that runs.
  const ownerComments = ownerSheet.getByTestId('comments');
  await expect(ownerComments.locator('strong', { hasText: 'good' })).toBeVisible();
  expect(await page.locator('script', { hasText: 'alert(1)' }).count()).toBe(0);
  // The owner may delete it but not edit it.
  await expect(ownerComments.getByRole('button', { name: 'Edit comment by Grace Teammate' })).toHaveCount(0);
  await expect(ownerComments.getByRole('button', { name: 'Delete comment by Grace Teammate' })).toBeVisible();

  // The author edits: marked edited, everywhere.
  await sheet.getByRole('button', { name: 'Edit comment by Grace Teammate' }).click();
  await sheet.getByLabel(boardUi.editCommentLabel).fill('This is _great_ now');
  await sheet.getByTestId('comments').getByRole('button', { name: boardUi.saveComment }).click();
  await expect(sheet.getByTestId('comments').locator('em', { hasText: 'great' })).toBeVisible();
  await expect(ownerComments.locator('em', { hasText: 'great' })).toBeVisible();
  await expect(ownerComments.getByTestId('comment-edited')).toContainText(boardUi.edited);
  expect(await axeFindings(teammate.page, { include: '[role="dialog"]' })).toEqual([]);

  // The owner deletes it, after saying so: gone from both.
  await ownerComments.getByRole('button', { name: 'Delete comment by Grace Teammate' }).click();
  const confirm = page.getByRole('dialog', { name: boardUi.deleteCommentTitle });
  await confirm.getByRole('button', { name: boardUi.deleteComment }).click();
  await expect(ownerSheet.getByText(boardUi.noComments)).toBeVisible();
  await expect(sheet.getByText(boardUi.noComments)).toBeVisible();
  await teammate.context.close();
});
