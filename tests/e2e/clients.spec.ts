import type { Page } from '@playwright/test';
import { campaignUi } from '#src/shared/campaigns/messages.ts';
import { clientUi } from '#src/shared/clients/messages.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test, uniqueEmail } from './fixtures.ts';

// The client dashboard on real data and the client portal, as people use them, against the built app,
// the real server and the real SMTP sink.

const [totalLabel, emailsLabel, projectsLabel, revenueLabel] = workspaceCopy.clientStats;

const card = (page: Page, label: string) => page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });

async function noAxeViolations(page: Page, where: string) {
  // A toast fading in or out is scanned mid-animation; scan the page once they have gone (4 s each).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeFindings(page, { where: `${where} @${width}` })).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an owner adds a client and a project, and the dashboard shows them', async ({ page, accounts }) => {
  test.slow();
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  await page.goto('/dashboard');
  // An empty workspace guides instead of showing invented figures.
  await expect(page.getByText(clientUi.emptyTitle)).toBeVisible();
  await expect(card(page, totalLabel)).toContainText('0');
  await noAxeViolations(page, 'empty dashboard');

  await page.getByRole('button', { name: workspaceCopy.clientActions[0] }).first().click();
  const dialog = page.getByRole('dialog', { name: clientUi.addClientTitle });
  await dialog.getByLabel(clientUi.clientName).fill('Brightlane');
  await dialog.getByLabel(clientUi.company).fill('Brightlane Studio');
  await dialog.getByRole('button', { name: clientUi.addClient }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, totalLabel)).toContainText('1');
  const recent = page.getByRole('region', { name: workspaceCopy.recentClients });
  await expect(recent.getByRole('row', { name: /Brightlane Studio/ })).toBeVisible();

  await recent.getByRole('link', { name: clientUi.openClient('Brightlane') }).click();
  await expect(page.getByRole('heading', { name: 'Brightlane', level: 1 })).toBeVisible();
  await page.getByLabel(clientUi.projectName).fill('Brand refresh');
  await page.getByLabel(clientUi.value).fill('1500');
  await page.getByRole('button', { name: clientUi.addProject }).click();
  await expect(page.getByRole('region', { name: clientUi.projects }).getByText('Brand refresh')).toBeVisible();
  await noAxeViolations(page, 'client page');

  await page.goto('/clients');
  await expect(page.getByRole('link', { name: 'Brightlane' })).toBeVisible();
  await noAxeViolations(page, '/clients');
  // A client added from the list opens on its own page.
  await page.getByRole('button', { name: workspaceCopy.clientActions[0] }).click();
  await dialog.getByLabel(clientUi.clientName).fill('Northwind');
  await dialog.getByRole('button', { name: clientUi.addClient }).click();
  await expect(page.getByRole('heading', { name: 'Northwind', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/[^/]+$/);

  await page.goto('/dashboard');
  await expect(card(page, projectsLabel)).toContainText('1');
  await expect(card(page, revenueLabel)).toContainText('1,500');
  await expect(page.getByRole('region', { name: workspaceCopy.recentActivity })).toContainText('Ada Owner added project “Brand refresh”');
  await noAxeViolations(page, 'dashboard');
});

test('a client contact is invited to the portal, sees only the shared task, and the team sees their comment live', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  const workspaceId = (await (await page.request.get('/api/workspaces')).json()).currentId as string;
  const contactEmail = uniqueEmail('contact');
  const client = (
    await (
      await page.request.post(`/api/workspaces/${workspaceId}/clients`, {
        data: { name: 'Atelier Nord', company: 'Atelier Nord SA', contacts: [{ name: 'Chloé Martin', email: contactEmail }] },
      })
    ).json()
  ).client;
  const project = (
    await (await page.request.post(`/api/workspaces/${workspaceId}/clients/${client.id}/projects`, { data: { name: 'Catalogue' } })).json()
  ).project;
  const tasks = `/api/workspaces/${workspaceId}/tasks`;
  await page.request.post(tasks, { data: { title: 'Approve the cover', projectId: project.id, sharedWithClient: true } });
  await page.request.post(tasks, { data: { title: 'Internal costing', projectId: project.id } });

  await page.goto(`/clients/${client.id}`);
  await page.getByRole('button', { name: clientUi.inviteToPortal }).click();
  await expect(page.getByText(clientUi.invited(contactEmail))).toBeVisible();

  // The contact makes an account with the invited address, follows the link and accepts.
  const contact = { name: 'Chloé Martin', email: contactEmail, password: 'portal-guest-pass' };
  expect((await page.request.post('/api/register', { data: contact })).status()).toBe(201);
  const code = await mailbox.codeFor(contactEmail, { subject: /verification/ });
  expect((await page.request.post('/api/verify-email', { data: { email: contactEmail, code } })).status()).toBe(200);
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const guest = await context.newPage();
  await signInAs(guest, contact);
  const link = new URL(await mailbox.invitationLinkFor(contactEmail));
  await guest.goto(link.pathname + link.hash);
  await guest.getByRole('button', { name: workspaceUi.accept }).click();
  await expect(guest).toHaveURL(/\/portal$/);
  await expect(guest.getByRole('heading', { name: clientUi.portalTitle('Atelier Nord') })).toBeVisible();
  await expect(guest.getByText('Approve the cover')).toBeVisible();
  await expect(guest.getByText('Internal costing')).toHaveCount(0);
  // The member shell is not theirs: the dashboard sends them back to the portal.
  await guest.goto('/dashboard');
  await expect(guest).toHaveURL(/\/portal$/);
  await expect(guest.getByRole('button', { name: workspaceUi.switcherLabel })).toHaveCount(0);
  await noAxeViolations(guest, '/portal');

  // The team watches the client's page while the contact comments and approves.
  const activity = page.getByRole('region', { name: clientUi.activityWith });
  await guest.getByRole('button', { name: clientUi.comments }).click();
  await guest.getByLabel(clientUi.yourComment).fill('The cover looks right to us.');
  await guest.getByRole('button', { name: clientUi.send }).click();
  await expect(guest.getByText('The cover looks right to us.')).toBeVisible();
  await expect(activity).toContainText('Chloé Martin commented on a task');
  await guest.getByRole('button', { name: clientUi.approve }).click();
  await expect(guest.getByText(/Approved by Chloé Martin/)).toBeVisible();
  await expect(activity).toContainText('Chloé Martin approved “Approve the cover”');
  await context.close();
});

test('an owner sends an email campaign that reaches the contact, whose unsubscribe link works without signing in', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  const workspaceId = (await (await page.request.get('/api/workspaces')).json()).currentId as string;
  const contactEmail = uniqueEmail('campaign');
  const client = (
    await (
      await page.request.post(`/api/workspaces/${workspaceId}/clients`, {
        data: { name: 'Harbour Co', company: 'Harbour Co Ltd', contacts: [{ name: 'Hana Harbour', email: contactEmail }] },
      })
    ).json()
  ).client;

  await page.goto('/dashboard');
  await expect(card(page, emailsLabel)).toContainText('0');
  await page.getByRole('button', { name: workspaceCopy.clientActions[1] }).click();
  const dialog = page.getByRole('dialog', { name: workspaceCopy.clientActions[1] });
  await dialog.getByLabel(campaignUi.subject).fill('Spring update');
  await dialog.getByLabel(campaignUi.message).fill('The **new catalogue** is ready.');
  await dialog.getByRole('checkbox', { name: campaignUi.allContactsOf('Harbour Co') }).check();
  await expect(dialog.getByText(campaignUi.selected(1))).toBeVisible();
  await dialog.getByRole('button', { name: campaignUi.preview }).click();
  await expect(dialog.getByRole('region', { name: campaignUi.preview }).locator('strong')).toHaveText('new catalogue');
  await dialog.getByRole('button', { name: campaignUi.send }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(campaignUi.sent(1, 0))).toBeVisible();

  // The outbox delivers it to the SMTP sink, and then it counts in Emails Sent.
  let unsubscribe = '';
  await expect(async () => {
    const mail = (await mailbox.messagesTo(contactEmail)).find((each) => each.subject === 'Spring update');
    expect(mail?.updatesUnsubscribeLink).toBeTruthy();
    unsubscribe = mail!.updatesUnsubscribeLink!;
  }).toPass({ timeout: 60_000 });
  await expect(async () => {
    await page.reload();
    await expect(card(page, emailsLabel)).toContainText('1');
  }).toPass({ timeout: 60_000 });

  // The contact, with no account here, opens the link and confirms.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const reader = await context.newPage();
  const link = new URL(unsubscribe);
  await reader.goto(link.pathname + link.hash);
  await reader.getByRole('button', { name: campaignUi.unsubscribeConfirm }).click();
  await expect(reader.getByRole('status')).toContainText('You will no longer get updates from');
  await context.close();

  await page.goto(`/clients/${client.id}`);
  await expect(page.getByRole('region', { name: clientUi.contacts }).getByText(campaignUi.unsubscribed)).toBeVisible();
  // The next campaign shows them as unsubscribed and cannot reach them.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: workspaceCopy.clientActions[1] }).click();
  const again = page.getByRole('dialog', { name: workspaceCopy.clientActions[1] });
  await expect(again.getByRole('checkbox', { name: /Hana Harbour/ })).toBeDisabled();
  await expect(again.getByText(campaignUi.unsubscribed)).toBeVisible();
});

test('a task is put in a client’s project from the board, and the board filters by project and by client', async ({ page, accounts }) => {
  test.slow();
  const owner = await accounts.create({ name: 'Ada Owner' });
  await signInAs(page, owner);
  const workspaceId = (await (await page.request.get('/api/workspaces')).json()).currentId as string;
  const addClient = async (name: string) =>
    (await (await page.request.post(`/api/workspaces/${workspaceId}/clients`, { data: { name } })).json()).client as { id: string };
  const addProject = async (clientId: string, name: string) =>
    (await (await page.request.post(`/api/workspaces/${workspaceId}/clients/${clientId}/projects`, { data: { name } })).json()).project as {
      id: string;
    };
  const acme = await addClient('Acme');
  const website = await addProject(acme.id, 'Website');
  const audit = await addProject(acme.id, 'Audit');
  const globex = await addClient('Globex');
  await addProject(globex.id, 'Website');
  const tasks = `/api/workspaces/${workspaceId}/tasks`;
  await page.request.post(tasks, { data: { title: 'Audit the invoices', projectId: audit.id } });
  await page.request.post(tasks, { data: { title: 'Plan the offsite' } });

  const card = (title: string) => page.getByRole('button', { name: boardUi.openTask(title), exact: true });
  await page.goto('/board');
  await page.getByRole('button', { name: boardUi.newTask }).click();
  const dialog = page.getByRole('dialog', { name: boardUi.createTitle });
  await dialog.getByLabel(boardUi.titleLabel).fill('Write the homepage copy');
  // Two clients have a "Website": the picker names the client of each. Its list is put in the select
  // when a person reaches for it (focus), as they do.
  await dialog.getByLabel(boardUi.projectLabel).focus();
  await dialog.getByLabel(boardUi.projectLabel).selectOption(website.id);
  await dialog.getByLabel(boardUi.sharedLabel).check();
  await dialog.getByRole('button', { name: boardUi.create }).click();
  await expect(dialog).toBeHidden();
  await expect(card('Write the homepage copy')).toBeVisible();

  const filters = page.getByRole('search', { name: boardUi.filters });
  const filterBy = async (label: string, option: string | { label: string }) => {
    await filters.getByLabel(label).focus();
    await filters.getByLabel(label).selectOption(option);
  };
  await filterBy(boardUi.projectFilter, website.id);
  await expect(page).toHaveURL(new RegExp(`project=${website.id}`));
  await expect(card('Write the homepage copy')).toBeVisible();
  await expect(card('Audit the invoices')).toBeHidden();
  await expect(card('Plan the offsite')).toBeHidden();
  await page.reload();
  await expect(filters.getByLabel(boardUi.projectFilter)).toHaveValue(website.id);
  await expect(card('Audit the invoices')).toBeHidden();
  await expect(card('Write the homepage copy')).toBeVisible();

  await filterBy(boardUi.projectFilter, { label: boardUi.anyProject });
  await filterBy(boardUi.clientFilter, { label: 'Acme' });
  await expect(page).toHaveURL(new RegExp(`client=${acme.id}`));
  await expect(card('Write the homepage copy')).toBeVisible();
  await expect(card('Audit the invoices')).toBeVisible();
  await expect(card('Plan the offsite')).toBeHidden();
  await filterBy(boardUi.clientFilter, { label: 'Globex' });
  await expect(card('Write the homepage copy')).toBeHidden();
  await expect(card('Audit the invoices')).toBeHidden();
  await noAxeViolations(page, 'board filtered by client');
  await filters.getByRole('button', { name: boardUi.clearFilters }).click();
  await expect(card('Plan the offsite')).toBeVisible();

  // The sheet shows the task's project and that it is shared; comments on it can be marked for the client.
  await card('Write the homepage copy').click();
  const sheet = page.getByRole('dialog', { name: boardUi.editTitle });
  await expect(sheet.getByLabel(boardUi.projectLabel)).toHaveValue(website.id);
  await expect(sheet.getByLabel(boardUi.sharedLabel)).toBeChecked();
  await sheet.getByLabel(boardUi.commentLabel).fill('First draft is ready for you.');
  await sheet.getByLabel(boardUi.forClientLabel).check();
  await sheet.getByRole('button', { name: boardUi.commentButton }).click();
  await expect(sheet.getByTestId('comments')).toContainText(boardUi.forClientBadge);
  await noAxeViolations(page, 'task sheet with a project');
});
