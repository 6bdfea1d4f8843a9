import type { Page } from '@playwright/test';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { expect, pickUpCard, signInAs, test } from './fixtures.ts';

// Product rules TB3 as a keyboard user performs it: arrows move a held card within and across columns,
// to the right and back to the left, and the live region names where it is.

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const openButton = (title: string) => ({ name: boardUi.openTask(title), exact: true });

async function seedBoard(page: Page) {
  const ws = ((await (await page.request.get('/api/workspaces')).json()) as { currentId: string }).currentId;
  const added = await page.request.post(`/api/workspaces/${ws}/columns`, { data: { name: 'Review' } });
  expect(added.status(), await added.text()).toBe(201);
  const columns = ((await (await page.request.get(`/api/workspaces/${ws}/columns`)).json()) as { columns: { id: string; name: string }[] })
    .columns;
  const create = async (title: string, columnName: string) => {
    const columnId = columns.find((one) => one.name === columnName)!.id;
    const made = await page.request.post(`/api/workspaces/${ws}/tasks`, { data: { title, columnId } });
    expect(made.status(), await made.text()).toBe(201);
  };
  // The card we move, and neighbours in the columns it crosses (a held card passes over other cards).
  await create('Travelling card', 'To do');
  await create('Second in to do', 'To do');
  await create('Already started', 'In progress');
  await create('Shipped', 'Done');
}

test('a card moves right across every column and back left by keyboard alone, announced at each step', async ({ page, accounts }) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await seedBoard(page);
  await page.goto('/board');
  await expect(page.getByRole('button', openButton('Shipped'))).toBeVisible();
  const names = ['To do', 'In progress', 'Done', 'Review'];
  await expect.poll(() => page.getByTestId('board-column').getByRole('heading').allTextContents()).toEqual(names);

  const move = page.getByRole('button', { name: boardUi.moveTask('Travelling card') });
  // dnd-kit's live region, which screen readers speak.
  const live = page.locator('[id^="DndLiveRegion"]');

  // One pick-up, three Arrow Rights: every column in turn, each step spoken.
  await move.focus();
  await pickUpCard(page);
  // Held: dnd-kit speaks the pick-up, then where the card is; arrows count from then on.
  await expect(live).toContainText('Task Travelling card is in column To do, position');
  for (const name of names.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText(`Task Travelling card is in column ${name}, position`);
  }
  await page.keyboard.press('Space');
  await expect(live).toContainText(`Task Travelling card was dropped in column Review, position`);
  await expect(column(page, 'Review').getByRole('button', openButton('Travelling card'))).toBeVisible();
  await expect(column(page, 'To do').getByTestId('column-count')).toHaveText(boardUi.taskCount(1));

  // And back: three Arrow Lefts in one pick-up.
  await move.focus();
  await pickUpCard(page);
  await expect(live).toContainText('Task Travelling card is in column Review, position');
  for (const name of names.slice(0, -1).reverse()) {
    await page.keyboard.press('ArrowLeft');
    await expect(live).toContainText(`Task Travelling card is in column ${name}, position`);
  }
  const saved = page.waitForResponse((response) => response.url().endsWith('/move'));
  await page.keyboard.press('Space');
  await expect(live).toContainText('Task Travelling card was dropped in column To do, position');
  await expect(column(page, 'To do').getByRole('button', openButton('Travelling card'))).toBeVisible();
  await expect(column(page, 'Review').getByTestId('column-count')).toHaveText(boardUi.taskCount(0));

  // The server kept it there (reloaded once the move is answered: a reload cancels what is still sent).
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(column(page, 'To do').getByRole('button', openButton('Travelling card'))).toBeVisible();
  // One step left from Done lands in In progress. Each key waits to be heard before the next, as a person
  // listening does.
  await move.focus();
  await pickUpCard(page);
  await expect(live).toContainText('Task Travelling card is in column To do, position');
  for (const [key, name] of [
    ['ArrowRight', 'In progress'],
    ['ArrowRight', 'Done'],
    ['ArrowLeft', 'In progress'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(live).toContainText(`Task Travelling card is in column ${name}, position`);
  }
  const savedAgain = page.waitForResponse((response) => response.url().endsWith('/move'));
  await page.keyboard.press('Space');
  await expect(live).toContainText('Task Travelling card was dropped in column In progress, position');
  expect((await savedAgain).status()).toBe(200);
  await page.reload();
  await expect(column(page, 'In progress').getByRole('button', openButton('Travelling card'))).toBeVisible();

  // Within a column: Arrow Down puts it below its neighbour.
  await move.focus();
  await pickUpCard(page);
  await expect(live).toHaveText(boardUi.movedOver('Travelling card', 'In progress', 1, 2));
  await page.keyboard.press('ArrowDown');
  await expect(live).toHaveText(boardUi.movedOver('Travelling card', 'In progress', 2, 2));
  await page.keyboard.press('Space');
  await expect(live).toHaveText(boardUi.dropped('Travelling card', 'In progress', 2));
});

test('the held card is drawn above the board, whole, not clipped by its column', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await seedBoard(page);
  await page.goto('/board');
  await page.getByRole('button', { name: boardUi.moveTask('Travelling card') }).focus();
  await pickUpCard(page);
  await page.keyboard.press('ArrowRight');
  // The held card is an overlay outside every column's scrolling list, so no column can clip it.
  const held = page.getByTestId('held-card');
  await expect(held).toBeVisible();
  await expect(held).toContainText('Travelling card');
  expect(await held.evaluate((node) => node.closest('[data-testid="board-column"]'))).toBeNull();
  await page.keyboard.press('Escape');
  await expect(held).toBeHidden();
});
