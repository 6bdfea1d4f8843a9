import type { Page } from '@playwright/test';
import { securityUi } from '#src/shared/account-security/messages.ts';
import { passkeyNotice, passkeyUi } from '#src/shared/account-security/passkeys.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { axeFindings } from '../support/axe.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import type { SmtpSink } from '../support/smtp-sink.ts';
import { expect, test, uniqueEmail } from './fixtures.ts';

// A passkey as a person makes and uses one, with Chromium's virtual authenticator standing in for the
// laptop's fingerprint reader. WebAuthn wants a domain, not an IP address, so this spec runs its own
// server whose public origin is http://localhost:PORT.
let own: OwnServer;
let sink: SmtpSink;
let base: string;

test.beforeAll(async () => {
  own = await startOwnServer({ portOffset: 102, name: 'passkeys', host: 'localhost' });
  ({ sink, base } = own);
});
test.afterAll(async () => {
  await own?.stop();
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
    expect(await axeFindings(page, { include: 'section[aria-labelledby="security-passkeys"]', where: `${width} px` })).toEqual([]);
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
