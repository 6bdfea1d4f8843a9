import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { workspaceOf } from './teammates.ts';

// A browser keeps at most six connections to a server over HTTP/1.1, and a live stream holds one while its
// page is open: with three streams a tab, a second tab waited for its requests and a third never loaded.
// Every tab now shares one connection per stream (src/web/lib/shared-stream.ts).
test('five tabs of the app all load, and a task given a due date shows in each one’s calendar live', async ({ page, accounts }) => {
  test.slow();
  await signInAs(page, await accounts.create());
  const month = '/calendar?date=2026-03-10';
  const tabs = [page];
  await page.goto(month);
  for (let opened = 1; opened < 5; opened++) {
    const tab = await page.context().newPage();
    await tab.goto(month);
    tabs.push(tab);
  }
  for (const tab of tabs) await expect(tab.getByRole('grid', { name: 'Calendar' })).toBeVisible();

  const workspaceId = await workspaceOf(page);
  const created = await page.request.post(`/api/workspaces/${workspaceId}/tasks`, {
    data: { title: 'Seen in every tab', dueDate: '2026-03-12' },
  });
  expect(created.status(), await created.text()).toBe(201);
  for (const tab of tabs) await expect(tab.getByRole('button', { name: /^Seen in every tab/ })).toBeVisible();
});

// The board read its own stream beside the shared ones: four board tabs held all six connections, and the
// fourth never showed its columns.
test('five tabs of the board all load and go live, and a task made elsewhere shows in each', async ({ page, accounts }) => {
  test.slow();
  await signInAs(page, await accounts.create());
  const tabs = [page];
  await page.goto('/board');
  for (let opened = 1; opened < 5; opened++) {
    const tab = await page.context().newPage();
    await tab.goto('/board');
    tabs.push(tab);
  }
  for (const tab of tabs) {
    await expect(tab.getByRole('region', { name: 'To do', exact: true })).toBeVisible();
    await expect(tab.getByTestId('live-status')).toHaveText(boardUi.liveStatus.live);
  }

  const workspaceId = await workspaceOf(page);
  const created = await page.request.post(`/api/workspaces/${workspaceId}/tasks`, { data: { title: 'On every board' } });
  expect(created.status(), await created.text()).toBe(201);
  for (const tab of tabs) await expect(tab.getByRole('button', { name: boardUi.openTask('On every board'), exact: true })).toBeVisible();

  // The tab that holds the stream closes: another takes it over, and the rest still hear what happens.
  await page.close();
  const moved = await tabs[1]!.request.post(`/api/workspaces/${workspaceId}/tasks`, { data: { title: 'After the first tab closed' } });
  expect(moved.status(), await moved.text()).toBe(201);
  for (const tab of tabs.slice(1)) {
    await expect(tab.getByRole('button', { name: boardUi.openTask('After the first tab closed'), exact: true })).toBeVisible();
  }
});
