import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminError, adminUi, betaMailCopy, waitlistCopy } from '#src/shared/admin/messages.ts';
import { authCopy } from '#src/shared/account-messages.ts';
import { label } from '#src/shared/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { axeFindings } from '../support/axe.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import type { SmtpSink } from '../support/smtp-sink.ts';
import { expect, signInAs, test, uniqueEmail, type Account } from './fixtures.ts';

// The admin panel as admins and applicants use it, in Chromium against the built server and a real SMTP sink.

const run = promisify(execFile);

async function openUser(admin: Page, account: Account) {
  await admin.getByLabel(adminUi.searchLabel).fill(account.email);
  await admin.getByRole('button', { name: adminUi.open(account.name) }).click();
  return admin.getByRole('dialog', { name: account.name });
}

test('an admin suspends a user who is signed in elsewhere: their next request is signed out, and sign-in says why', async ({
  page,
  browser,
  accounts,
}) => {
  test.slow();
  const user = await accounts.create({ name: 'Sid Suspended' });
  await signInAs(page, user);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back, Sid/ })).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = await adminContext.newPage();
  await signInAs(admin, await accounts.create({ role: 'admin', name: 'Ada Admin' }));
  await admin.goto('/admin');
  for (const heading of [
    workspaceCopy.userManagement,
    workspaceCopy.systemAlerts,
    workspaceCopy.recentActivity,
    workspaceCopy.quickActions,
  ]) {
    await expect(admin.getByRole('heading', { name: heading })).toBeVisible();
  }
  for (const stat of workspaceCopy.adminStats) await expect(admin.getByText(stat, { exact: true })).toBeVisible();
  const sheet = await openUser(admin, user);
  await expect(sheet.getByText(adminUi.sessionSummary(1))).toBeVisible();
  // axe on what is open: the dialogs and the waiting page are not in app-accessibility.spec.ts's walk.
  expect(await axeFindings(admin, { include: '[role="dialog"]' })).toEqual([]);
  await sheet.getByRole('button', { name: adminUi.suspend }).click();
  const confirm = admin.getByRole('dialog', { name: adminUi.confirmSuspendTitle(user.name) });
  await confirm.getByRole('button', { name: adminUi.suspend }).click();
  await expect(confirm).toBeHidden();
  await expect(sheet.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: adminUi.reactivate })).toBeVisible();

  // The user's very next request: the protected page sends them to /register, signed out.
  await page.goto('/profile-settings');
  await expect(page).toHaveURL(/\/register$/);
  expect((await (await page.request.get('/api/current-user')).json()).user).toBeNull();
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: label.signIn });
  await dialog.getByLabel(label.emailAddress).fill(user.email);
  await dialog.getByLabel(label.password, { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: label.signIn, exact: true }).click();
  // spec 8: the server's words, in the toast; the dialog does not offer to verify the email.
  await expect(page.getByText(adminError.suspended)).toBeVisible();
  await expect(dialog.getByRole('button', { name: authCopy.goVerify })).toHaveCount(0);

  // Recent Activity shows it, newest first.
  await admin.keyboard.press('Escape');
  await admin.reload();
  await expect(
    admin.getByRole('region', { name: workspaceCopy.recentActivity }).getByText(`Ada Admin suspended ${user.name}`),
  ).toBeVisible();
  await adminContext.close();
});

test('a plain user never reaches admin data: /admin sends them away and every admin call is refused', async ({ page, accounts }) => {
  const adminCalls: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/admin')) adminCalls.push(response.status());
  });
  await signInAs(page, await accounts.create());
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(adminCalls).toEqual([]);
  for (const path of ['/api/admin/overview', '/api/admin/users', '/api/admin/signups']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(Object.keys(await answer.json())).toEqual(['error']);
  }
});

test('Quick Actions lists the spec’s four, all real; Add New User emails an invitation; View Analytics charts sign-ups', async ({
  page,
  accounts,
  mailbox,
}) => {
  await signInAs(page, await accounts.create({ role: 'admin' }));
  await page.goto('/admin');
  const [addNewUser, systemSettings, viewAnalytics, databaseTools] = workspaceCopy.adminActions;
  const quick = page.getByRole('region', { name: workspaceCopy.quickActions });
  // System Settings and Database Tools are exercised in operations.spec.ts.
  await expect(quick.getByRole('button')).toHaveText([addNewUser, systemSettings, viewAnalytics, databaseTools]);
  await page.getByRole('button', { name: addNewUser }).click();
  const invitee = uniqueEmail('invitee');
  const invite = page.getByRole('dialog', { name: adminUi.inviteTitle });
  await invite.getByLabel(adminUi.emailLabel).fill(invitee);
  await invite.getByRole('button', { name: adminUi.send }).click();
  await expect(invite).toBeHidden();
  await expect.poll(async () => (await mailbox.messagesTo(invitee)).map((mail) => mail.subject)).toEqual([betaMailCopy.inviteSubject]);

  await page.getByRole('button', { name: viewAnalytics }).click();
  const chart = page.getByRole('dialog', { name: adminUi.analyticsTitle });
  await expect(chart.getByRole('img', { name: /sign-ups per day over the last 30 days/ })).toBeVisible();
  expect(await axeFindings(page, { include: '[role="dialog"]' })).toEqual([]);
});

// product rules A3 needs BETA_APPROVAL=required, which the shared server does not have: a second built
// server with its own database and SMTP sink runs for these tests alone.
test.describe('with beta approval required', () => {
  let own: OwnServer;
  let sink: SmtpSink;
  let dataDir: string;
  let base: string;

  test.beforeAll(async () => {
    own = await startOwnServer({ portOffset: 100, name: 'beta', env: { BETA_APPROVAL: 'required' } });
    ({ sink, dataDir, base } = own);
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  async function verifiedAccount(request: APIRequestContext, name: string): Promise<Account> {
    const account = { name, email: uniqueEmail('beta'), password: 'tessera-e2e-pass' };
    expect((await request.post(`${base}/api/register`, { data: account })).status()).toBe(201);
    const mail = await sink.waitFor(account.email, (m) => /verification/.test(m.subject));
    expect((await request.post(`${base}/api/verify-email`, { data: { email: account.email, code: mail.code } })).status()).toBe(200);
    return account;
  }

  test('an applicant waits on the list until an admin approves them by email', async ({ browser, request }) => {
    test.slow();
    const applicantAccount = await verifiedAccount(request, 'Apple Applicant');
    const adminAccount = await verifiedAccount(request, 'Gate Admin');
    await run(process.execPath, ['dist/server/user-role.js', adminAccount.email, 'admin'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    });

    const applicantContext = await browser.newContext({ baseURL: base });
    const applicant = await applicantContext.newPage();
    await signInAs(applicant, applicantAccount);
    await applicant.goto('/dashboard');
    await expect(applicant).toHaveURL(/\/on-the-list$/);
    await expect(applicant.getByRole('heading', { name: waitlistCopy.title })).toBeVisible();
    for (const width of [390, 1280]) {
      await applicant.setViewportSize({ width, height: 800 });
      expect(await axeFindings(applicant, { where: `${width} px` })).toEqual([]);
    }
    await applicant.goto('/profile-settings');
    await expect(applicant).toHaveURL(/\/on-the-list$/);
    expect((await applicant.request.get('/api/workspaces')).status()).toBe(403);

    const adminContext = await browser.newContext({ baseURL: base });
    const admin = await adminContext.newPage();
    await signInAs(admin, adminAccount);
    await admin.goto('/admin');
    await expect(admin.getByText(adminUi.pending(1))).toBeVisible();
    await admin.getByLabel(adminUi.statusFilter).selectOption('pending');
    await expect(admin.getByRole('button', { name: adminUi.open(applicantAccount.name) })).toBeVisible();
    const sheet = await openUser(admin, applicantAccount);
    await sheet.getByRole('button', { name: adminUi.approve }).click();
    await expect(sheet.getByText('Active', { exact: true })).toBeVisible();
    const mail = await sink.waitFor(applicantAccount.email, (m) => m.subject === betaMailCopy.approvedSubject);
    expect(mail.raw).toContain(`${base}/login`);

    await applicant.getByRole('button', { name: waitlistCopy.check }).click();
    await expect(applicant).toHaveURL(/\/dashboard$/);
    await expect(applicant.getByRole('heading', { name: /Welcome back, Apple/ })).toBeVisible();
    await applicantContext.close();
    await adminContext.close();
  });
});
