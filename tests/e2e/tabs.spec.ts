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
