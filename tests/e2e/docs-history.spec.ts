import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { docsNotice, docsText } from '#src/shared/docs/messages.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { workspaceOf } from './teammates.ts';

const FIXTURE = 'tests/fixtures/docs/launch-plan.md';
const editorOf = (page: Page) => page.getByRole('textbox', { name: /^Text of / });
const markdownNow = async (page: Page, pageId: string) =>
  (await page.request.get(`/api/workspaces/${await workspaceOf(page)}/pages/${pageId}/markdown`)).text();

// A Markdown file becomes a page, comes back out as a download, and the page's history saves a
// version, shows it read-only, restores it into the open editor, and undoes that restore.
test('imports a Markdown file, exports it, and restores a saved version live, undoably', async ({ page, accounts }) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Hedda History' }));
  await page.goto('/pages');
  await page.getByRole('button', { name: docsText.importMarkdown }).click();
  const dialog = page.getByRole('dialog', { name: docsText.importTitle });
  await dialog.getByLabel(docsText.importFile).setInputFiles(FIXTURE);
  await expect(dialog.getByLabel(docsText.importPageTitle)).toHaveValue('launch-plan');
  await expect(dialog.getByLabel(docsText.importText, { exact: true })).toHaveValue(/^# Launch plan/);
  await dialog.getByLabel(docsText.importPageTitle).fill('Launch plan');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/docs-import-${width}.png` });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
  }
  await dialog.getByRole('button', { name: docsText.importMarkdown }).click();
  await expect(page).toHaveURL(/\/pages\/[0-9a-f-]{36}$/);
  const pageId = page.url().split('/').pop()!;
  const editor = editorOf(page);
  await expect(editor.getByRole('heading', { name: 'Launch plan', level: 1 })).toBeVisible();
  await expect(editor.getByRole('link', { name: 'release notes' })).toHaveAttribute('href', 'https://example.com/notes');
  await expect(editor.getByRole('checkbox')).toHaveCount(2);
  await expect(editor.locator('pre code')).toContainText('const ready = true;');
  await expect(editor.getByRole('table')).toContainText('Deploy');

  // Out again, from the page's menu, as a file.
  const menu = page.getByRole('button', { name: docsText.pageMenu('Launch plan') });
  await menu.click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: docsText.exportMarkdown }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Launch plan.md');
  const exported = await readFile((await download.path())!, 'utf8');
  expect(exported).toContain('# Launch plan');
  expect(exported).toContain('- [x] Book the room');
  expect(exported).toContain('```ts\nconst ready = true;\n```');

  // Save a version, then type more.
  await menu.press('Enter');
  await page.getByRole('menuitem', { name: docsText.history }).press('Enter');
  const panel = page.getByRole('complementary', { name: docsText.history });
  await panel.getByRole('button', { name: docsText.saveVersion }).click();
  await expect(page.getByText(docsNotice.versionSaved)).toBeVisible();
  const saved = panel.getByRole('button', { name: /Saved by Hedda History/ });
  await expect(saved).toBeVisible();
  await editor.getByText('Keep it small.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Added after the save.');
  await expect.poll(() => markdownNow(page, pageId)).toContain('Added after the save.');

  // Read it, then restore it: the open editor changes without a reload.
  await saved.click();
  const preview = page.getByRole('document', { name: docsText.previewLabel });
  await expect(preview.getByRole('heading', { name: 'Launch plan' })).toBeVisible();
  await expect(preview).not.toContainText('Added after the save.');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/docs-history-${width}.png`, fullPage: true });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
  }
  await page.getByRole('button', { name: docsText.restore }).click();
  await page.getByRole('dialog', { name: docsText.restoreTitle }).getByRole('button', { name: docsText.restore }).click();
  await expect(editor).toBeVisible();
  await expect(editor).toContainText('Keep it small.');
  await expect(editor).not.toContainText('Added after the save.');

  // What it said before is the newest version; restoring that undoes the restore.
  await panel.getByRole('button', { name: /Before a restore by Hedda History/ }).click();
  await page.getByRole('button', { name: docsText.restore }).click();
  await page.getByRole('dialog', { name: docsText.restoreTitle }).getByRole('button', { name: docsText.restore }).click();
  await expect(editor).toContainText('Keep it small. Added after the save.');
});
