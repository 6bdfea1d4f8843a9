import { notificationCopy, notificationError, notificationNotice } from '#src/shared/notifications/messages.ts';
import { DEFAULT_DELIVERY, type PreferencesResponse } from '#src/shared/notifications/paths.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { teammateOf, workspaceOf } from './teammates.ts';

// The bell tells a person what needs them, live, and the inbox keeps it: two people in two browsers.

test('a mention lights the teammate’s bell live; opening it lands on the task and clears the count', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  await page.goto('/board');
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  await teammate.page.goto('/dashboard');
  const bell = teammate.page.getByRole('button', { name: /^Notifications \(/ });
  // Nothing yet: no count, and the panel says what will show up here.
  await expect(teammate.page.getByTestId('unread-count')).toHaveCount(0);
  await bell.click();
  await expect(teammate.page.getByRole('menu').getByText(notificationCopy.empty)).toBeVisible();
  await teammate.page.keyboard.press('Escape');

  // The owner makes a task and mentions the teammate in a comment.
  const workspaceId = await workspaceOf(page);
  const made = await page.request.post(`/api/workspaces/${workspaceId}/tasks`, { data: { title: 'Write the launch notes' } });
  expect(made.status()).toBe(201);
  const task = ((await made.json()) as { task: { id: string } }).task;
  // In the comment box, `@` and a few letters offer the teammate; Enter puts the mention in.
  await page.goto(`/board?workspace=${workspaceId}&task=${task.id}`);
  const ownerSheet = page.getByRole('dialog', { name: boardUi.editTitle });
  // The creator follows a task from the start.
  await expect(ownerSheet.getByRole('button', { name: notificationCopy.unfollow })).toBeVisible();
  const box = ownerSheet.getByLabel(boardUi.commentLabel);
  const picker = ownerSheet.getByRole('listbox', { name: notificationCopy.mentionPicker });
  // Escape closes the open list, not the sheet around it.
  await box.pressSequentially('@');
  await expect(picker).toBeVisible();
  await box.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(ownerSheet).toBeVisible();
  await box.fill('');
  await box.pressSequentially('@gra');
  await expect(picker.getByRole('option')).toHaveText(['Grace Teammate']);
  await box.press('Enter');
  await expect(picker).toHaveCount(0);
  await box.pressSequentially('can you take a look?');
  await ownerSheet.getByRole('button', { name: boardUi.commentButton }).click();
  await expect(ownerSheet.getByTestId('comments')).toContainText('@Grace Teammate can you take a look?');

  // The teammate's bell counts it without a reload, and names who, what and where.
  await expect(teammate.page.getByTestId('unread-count')).toHaveText('1');
  await bell.click();
  const menu = teammate.page.getByRole('menu');
  const item = menu.getByRole('menuitem', { name: /Ada Owner mentioned you in “Write the launch notes”/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText('@Grace Teammate can you take a look?');
  expect(await axeFindings(teammate.page, { include: '[role="menu"]' })).toEqual([]);
  await item.click();
  // The board opens the task in its workspace (and keeps only the task in the address once there).
  await expect(teammate.page).toHaveURL(new RegExp(`/board\\?(workspace=${workspaceId}&)?task=${task.id}$`));
  const sheet = teammate.page.getByRole('dialog', { name: boardUi.editTitle });
  await expect(sheet.getByLabel(boardUi.titleLabel)).toHaveValue('Write the launch notes');
  await expect(teammate.page.getByTestId('unread-count')).toHaveCount(0);

  // The email went out too (a mention is mailed at once by default; the sink shows the subject as sent,
  // MIME-encoded, where a space is an underscore).
  await expect
    .poll(async () => (await mailbox.messagesTo(teammate.account.email)).map((mail) => mail.subject))
    .toContainEqual(expect.stringMatching(/Ada_Owner_mentioned_you/));
  await teammate.context.close();
});

test('the inbox filters, marks all read, and saves how each kind is delivered', async ({ page, browser, accounts, mailbox }) => {
  // Two browsers and four axe passes, like the other two-person specs.
  test.slow();
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  await page.goto('/board');
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  const workspaceId = await workspaceOf(page);
  const teammateId = ((await (await teammate.page.request.get('/api/current-user')).json()) as { user: { id: string } }).user.id;
  for (const title of ['Assigned one', 'Assigned two']) {
    const made = await page.request.post(`/api/workspaces/${workspaceId}/tasks`, { data: { title, assigneeId: teammateId } });
    expect(made.status()).toBe(201);
  }

  const inbox = teammate.page;
  await inbox.goto('/notifications');
  await expect(inbox.getByRole('heading', { name: notificationCopy.inbox })).toBeVisible();
  const list = inbox.getByTestId('inbox-list');
  await expect(list.getByRole('link', { name: /Ada Owner assigned you “Assigned (one|two)” \(unread\)/ })).toHaveCount(2);
  await inbox.getByRole('link', { name: notificationCopy.filters.mentions }).click();
  await expect(inbox).toHaveURL(/filter=mentions/);
  await expect(inbox.getByText(notificationCopy.emptyFiltered)).toBeVisible();
  await inbox.getByRole('link', { name: notificationCopy.filters.all }).click();
  await inbox.getByRole('button', { name: notificationCopy.markAllRead }).click();
  await expect(list.getByText('(unread)')).toHaveCount(0);
  await expect(inbox.getByTestId('unread-count')).toHaveCount(0);

  // The bell and the inbox pass axe on a phone and on a desktop, the bell open.
  for (const width of [390, 1280]) {
    await inbox.setViewportSize({ width, height: 844 });
    expect(await axeFindings(inbox, { where: `inbox at ${width} px` })).toEqual([]);
    await inbox.getByRole('button', { name: /^Notifications \(/ }).click();
    await expect(inbox.getByRole('menu')).toBeVisible();
    expect(await axeFindings(inbox, { include: '[role="menu"]', where: `bell at ${width} px` })).toEqual([]);
    await inbox.keyboard.press('Escape');
  }

  // My Work's Inbox is the same list, its filters kept beside the view.
  await inbox.goto('/my-work');
  await expect(inbox.getByTestId('inbox-list').getByRole('link', { name: /Ada Owner assigned you “Assigned one”/ })).toBeVisible();
  await inbox.getByRole('link', { name: notificationCopy.filters.assigned, exact: true }).click();
  await expect(inbox).toHaveURL(/\/my-work\?view=inbox&filter=assigned$/);
  await expect(inbox.getByTestId('inbox-list').getByRole('link')).toHaveCount(2);

  // The inbox leads to the preferences, a tab of Profile Settings.
  await inbox.goto('/notifications');
  await inbox.getByRole('link', { name: notificationCopy.openPreferences }).click();
  await expect(inbox.getByRole('tab', { name: notificationCopy.preferencesTitle })).toHaveAttribute('aria-selected', 'true');
  const mentions = inbox.getByLabel(notificationCopy.kinds.mentioned);
  await mentions.selectOption({ label: notificationCopy.deliveries.app });
  await inbox.getByRole('button', { name: notificationCopy.save }).click();
  await expect(inbox.getByText(notificationCopy.preferencesSaved)).toBeVisible();
  await inbox.reload();
  await expect(inbox.getByLabel(notificationCopy.kinds.mentioned)).toHaveValue('app');
  await expect(inbox.getByLabel(notificationCopy.kinds.assigned)).toHaveValue('email');
  expect(await axeFindings(inbox, { where: 'notification preferences' })).toEqual([]);
  await teammate.context.close();
});

test('the email’s unsubscribe link works without signing in and stops only that kind of email', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  await page.goto('/board');
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  const workspaceId = await workspaceOf(page);
  const teammateId = ((await (await teammate.page.request.get('/api/current-user')).json()) as { user: { id: string } }).user.id;
  const made = await page.request.post(`/api/workspaces/${workspaceId}/tasks`, {
    data: { title: 'Plan the offsite', assigneeId: teammateId },
  });
  expect(made.status()).toBe(201);

  // An assignment is mailed at once; its footer links to the unsubscribe page.
  let link: string | null = null;
  await expect
    .poll(async () => {
      link =
        (await mailbox.messagesTo(teammate.account.email)).find((mail) => /Ada_Owner_assigned_you/.test(mail.subject))?.unsubscribeLink ??
        null;
      return link;
    })
    .toMatch(/\/unsubscribe#/);

  // Opened in a browser that was never signed in: one question, one button.
  const stranger = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const visitor = await stranger.newPage();
  await visitor.goto(link!);
  await expect(visitor.getByRole('heading', { name: notificationCopy.unsubscribeTitle })).toBeVisible();
  await expect(visitor.getByText(notificationCopy.unsubscribeAsk('assigned'))).toBeVisible();
  expect(await axeFindings(visitor, { where: 'unsubscribe' })).toEqual([]);
  await visitor.getByRole('button', { name: notificationCopy.unsubscribeConfirm }).click();
  await expect(visitor.getByText(notificationNotice.unsubscribed('assigned'))).toBeVisible();
  await expect(visitor).toHaveURL(/\/unsubscribe/);
  // A token changed to name another kind is refused by the server, and changes nothing.
  await visitor.goto(link!.replace('.assigned.', '.mentioned.'));
  await visitor.getByRole('button', { name: notificationCopy.unsubscribeConfirm }).click();
  await expect(visitor.getByRole('alert')).toContainText(notificationError.badToken);
  await stranger.close();

  // Only that kind changed.
  const saved = (await (await teammate.page.request.get('/api/me/notification-preferences')).json()) as PreferencesResponse;
  expect(saved.preferences).toEqual({ ...DEFAULT_DELIVERY, assigned: 'app' });
  await teammate.page.goto('/profile-settings#notifications');
  await expect(teammate.page.getByLabel(notificationCopy.kinds.assigned)).toHaveValue('app');
  await expect(teammate.page.getByLabel(notificationCopy.kinds.mentioned)).toHaveValue('email');
  await teammate.context.close();
});
