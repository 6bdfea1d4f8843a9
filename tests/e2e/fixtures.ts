import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

const run = promisify(execFile);

export interface Account {
  name: string;
  email: string;
  password: string;
}

interface MailSummary {
  to: string[];
  subject: string;
  code: string | null;
  link: string | null;
  updatesUnsubscribeLink: string | null;
  unsubscribeLink: string | null;
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

async function messagesTo(email: string): Promise<MailSummary[]> {
  const response = await fetch(`${process.env.E2E_MAIL_URL}/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: MailSummary[] }).messages;
}

// The newest code emailed to this address (optionally one whose subject matches, or not in `excluding`).
async function codeFor(email: string, options: { subject?: RegExp; excluding?: string[] } = {}): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = (await messagesTo(email))
      .reverse()
      .find((mail) => mail.code && (!options.subject || options.subject.test(mail.subject)) && !options.excluding?.includes(mail.code));
    if (found?.code) return found.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code emailed to ${email} within 10 s`);
}

// The invitation link in the newest email to this address that carries one.
async function invitationLinkFor(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = (await messagesTo(email)).reverse().find((mail) => mail.link);
    if (found?.link) return found.link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No invitation link emailed to ${email} within 10 s`);
}

async function createAccount(
  request: APIRequestContext,
  options: { role?: 'admin' | 'user'; name?: string; password?: string } = {},
): Promise<Account> {
  const account = { name: options.name ?? 'Casey Morgan', email: uniqueEmail(), password: options.password ?? 'tessera-e2e-pass' };
  const registered = await request.post('/api/register', { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = await codeFor(account.email, { subject: /verification/ });
  const verified = await request.post('/api/verify-email', { data: { email: account.email, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  if (options.role === 'admin') {
    await run(process.execPath, ['dist/server/user-role.js', account.email, 'admin'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: process.env.E2E_DATA_DIR },
    });
  }
  return account;
}

// Signs the page's browser context in through the API; the cookie is shared with the page.
export async function signInAs(page: Page, account: Account): Promise<void> {
  const answer = await page.request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(answer.status(), await answer.text()).toBe(200);
}

// Picks up the focused card with Space. dnd-kit's keyboard sensor starts listening for arrows in a timer
// after the pick-up, and Chromium runs input before timers: on a busy machine an arrow sent the moment the
// pick-up is spoken arrived first and was lost. A person never presses that fast, so the test waits for
// that timer too (a zero-delay timer queued later runs later).
export async function pickUpCard(page: Page): Promise<void> {
  await page.keyboard.press('Space');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

// Holds the page's workspace live stream back until the returned call: a change committed meanwhile,
// after the page's first reads, is one the stream's start must account for (a slow connection's gap).
export async function holdLiveStream(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/workspaces\/[^/]+\/events/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

let clockOffset = 0;

export const test = base.extend<{
  mailbox: { codeFor: typeof codeFor; messagesTo: typeof messagesTo; invitationLinkFor: typeof invitationLinkFor };
  accounts: { create: (options?: { role?: 'admin' | 'user'; name?: string; password?: string }) => Promise<Account> };
  clock: { advance: (ms: number) => void };
}>({
  mailbox: async ({}, use) => {
    await use({ codeFor, messagesTo, invitationLinkFor });
  },
  accounts: async ({ request }, use) => {
    await use({ create: (options) => createAccount(request, options) });
  },
  // Tests that move the clock must carry @clock in their title (see playwright.config.ts).
  clock: async ({}, use) => {
    const file = process.env.E2E_CLOCK_FILE!;
    await use({
      advance(ms) {
        clockOffset += ms;
        writeFileSync(file, String(clockOffset));
      },
    });
    clockOffset = 0;
    writeFileSync(file, '0');
  },
});

export { expect };
