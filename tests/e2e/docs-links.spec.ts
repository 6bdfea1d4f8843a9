import type { Page } from '@playwright/test';
import { docsText } from '#src/shared/docs/messages.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import type { Column, Task } from '#src/shared/tasks/paths.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { teammateOf, workspaceOf } from './teammates.ts';

const editorOf = (page: Page) => page.getByRole('textbox', { name: /^Text of / });

// Tasks in pages: a chip picked with #, kept live as a teammate moves the task; the task's sheet lists
// the page; a checklist item becomes a task on the board.
test('# puts a live task chip in a page, the task lists the page, and a checklist item becomes a task', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/pages');
  const workspaceId = await workspaceOf(page);
  const api = `/api/workspaces/${workspaceId}`;
  const made = await page.request.post(`${api}/tasks`, { data: { title: 'Write the launch post' } });
  expect(made.status(), await made.text()).toBe(201);
  const task = ((await made.json()) as { task: Task }).task;
  const columns = ((await (await page.request.get(`${api}/columns`)).json()) as { columns: Column[] }).columns;
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);

  await page.getByRole('button', { name: docsText.newPage }).click();
  await expect(page).toHaveURL(/\/pages\/[0-9a-f-]{36}$/);
  await page.getByLabel(docsText.titleLabel).fill('Launch plan');
  await page.getByLabel(docsText.titleLabel).press('Enter');
  const editor = editorOf(page);
  await editor.click();
  // `#` and a space at the start of a line is still a heading.
  await page.keyboard.type('# Launch');
  await expect(editor.getByRole('heading', { level: 1, name: 'Launch' })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Blog: #launch');
  const picker = page.getByRole('listbox', { name: docsText.taskPicker });
  await expect(picker.getByRole('option')).toHaveText([`${task.key}Write the launch post`]);
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press('Enter');
  const chip = editor.getByTestId('task-chip').first();
  await expect(chip).toHaveAccessibleName(docsText.taskChip(task.key, 'Write the launch post', 'To do'));

  // A teammate moves the task on the board (by the API, as their board would): the chip follows, no reload.
  const moved = await teammate.page.request.post(`${api}/tasks/${task.id}/move`, { data: { columnId: columns[1]!.id, afterId: null } });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect(chip).toHaveAccessibleName(docsText.taskChip(task.key, 'Write the launch post', columns[1]!.name));

  // A checklist item made a task: its words become the task, and the chip takes their place.
  await page.keyboard.press('Enter');
  // The toolbar never takes the page's focus, so the letters typed straight after a click land in the
  // page (given back a frame later, the first of them went to the button).
  await editor.evaluate((element) =>
    element.addEventListener('focusout', () => ((window as unknown as { editorBlurred: boolean }).editorBlurred = true)),
  );
  await page.getByRole('button', { name: docsText.taskList, exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { editorBlurred?: boolean }).editorBlurred ?? false)).toBe(false);
  await page.keyboard.type('Book the venue');
  await page.getByRole('button', { name: docsText.makeTask }).click();
  await expect(editor.getByTestId('task-chip').filter({ hasText: 'Book the venue' })).toBeVisible();
  // The item holds the chip alone (key, title, column), not its old words beside it.
  const venueKey = task.key.replace(/-\d+$/, '-2');
  const item = editor.locator('ul[data-type="taskList"] > li');
  await expect(item.locator('> div')).toHaveText(`${venueKey}Book the venueTo do`);
  await expect(item.getByRole('checkbox')).toHaveAccessibleName(docsText.checklistBox(venueKey));
  // The toast says so, and is gone before axe looks (half faded in, its colours are between two).
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: docsText.taskMade(venueKey) });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: 15_000 });

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/docs-links-page-${width}.png` });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
  }

  // The chip opens the task; its sheet lists the page, which opens it again.
  await chip.click();
  await expect(page).toHaveURL((url) => url.pathname === '/board' && url.searchParams.get('task') === task.key);
  const sheet = page.getByRole('dialog', { name: boardUi.editTitle });
  const pages = sheet.getByRole('region', { name: docsText.taskPagesTitle });
  await expect(pages.getByRole('link')).toHaveText(['Launch plan']);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await pages.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/docs-links-sheet-${width}.png` });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
  }
  await sheet.getByRole('button', { name: boardUi.close }).click();
  await expect(page.getByRole('button', { name: boardUi.openTask('Book the venue'), exact: true })).toBeVisible();
  await page.getByRole('button', { name: boardUi.openTask('Write the launch post'), exact: true }).click();
  await page.getByRole('dialog', { name: boardUi.editTitle }).getByRole('link', { name: 'Launch plan' }).click();
  await expect(page).toHaveURL(/\/pages\/[0-9a-f-]{36}$/);
  await expect(editorOf(page).getByTestId('task-chip')).toHaveCount(2);
  await teammate.context.close();
});
