import type { Page } from '@playwright/test';
import { chatText } from '#src/shared/chat/messages.ts';
import { CHAT_PAGE_SIZE, type Channel, type ChatMessage } from '#src/shared/chat/paths.ts';
import { searchCopy } from '#src/shared/search/messages.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, signInAs, test } from './fixtures.ts';

async function generalOf(page: Page): Promise<{ workspaceId: string; channel: Channel }> {
  const { currentId } = (await (await page.request.get('/api/workspaces')).json()) as { currentId: string };
  const listed = (await (await page.request.get(`/api/workspaces/${currentId}/chat/channels`)).json()) as { channels: Channel[] };
  return { workspaceId: currentId, channel: listed.channels.find((channel) => channel.name === 'general')! };
}

async function say(page: Page, workspaceId: string, channelId: string, body: string, parentId?: string): Promise<ChatMessage> {
  const answer = await page.request.post(`/api/workspaces/${workspaceId}/chat/channels/${channelId}/messages`, {
    data: { body, ...(parentId ? { parentId } : {}) },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { message: ChatMessage }).message;
}

async function openPalette(page: Page, words: string) {
  await expect(page.getByRole('searchbox', { name: 'Search' }).first()).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: searchCopy.palette });
  await expect(palette.getByRole('combobox', { name: searchCopy.palette })).toBeFocused();
  await page.keyboard.type(words);
  return palette;
}

// A word said in chat, long scrolled out of the latest page, found from ⌘K: the result names the
// channel and the author, and opens the channel at that very message; a reply opens with its thread.
test('⌘K finds a chat message and opens the channel at it; a reply opens in its thread; the palette passes axe at both widths', async ({
  page,
  accounts,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Nia Searcher' }));
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'general' })).toBeVisible();
  const { workspaceId, channel } = await generalOf(page);
  const target = await say(page, workspaceId, channel.id, 'The flamingo budget is approved');
  for (let n = 1; n <= CHAT_PAGE_SIZE + 5; n += 1) await say(page, workspaceId, channel.id, `Later note ${n}`);

  await page.goto('/dashboard');
  const palette = await openPalette(page, 'flamingo');
  const option = palette.getByRole('listbox').getByRole('option');
  await expect(option).toHaveCount(1);
  await expect(option).toContainText(searchCopy.kind.message);
  await expect(option).toContainText('general');
  await expect(option).toContainText('Nia Searcher:');
  await expect(option.locator('mark')).toHaveText('flamingo');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
    await page.screenshot({ path: `/tmp/chat-search-palette-${width}.png` });
  }

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chat\\?channel=${channel.id}&message=${target.seq}$`));
  const list = page.getByRole('region', { name: chatText.messagesIn('general') });
  const landed = list.locator('li[aria-current="location"]');
  await expect(landed).toContainText('The flamingo budget is approved');
  await expect(landed).toBeInViewport();
  // The newest message is not where it opened: the channel came to the message, not to its latest page.
  await expect(list.getByText(`Later note ${CHAT_PAGE_SIZE + 5}`, { exact: true })).not.toBeInViewport();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
    await page.screenshot({ path: `/tmp/chat-search-landed-${width}.png` });
  }

  const reply = await say(page, workspaceId, channel.id, 'Pink paint ordered', target.id);
  const again = await openPalette(page, 'paint');
  await expect(again.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`message=${target.seq}&thread=${target.id}$`));
  await expect(page.getByRole('region', { name: chatText.thread }).getByText(reply.body)).toBeVisible();
});
