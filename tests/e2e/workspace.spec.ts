import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { validation } from '#src/shared/account-messages.ts';
import { label, navCopy, success } from '#src/shared/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';

const userMenu = (page: Page) => page.getByRole('button', { name: 'User menu' });

// A toast over the top bar took the click meant for the user menu, and the pointer on it paused it for good.
test('a toast shows below the top bar, and the user menu opens while it is there, at 390 and 1280 px', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Casey Morgan' }));
  await page.goto('/profile-settings');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: success.updateProfile });
    await expect(toast).toBeVisible();
    const bar = (await page.locator('header').first().boundingBox())!;
    // Once it has slid in.
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await userMenu(page).click({ timeout: 2_000 });
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toast).toBeHidden();
  }
});

test('a user edits name and gender and sees them after a reload and in the user menu', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Casey Morgan' }));
  await page.goto('/profile-settings');
  await page.getByLabel('Name').fill('Casey Tessellate');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(success.updateProfile)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Casey Tessellate');
  await expect(page.getByLabel('Gender')).toHaveValue('female');
  await userMenu(page).click();
  await expect(page.getByRole('menu').getByText('Casey Tessellate')).toBeVisible();
  await expect(page.getByTestId('role-label')).toHaveText(workspaceCopy.userLabel);
});

test('changing the password: told so, the new one signs in, the old one fails', async ({ page, accounts, browser }) => {
  const account = await accounts.create();
  await signInAs(page, account);
  await page.goto('/profile-settings');
  await page.getByRole('tab', { name: workspaceCopy.passwordTab }).click();
  await page.getByLabel('Current Password', { exact: true }).fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill('a-brand-new-secret');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(success.changePassword)).toBeVisible();
  await expect(page.getByLabel('Current Password', { exact: true })).toHaveValue('');

  const fresh = await browser.newContext({ baseURL: page.url() });
  const old = await fresh.request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(old.status()).toBe(401);
  const renewed = await fresh.request.post('/api/login', { data: { email: account.email, password: 'a-brand-new-secret' } });
  expect(renewed.status()).toBe(200);
  await fresh.close();
});

test('the password form shows each spec 5 message, first failure first', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create());
  await page.goto('/profile-settings');
  await page.getByRole('tab', { name: workspaceCopy.passwordTab }).click();
  const submit = page.getByRole('button', { name: 'Change Password' });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(validation.allPasswordFieldsRequired);
  await page.getByLabel('Current Password', { exact: true }).fill('whatever-1');
  await page.getByLabel('New Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('abd');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(validation.newPasswordsDiffer);
  await page.getByLabel('Confirm New Password', { exact: true }).fill('abc');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(validation.newPasswordTooShort);
});

test('a user never sees the ADMIN badge, Admin Panel links or /admin; an admin sees all three', async ({ page, accounts, browser }) => {
  await signInAs(page, await accounts.create());
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back, Casey/ })).toBeVisible();
  await expect(page.getByText(label.adminBadge, { exact: true })).toHaveCount(0);
  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: label.adminPanel })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);

  const adminContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = await adminContext.newPage();
  await signInAs(admin, await accounts.create({ role: 'admin' }));
  await admin.goto('/dashboard');
  await expect(admin.getByText(label.adminBadge, { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'User menu' }).click();
  await expect(admin.getByTestId('role-label')).toHaveText(workspaceCopy.adminLabel);
  await admin.getByRole('menuitem', { name: label.adminPanel }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByRole('heading', { name: workspaceCopy.userManagement })).toBeVisible();
  await expect(admin.getByRole('heading', { name: workspaceCopy.systemAlerts })).toBeVisible();
  await adminContext.close();
});

test('each rail item opens its side panel, and the close button closes it', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create());
  await page.goto('/dashboard');
  const rail = page.getByRole('navigation', { name: 'Workspace' });
  // The Home panel's task items, and AI Mode's, are links.
  for (const [item, path, first, role] of [
    [workspaceCopy.calendar, '/calendar', 'Create Event', 'button'],
    [workspaceCopy.aiMode, '/ai-mode', 'New AI Task', 'link'],
    [workspaceCopy.home, '/dashboard', 'Create New Task', 'link'],
  ] as const) {
    await rail.getByRole('link', { name: item }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const panel = page.getByRole('complementary', { name: `${item} panel` });
    await expect(panel.getByRole(role, { name: first })).toBeVisible();
    await panel.getByRole('button', { name: `Close ${item} panel` }).click();
    await expect(panel).toBeHidden();
  }
  // A new account has nothing unread: the bell shows no count.
  await expect(page.getByTestId('unread-count')).toHaveCount(0);
  // The Home panel leads to the board itself too.
  await rail.getByRole('link', { name: workspaceCopy.home }).click();
  await page
    .getByRole('complementary', { name: `${workspaceCopy.home} panel` })
    .getByRole('link', { name: boardUi.title, exact: true })
    .click();
  await expect(page).toHaveURL(/\/board$/);
});

test('the shell at 390 px: the rail becomes a menu that navigates', async ({ page, accounts }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, await accounts.create());
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Workspace' })).toBeHidden();
  await page.getByRole('button', { name: 'Open workspace menu' }).click();
  await page.getByRole('menuitem', { name: workspaceCopy.whiteboard }).click();
  await expect(page).toHaveURL(/\/whiteboard$/);
  await expect(page.getByRole('heading', { name: workspaceCopy.whiteboard })).toBeVisible();
  await expect(page.getByText(workspaceCopy.comingSoon)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('signing out from the user menu leads to / as a guest, and forgets what the pages read here', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create());
  await page.goto('/calendar');
  // The calendar's first read, remembered for its next load (src/web/lib/remembered-reads.ts).
  const remembered = () => page.evaluate(() => localStorage.getItem('tessera:first-reads'));
  await expect.poll(remembered).toContain('/calendar?');
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: workspaceCopy.signOut }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(success.logout)).toBeVisible();
  expect(await remembered()).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/register$/);
});

// spec 2: the top navigation bar shows on every page but the five auth pages; on app pages its signed-in
// elements live in the shell's one bar (docs/decisions/010-signed-in-nav-in-the-shell.md).
const appPages = ['/dashboard', '/profile', '/profile-settings', '/ai-mode', '/calendar'];

async function expectSettingsMenu(page: Page, admin: boolean) {
  await page.getByRole('button', { name: navCopy.settingsMenu, exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: label.profileAndSettings })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: label.adminPanel })).toHaveCount(admin ? 1 : 0);
  await expect(menu.getByRole('menuitem', { name: label.signOut })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

for (const role of ['user', 'admin'] as const) {
  test(`every app page carries the signed-in navigation at 1280 and 390 px (${role})`, async ({ page, accounts }) => {
    test.setTimeout(180_000);
    const admin = role === 'admin';
    await signInAs(page, await accounts.create({ role, name: 'Nova Nav' }));
    for (const path of admin ? [...appPages, '/admin'] : appPages) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: navCopy.mainNav });
      await expect(nav.getByRole('link', { name: label.dashboard }), path).toBeVisible();
      await expect(nav.getByRole('link', { name: label.profile }), path).toBeVisible();
      await expect(nav.getByRole('link', { name: label.adminPanel }), path).toHaveCount(admin ? 1 : 0);
      await expect(page.getByText(label.adminBadge, { exact: true }), path).toHaveCount(admin ? 1 : 0);
      await expect(page.getByPlaceholder(label.searchPlaceholder).filter({ visible: true }), path).toHaveCount(1);
      await expect(userMenu(page).getByText('Nova Nav'), path).toBeVisible();
      await expect(page.getByRole('button', { name: navCopy.settingsMenu, exact: true }), path).toBeVisible();

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByPlaceholder(label.searchPlaceholder).filter({ visible: true }), path).toHaveCount(1);
      await expect(page.getByRole('button', { name: navCopy.settingsMenu, exact: true }), path).toBeVisible();
      await expect(userMenu(page), path).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }

    // At 390 px the links are in the shell's menu, and they navigate.
    await page.getByRole('button', { name: 'Open workspace menu' }).click();
    await expect(page.getByRole('menuitem', { name: label.adminPanel, exact: true })).toHaveCount(admin ? 1 : 0);
    await page.getByRole('menuitem', { name: label.profile, exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expectSettingsMenu(page, admin);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('navigation', { name: navCopy.mainNav }).getByRole('link', { name: label.dashboard }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectSettingsMenu(page, admin);
    await page.getByRole('button', { name: navCopy.settingsMenu, exact: true }).click();
    await page.getByRole('menuitem', { name: label.signOut }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('controls that do nothing yet say Coming soon, to sight and to screen readers, and raise no toast', async ({ page, accounts }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, await accounts.create());
  await page.goto('/dashboard');

  // A menu item is reached with the arrow keys, described, and choosing it leaves the menu open.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('button', { name: workspaceCopy.upgrade }).click();
  const upgrade = page.getByRole('menuitem', { name: workspaceCopy.upgradeToPro });
  await page.keyboard.press('ArrowDown');
  await expect(upgrade).toBeFocused();
  await expect(upgrade).toHaveAttribute('aria-disabled', 'true');
  await expect(upgrade).toHaveAccessibleDescription(workspaceCopy.comingSoon);
  await page.keyboard.press('Enter');
  await expect(upgrade).toBeVisible();
  await page.keyboard.press('Escape');

  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: workspaceCopy.billing })).toHaveAccessibleDescription(workspaceCopy.comingSoon);
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the shell’s avatar falls back to an icon without a picture', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Ivy Icon' }));
  await page.goto('/calendar');
  await expect(userMenu(page).getByTestId('avatar-icon')).toBeVisible();
  await expect(userMenu(page).getByText('II', { exact: true })).toHaveCount(0);
});
