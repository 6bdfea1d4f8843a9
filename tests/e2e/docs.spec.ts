import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { docsText } from '#src/shared/docs/messages.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { teammateOf, workspaceOf } from './teammates.ts';

const axeViolations = async (page: Page) => (await new AxeBuilder({ page }).analyze()).violations;
const editorOf = (page: Page) => page.getByRole('textbox', { name: /^Text of / });
// The words of the page, without the name labels of other people's carets drawn inside it.
const wordsOf = (page: Page) =>
  editorOf(page).evaluate((editor) => {
    const copy = editor.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.collaboration-carets__caret').forEach((caret) => caret.remove());
    return copy.textContent ?? '';
  });

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
    expect(await axeViolations(page)).toEqual([]);
  }

  await page.getByRole('button', { name: docsText.newPage }).click();
  await expect(page).toHaveURL(/\/pages\/[0-9a-f-]{36}$/);
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
    expect(await axeViolations(teammate.page)).toEqual([]);
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
