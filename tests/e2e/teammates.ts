import type { Browser, Page } from '@playwright/test';
import { expect, signInAs, type Account } from './fixtures.ts';

// What the specs of two people share.

export async function workspaceOf(page: Page): Promise<string> {
  const answer = (await (await page.request.get('/api/workspaces')).json()) as { currentId: string };
  return answer.currentId;
}

// A second person, signed in in a browser of their own, who joins the first one's workspace through
// the emailed invitation (the invitation flow, by its API: this spec is about the board).
export async function teammateOf(
  owner: Page,
  browser: Browser,
  create: (options: { name: string }) => Promise<Account>,
  invitationLinkFor: (email: string) => Promise<string>,
) {
  const account = await create({ name: 'Grace Teammate' });
  const workspaceId = await workspaceOf(owner);
  const invited = await owner.request.post(`/api/workspaces/${workspaceId}/invitations`, { data: { email: account.email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(await invitationLinkFor(account.email)).hash.slice(1);
  const context = await browser.newContext({ baseURL: new URL(owner.url()).origin });
  const page = await context.newPage();
  await signInAs(page, account);
  const accepted = await page.request.post('/api/invitations/accept', { data: { token } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { page, context, account };
}
