import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { opsUi, opsNotice } from '#src/shared/ops/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { axeFindings } from '../support/axe.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import type { SmtpSink } from '../support/smtp-sink.ts';
import { expect, signInAs, test, uniqueEmail, type Account } from './fixtures.ts';

// System Settings and Database Tools as an admin uses them. Settings reach every page of a server, so
// these run on a server of their own (its own data folder, backups and SMTP sink), never the shared one.

const run = promisify(execFile);
const METRICS_TOKEN = 'e2e-metrics-token-0123456789';

let own: OwnServer;
let sink: SmtpSink;
let dataDir: string;
let base: string;

test.beforeAll(async () => {
  own = await startOwnServer({ portOffset: 120, name: 'ops', env: { METRICS_TOKEN }, readyPath: '/readyz' });
  ({ sink, dataDir, base } = own);
});
test.afterAll(async () => {
  await own?.stop();
});

async function verifiedAccount(request: APIRequestContext, name: string, role: 'admin' | 'user'): Promise<Account> {
  const account = { name, email: uniqueEmail('ops'), password: 'tessera-e2e-pass' };
  expect((await request.post(`${base}/api/register`, { data: account })).status()).toBe(201);
  const mail = await sink.waitFor(account.email, (m) => /verification/.test(m.subject));
  expect((await request.post(`${base}/api/verify-email`, { data: { email: account.email, code: mail.code } })).status()).toBe(200);
  if (role === 'admin') {
    await run(process.execPath, ['dist/server/user-role.js', account.email, 'admin'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    });
  }
  return account;
}

test('an admin changes a setting, then makes and downloads a backup', async ({ browser, request }) => {
  test.slow();
  const [, systemSettings, , databaseTools] = workspaceCopy.adminActions;
  const context = await browser.newContext({ baseURL: base, acceptDownloads: true });
  const page = await context.newPage();
  await signInAs(page, await verifiedAccount(request, 'Olga Operator', 'admin'));
  await page.goto('/admin');

  await page.getByRole('button', { name: systemSettings }).click();
  const settings = page.getByRole('dialog', { name: opsUi.settingsTitle });
  // RATE_LIMIT_MULTIPLIER is set for this server: the page says the environment wins and locks the field.
  await expect(settings.getByLabel(opsUi.rateLimitMultiplier)).toBeDisabled();
  await expect(settings.getByText(opsUi.fromEnvironment('RATE_LIMIT_MULTIPLIER'))).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeFindings(page, { include: '[role="dialog"]', where: `${width} px` })).toEqual([]);
  }
  await settings.getByLabel(opsUi.maintenanceBanner).fill('Upgrade tonight at 22:00 UTC');
  await settings.getByRole('button', { name: opsUi.save }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByText(opsNotice.settingsSaved)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('status', { name: 'Maintenance notice' })).toHaveText('Upgrade tonight at 22:00 UTC');

  await page.goto('/admin');
  await page.getByRole('button', { name: databaseTools }).click();
  const tools = page.getByRole('dialog', { name: opsUi.databaseTitle });
  await expect(tools.getByText('SQLite')).toBeVisible();
  await expect(tools.getByText(opsUi.noBackups)).toBeVisible();
  await tools.getByRole('button', { name: opsUi.integrityRun }).click();
  await expect(tools.getByText(opsUi.integrityOk)).toBeVisible();
  await tools.getByRole('button', { name: opsUi.backupNow }).click();
  const download = tools.getByRole('link', { name: /^Download tessera-.*\.db$/ });
  await expect(download).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeFindings(page, { include: '[role="dialog"]', where: `${width} px` })).toEqual([]);
  }
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^tessera-\d{8}T\d{9}Z-[0-9a-f]{4}\.db$/);
  const saved = await file.path();
  expect(statSync(saved).size).toBeGreaterThan(4096);
  // The file on the server is its owner's alone.
  expect(statSync(join(dataDir, 'backups', file.suggestedFilename())).mode & 0o777).toBe(0o600);
  await context.close();
});

test('a plain user gets 404 on every admin and metrics route', async ({ browser, request }) => {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await signInAs(page, await verifiedAccount(request, 'Pat Plain', 'user'));
  for (const [method, path] of [
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/settings'],
    ['PUT', '/api/admin/settings'],
    ['GET', '/api/admin/database'],
    ['POST', '/api/admin/database/integrity'],
    ['POST', '/api/admin/database/backups'],
    ['GET', '/api/admin/database/backups/tessera-20260101T000000000Z-abcd.db'],
    ['DELETE', '/api/admin/database/backups/tessera-20260101T000000000Z-abcd.db'],
    ['PUT', '/api/admin/database/schedule'],
    ['GET', '/metrics'],
  ] as const) {
    const answer = await page.request.fetch(path, { method, data: method === 'GET' ? undefined : {} });
    expect(answer.status(), `${method} ${path}`).toBe(404);
  }
  // Prometheus, with its token, is let in.
  expect((await request.get(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status()).toBe(200);
  await context.close();
});
