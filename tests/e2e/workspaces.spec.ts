import type { Page } from '@playwright/test';
import { authCopy } from '#src/shared/account-messages.ts';
import { label } from '#src/shared/messages.ts';
import { workspaceError, workspaceNotice, workspaceUi } from '#src/shared/workspaces/messages.ts';
import { expect, signInAs, test, uniqueEmail } from './fixtures.ts';

// Workspaces as people use them: a team built from the switcher, an emailed link and the settings page,
// against the real server and the real SMTP sink.

const PASSWORD = 'mosaic-tiles-42';

const switcher = (page: Page) => page.getByRole('button', { name: workspaceUi.switcherLabel });
const currentWorkspace = (page: Page) => page.getByTestId('current-workspace');

async function switcherItem(page: Page, name: string | RegExp) {
  await switcher(page).click();
  await page.getByRole('menu').getByRole('menuitem', { name }).click();
}

async function createWorkspace(page: Page, name: string) {
  await switcherItem(page, 'Create Workspace');
  const dialog = page.getByRole('dialog', { name: workspaceUi.createTitle });
  await dialog.getByLabel(workspaceUi.nameLabel).fill(name);
  await dialog.getByRole('button', { name: workspaceUi.createButton }).click();
  await expect(dialog).toBeHidden();
  await expect(currentWorkspace(page)).toHaveText(name);
}

test('an owner invites a teammate who registers from the link and lands in the shared workspace', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  // Two people, a registration and three emails: longer than one screen's test.
  test.slow();
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  await page.goto('/dashboard');
  await expect(currentWorkspace(page)).toHaveText(workspaceNotice.personalName('Ada Owner'));
  await createWorkspace(page, 'Launch crew');

  const teammateEmail = uniqueEmail('teammate');
  await switcherItem(page, 'Invite');
  const invite = page.getByRole('dialog', { name: workspaceUi.inviteTitle('Launch crew') });
  await invite.getByLabel(workspaceUi.emailLabel).fill(teammateEmail);
  await invite.getByRole('button', { name: workspaceUi.sendButton }).click();
  await expect(invite.getByRole('status')).toHaveText(workspaceUi.invited(teammateEmail));
  await page.keyboard.press('Escape');

  // The teammate, in a browser of their own, follows the emailed link while signed out.
  const link = new URL(await mailbox.invitationLinkFor(teammateEmail));
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const teammate = await context.newPage();
  await teammate.goto(link.pathname + link.hash);
  await expect(teammate.getByRole('heading', { name: workspaceUi.joinTitle('Launch crew') })).toBeVisible();
  await expect(teammate.getByText(workspaceUi.invitedBy('Ada Owner', teammateEmail))).toBeVisible();

  await teammate.getByRole('link', { name: label.createAccount }).click();
  await expect(teammate).toHaveURL(/\/register$/);
  await teammate.getByLabel(label.fullName).fill('Grace Teammate');
  // The invited address is filled in already.
  await expect(teammate.getByLabel(label.emailAddress)).toHaveValue(teammateEmail);
  await teammate.getByLabel(label.password, { exact: true }).fill(PASSWORD);
  await teammate.getByLabel(label.confirmPassword, { exact: true }).fill(PASSWORD);
  await teammate.getByRole('button', { name: label.createAccount }).click();
  await expect(teammate).toHaveURL(/\/verify-email$/);
  await teammate.getByLabel(authCopy.verificationCode).fill(await mailbox.codeFor(teammateEmail, { subject: /verification/ }));
  await teammate.getByRole('button', { name: authCopy.verifyButton }).click();
  const signIn = teammate.getByRole('dialog', { name: label.signIn });
  await signIn.getByLabel(label.password, { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: label.signIn, exact: true }).click();

  // Signed in, the app comes back to the invitation, accepts it and opens the shared workspace.
  // (Sign-in, the return, the join and the reload of the list: several steps, hence the longer wait.)
  await expect(currentWorkspace(teammate)).toHaveText('Launch crew', { timeout: 20_000 });
  await expect(teammate).toHaveURL(/\/dashboard$/);
  await teammate.reload();
  await expect(currentWorkspace(teammate)).toHaveText('Launch crew');

  // The link works once.
  await teammate.goto(link.pathname + link.hash);
  await expect(teammate.getByText(workspaceUi.invalidInvitation)).toBeVisible();
  await context.close();

  // The owner sees the teammate among the members, as a member.
  await page.goto('/workspace-settings');
  const members = page.getByRole('region', { name: workspaceUi.members });
  await expect(members.getByRole('row', { name: /Grace Teammate/ })).toBeVisible();
  await expect(members.getByRole('combobox', { name: workspaceUi.roleFor('Grace Teammate') })).toHaveValue('member');
});

test('someone outside a workspace asking for it directly gets 404', async ({ page, accounts }) => {
  const owner = await accounts.create({ name: 'Ada Owner' });
  const stranger = await accounts.create({ name: 'Sam Stranger' });
  await signInAs(page, owner);
  const { currentId } = (await (await page.request.get('/api/workspaces')).json()) as { currentId: string };
  expect((await page.request.get(`/api/workspaces/${currentId}`)).status()).toBe(200);

  await signInAs(page, stranger);
  const answer = await page.request.get(`/api/workspaces/${currentId}`);
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toEqual({ error: workspaceError.notFound });
});

test('the last owner cannot leave, and is told why', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/dashboard');
  await switcherItem(page, 'Manage');
  await expect(page).toHaveURL(/\/workspace-settings$/);
  await page.getByRole('button', { name: workspaceUi.leave }).click();
  const dialog = page.getByRole('dialog', { name: workspaceUi.leaveTitle(workspaceNotice.personalName('Ada Owner')) });
  await dialog.getByRole('button', { name: workspaceUi.leave }).click();
  await expect(dialog.getByRole('alert')).toHaveText(workspaceError.lastOwner);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(currentWorkspace(page)).toHaveText(workspaceNotice.personalName('Ada Owner'));
});

test('switching workspaces is remembered across a reload', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/dashboard');
  await createWorkspace(page, 'Second place');
  await page.reload();
  await expect(currentWorkspace(page)).toHaveText('Second place');
  await switcherItem(page, new RegExp(workspaceNotice.personalName('Ada Owner')));
  await expect(currentWorkspace(page)).toHaveText(workspaceNotice.personalName('Ada Owner'));
  await page.reload();
  await expect(currentWorkspace(page)).toHaveText(workspaceNotice.personalName('Ada Owner'));
});
