import type { Page } from '@playwright/test';
import { docsError, docsText } from '#src/shared/docs/messages.ts';
import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { axeFindings } from '../support/axe.ts';
import { ONE_PIXEL_PNG } from '../support/png.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { teammateOf, workspaceOf } from './teammates.ts';

const editorOf = (page: Page) => page.getByRole('textbox', { name: /^Text of / });
// The words of the page, without the name labels of other people's carets drawn inside it.
const wordsOf = (page: Page) =>
  editorOf(page).evaluate((editor) => {
    const copy = editor.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.collaboration-carets__caret').forEach((caret) => caret.remove());
    return copy.textContent ?? '';
  });

// A new page from the tree's New page button; the address names it.
async function newPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: docsText.newPage }).click();
  await expect(page).toHaveURL(/\/pages\/[0-9a-f-]{36}$/);
}

// Two teammates in two browsers on one page: the rail's Docs opens the tree, a new page is written by
// both at once in the same paragraph, and both end with the same words.
test('two people type in the same paragraph at once and end with the same text; docs pass axe at both widths', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: docsText.title }).click();
  await expect(page).toHaveURL(/\/pages$/);
  await expect(page.getByRole('heading', { name: docsText.emptyTitle })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
  }

  await newPage(page);
  const title = page.getByLabel(docsText.titleLabel);
  await title.fill('Launch plan');
  await title.press('Enter');
  await expect(page.getByRole('navigation', { name: docsText.pages }).getByRole('link', { name: 'Launch plan' })).toBeVisible();

  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  await teammate.page.goto(page.url());
  const mine = editorOf(page);
  const theirs = editorOf(teammate.page);
  await expect(mine).toBeVisible();
  await expect(theirs).toBeVisible();
  // Each sees the other on the page.
  await expect(page.getByRole('list', { name: docsText.presence }).getByText('Grace Teammate')).toBeAttached();
  await expect(teammate.page.getByRole('list', { name: docsText.presence }).getByText('Ada Owner')).toBeAttached();

  await mine.click();
  await page.keyboard.type('Ship it:');
  await expect.poll(() => wordsOf(teammate.page)).toBe('Ship it:');
  await theirs.click();
  await teammate.page.keyboard.press('End');
  await page.keyboard.press('End');
  // Both at the end of the one paragraph, typing at the same time.
  await Promise.all([page.keyboard.type(' Ada agrees', { delay: 30 }), teammate.page.keyboard.type(' Grace agrees', { delay: 30 })]);
  await expect.poll(async () => (await wordsOf(page)) === (await wordsOf(teammate.page)), { timeout: 10_000 }).toBe(true);
  const text = await wordsOf(page);
  // No keystroke lost: every character both typed is there, in whichever order the two runs merged
  // (where two carets stood at one spot, either may come first).
  const letters = (words: string) => [...words].sort().join('');
  expect(text.startsWith('Ship it:')).toBe(true);
  expect(letters(text)).toBe(letters('Ship it: Ada agrees Grace agrees'));

  for (const width of [390, 1280]) {
    await teammate.page.setViewportSize({ width, height: 900 });
    await teammate.page.screenshot({ path: `test-results/docs-${width}.png`, fullPage: true });
    expect(await axeFindings(teammate.page, { where: `${width} px` })).toEqual([]);
  }
  // A reload shows what was written: it was kept by the server.
  await teammate.page.reload();
  await expect.poll(() => wordsOf(teammate.page)).toBe(text);
  await teammate.context.close();
});

test('the page tree moves a page by keyboard: inside the page above, then back out', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Kim Keys' }));
  await page.goto('/pages');
  await page.getByRole('button', { name: docsText.newPage }).click();
  await page.getByLabel(docsText.titleLabel).fill('Specs');
  await page.getByLabel(docsText.titleLabel).press('Enter');
  const tree = page.getByRole('navigation', { name: docsText.pages });
  await expect(tree.getByRole('link', { name: 'Specs' })).toBeVisible();
  await tree.getByRole('button', { name: docsText.newPage, exact: true }).click();
  await expect(page.getByLabel(docsText.titleLabel)).toHaveValue('Untitled');
  await page.getByLabel(docsText.titleLabel).fill('API');
  await page.getByLabel(docsText.titleLabel).press('Enter');
  const api = tree.getByRole('link', { name: 'API' });
  await expect(api).toBeVisible();
  await api.focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByText(docsText.moved('API'))).toBeVisible();
  const pages = async () =>
    (
      (await (await page.request.get(`/api/workspaces/${await workspaceOf(page)}/pages`)).json()) as {
        pages: { title: string; parentId: string | null }[];
      }
    ).pages;
  await expect.poll(async () => (await pages()).find((one) => one.title === 'API')?.parentId).not.toBeNull();
  await api.focus();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect.poll(async () => (await pages()).find((one) => one.title === 'API')?.parentId).toBeNull();
});

test('an image uploaded from the toolbar shows in the page for a teammate; a file that is not an image is refused with the reason', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/pages');
  await newPage(page);
  await editorOf(page).click();

  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('toolbar', { name: docsText.toolbar }).getByRole('button', { name: docsText.uploadImage }).click();
    await (await chooser).setFiles(file);
  };
  await upload({ name: 'pixel.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  const image = editorOf(page).getByRole('img', { name: 'pixel.png' });
  await expect(image).toBeVisible();
  // It loaded: the server gave the bytes to this member's browser.
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);

  // A teammate opening the page sees it too; someone outside the workspace gets nothing at its address.
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  await teammate.page.goto(page.url());
  const theirs = editorOf(teammate.page).getByRole('img', { name: 'pixel.png' });
  await expect.poll(() => theirs.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
  const address = await image.getAttribute('src');
  await teammate.context.close();
  const outsider = await browser.newContext({ baseURL: new URL(page.url()).origin });
  await signInAs(await outsider.newPage(), await accounts.create({ name: 'Otto Outsider' }));
  expect((await outsider.request.get(address!)).status()).toBe(404);
  await outsider.close();

  await upload({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are words, not a picture') });
  await expect(page.getByRole('alert').filter({ hasText: docsError.imageType })).toBeVisible();
  await expect(editorOf(page).getByRole('img')).toHaveCount(1);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/docs-image-${width}.png` });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
  }
});

test('@ in a page offers the workspace’s members; the one picked hears of it on the bell, which opens the page', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/pages');
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  await newPage(page);
  const pageUrl = new URL(page.url());
  await page.getByLabel(docsText.titleLabel).fill('Launch plan');
  await page.getByLabel(docsText.titleLabel).press('Enter');
  await editorOf(page).click();
  await page.keyboard.type('Over to @gra');
  const picker = page.getByRole('listbox', { name: notificationCopy.mentionPicker });
  await expect(picker.getByRole('option')).toHaveText(['Grace Teammate']);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/docs-mention-${width}.png` });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
  }
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(editorOf(page).locator('.mention')).toHaveText('@Grace Teammate');

  await teammate.page.goto('/dashboard');
  await expect(teammate.page.getByTestId('unread-count')).toHaveText('1');
  await teammate.page.getByRole('button', { name: /^Notifications \(/ }).click();
  await teammate.page.getByRole('menuitem', { name: /Ada Owner mentioned you in “Launch plan”/ }).click();
  await expect(teammate.page).toHaveURL((url) => url.pathname === pageUrl.pathname);
  await expect(editorOf(teammate.page).locator('.mention')).toHaveText('@Grace Teammate');
  await teammate.context.close();
});
