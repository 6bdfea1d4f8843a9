import type { Page } from '@playwright/test';
import { generateTOTP } from '@epic-web/totp';
import { secondStepUi, securityUi } from '#src/shared/account-security/messages.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { flow, label, success } from '#src/shared/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { currentStep, totpAt } from '../support/totp.ts';
import { expect, signInAs, test, type Account } from './fixtures.ts';

const userMenu = (page: Page) => page.getByRole('button', { name: 'User menu' });

async function openSecurityTab(page: Page) {
  await page.goto('/profile-settings');
  await page.getByRole('tab', { name: securityUi.tab }).click();
  await expect(page.getByRole('heading', { name: securityUi.sessionsTitle })).toBeVisible();
}

async function signInWithPassword(page: Page, account: Account) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: label.signIn });
  await dialog.getByLabel(label.emailAddress).fill(account.email);
  await dialog.getByLabel(label.password, { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: label.signIn, exact: true }).click();
}

async function signOut(page: Page) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: workspaceCopy.signOut }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('two-factor sign-in: turn it on from the page, then sign in with an app code and with a recovery code', async ({ page, accounts }) => {
  // Three sign-ins on a machine shared with other runs.
  test.setTimeout(120_000);
  const account = await accounts.create();
  await signInAs(page, account);
  await openSecurityTab(page);
  await page.getByRole('button', { name: securityUi.turnOn }).click();
  const setup = page.getByRole('dialog', { name: securityUi.setupTitle });
  await expect(setup.getByRole('img', { name: securityUi.qrAlt })).toBeVisible();
  const secret = (await setup.getByTestId('two-factor-secret').textContent())!.trim();
  // The code of the step before now (still accepted), so the app's present code stays unused for sign-in.
  await setup.getByLabel(securityUi.firstCodeLabel).fill(totpAt(secret, currentStep() - 1));
  await setup.getByRole('button', { name: securityUi.confirm }).click();

  const saved = page.getByRole('dialog', { name: securityUi.recoveryTitle });
  // Read once the server's answer is on screen (reading at once raced it on a busy machine).
  await expect(saved.getByRole('listitem')).toHaveCount(10);
  const codes = await saved.getByRole('listitem').allTextContents();
  const download = page.waitForEvent('download');
  await saved.getByRole('button', { name: securityUi.download }).click();
  expect((await download).suggestedFilename()).toBe(securityUi.recoveryFileName);
  await saved.getByRole('button', { name: securityUi.done }).click();
  await expect(page.getByText(securityUi.twoFactorOnLead)).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, account);
  const step = page.getByRole('dialog', { name: secondStepUi.title });
  const { otp } = await generateTOTP({ secret });
  await step.getByLabel(secondStepUi.codeLabel).fill(otp);
  await step.getByRole('button', { name: secondStepUi.verify }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(success.login)).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, account);
  await step.getByRole('button', { name: secondStepUi.useRecovery }).click();
  await step.getByLabel(secondStepUi.recoveryLabel).fill(codes[0]!);
  await step.getByRole('button', { name: secondStepUi.verify }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSecurityTab(page);
  await expect(page.getByText(securityUi.recoveryLeft(9))).toBeVisible();
});

test('signing out another session from the list takes that browser, board open, to the Sign In dialog with the reason', async ({
  page,
  accounts,
  browser,
}) => {
  const account = await accounts.create();
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const phonePage = await phone.newPage();
  await signInAs(phonePage, account);
  await phonePage.goto('/board');
  await expect(phonePage.getByTestId('live-status')).toHaveText(boardUi.liveStatus.live);

  await signInAs(page, account);
  await openSecurityTab(page);
  await expect(page.getByText(securityUi.thisDevice)).toBeVisible();
  await page.getByRole('button', { name: securityUi.signOutSessionLabel('Safari 17 on iOS 17.5') }).click();
  await expect(page.getByText(securityUi.sessionEnded)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sign out Safari/ })).toHaveCount(0);

  // Without a reload: the board's live stream ends and the page leaves its data.
  const signIn = phonePage.getByRole('dialog', { name: label.signIn });
  await expect(signIn.getByText(flow.sessionEnded)).toBeVisible();
  await expect(phonePage).toHaveURL(/\/$/);
  await phone.close();
});

test('deleting the account: confirmed with the password, then signing in fails', async ({ page, accounts }) => {
  const account = await accounts.create();
  await signInAs(page, account);
  await openSecurityTab(page);
  await page.getByRole('button', { name: securityUi.deleteButton }).click();
  const confirm = page.getByRole('dialog', { name: securityUi.deleteTitle });
  await expect(confirm.getByText(/only member are deleted with your account/)).toBeVisible();
  await confirm.getByLabel(securityUi.passwordLabel, { exact: true }).fill('not-the-password');
  await confirm.getByRole('button', { name: securityUi.deleteConfirm }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Password is incorrect.');
  await confirm.getByLabel(securityUi.passwordLabel, { exact: true }).fill(account.password);
  await confirm.getByRole('button', { name: securityUi.deleteConfirm }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(securityUi.deleted)).toBeVisible();

  await signInWithPassword(page, account);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard$/);
});

test('preparing a data export: made in the background, then downloaded from the Security tab', async ({ page, accounts }) => {
  const account = await accounts.create();
  await signInAs(page, account);
  await openSecurityTab(page);
  await expect(page.getByText(securityUi.exportNone)).toBeVisible();
  await page.getByRole('button', { name: securityUi.exportButton }).click();
  await expect(page.getByText(securityUi.exportRequested)).toBeVisible();
  // The tab looks again while it is being made; the download appears once it is ready.
  const link = page.getByRole('link', { name: securityUi.exportDownload });
  await expect(link).toBeVisible({ timeout: 15_000 });
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toMatch(/^tessera-export-\d{4}-\d{2}-\d{2}\.json$/);
});
