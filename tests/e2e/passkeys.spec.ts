import AxeBuilder from '@axe-core/playwright';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { securityUi } from '#src/shared/account-security/messages.ts';
import { passkeyNotice, passkeyUi } from '#src/shared/account-security/passkeys.ts';
import { workspaceCopy } from '#src/shared/messages.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { expect, test, uniqueEmail } from './fixtures.ts';

// A passkey as a person makes and uses one, with Chromium's virtual authenticator standing in for the
// laptop's fingerprint reader. WebAuthn wants a domain, not an IP address, so this spec runs its own
// server whose public origin is http://localhost:PORT.
let server: ChildProcess;
let sink: SmtpSink;
let base: string;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  const port = Number(process.env.E2E_PORT ?? 4310) + 102;
  base = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: base,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-e2e-passkeys-')),
    SMTP_URL: sink.url,
    RATE_LIMIT_MULTIPLIER: '1000',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.TEST_CLOCK_FILE;
  server = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 15_000 },
    )
    .toBe(200);
});
test.afterAll(async () => {
  server?.kill('SIGTERM');
  await sink?.close();
});

// A platform authenticator that verifies its user at once (as a fingerprint touch would).
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('add a passkey in Security, sign out, and sign in with the passkey alone', async ({ browser }) => {
  test.slow();
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await virtualAuthenticator(page);
  const account = { name: 'Pia Passkey', email: uniqueEmail('passkey'), password: 'tessera-e2e-pass' };
  expect((await page.request.post('/api/register', { data: account })).status()).toBe(201);
  const code = (await sink.waitFor(account.email, (mail) => /verification/.test(mail.subject))).code!;
  expect((await page.request.post('/api/verify-email', { data: { email: account.email, code } })).status()).toBe(200);
  expect((await page.request.post('/api/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);

  await page.goto('/profile-settings');
  await page.getByRole('tab', { name: securityUi.tab }).click();
  const section = page.getByRole('region', { name: passkeyUi.title });
  await expect(section.getByText(passkeyUi.empty)).toBeVisible();
  await section.getByLabel(passkeyUi.nameLabel).fill('Test laptop');
  await section.getByRole('button', { name: passkeyUi.add }).click();
  await expect(page.getByText(passkeyNotice.added)).toBeVisible();
  await expect(section.getByText('Test laptop')).toBeVisible();
  await expect(section.getByRole('button', { name: passkeyUi.removeLabel('Test laptop') })).toBeVisible();
  expect((await sink.waitFor(account.email, (mail) => mail.subject.includes('passkey was added'))).raw).toContain('Test laptop');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).include('section[aria-labelledby="security-passkeys"]').analyze();
    expect(results.violations, `axe at ${width} px`).toEqual([]);
  }

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: workspaceCopy.signOut }).click();
  await expect(page).toHaveURL(/\/$/);

  // The dialog asks the browser for this site's passkeys as it opens (conditional mediation, the email
  // field's autofill); the virtual authenticator answers that offer at once, as a person picking the
  // passkey from the autofill list and touching the sensor would.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await (await page.request.get('/api/current-user')).json();
  expect(me.user.email).toBe(account.email);
  await context.close();
});
