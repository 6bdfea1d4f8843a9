import { chatText } from '#src/shared/chat/messages.ts';
import { axeFindings } from '../support/axe.ts';
import { expect, holdLiveStream, signInAs, test } from './fixtures.ts';
import { teammateOf, workspaceOf } from './teammates.ts';

// Two teammates in two browsers: one posts in #general, the other sees it without a reload, with the
// unread badge in the rail until they open the channel.
test('a message posted in #general reaches a teammate live, the rail counts it unread elsewhere, and /chat passes axe at both widths', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/chat');
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  await expect(page.getByRole('heading', { name: 'general' })).toBeVisible();
  await expect(page.getByText(chatText.emptyChannel)).toBeVisible();

  await teammate.page.goto('/chat');
  const theirs = teammate.page.getByRole('heading', { name: 'general' });
  // The teammate's first app page of the visit: the app's page list, the chat chunk, then its data.
  await expect(theirs).toBeVisible({ timeout: 20_000 });

  const composer = page.getByLabel(chatText.composerLabel('general'), { exact: true });
  await composer.fill('Hello **team**');
  await composer.press('Enter');
  await expect(page.locator('strong', { hasText: 'team' })).toBeVisible();
  await expect(composer).toHaveValue('');

  // Live, with no reload in the other browser.
  await expect(teammate.page.locator('strong', { hasText: 'team' })).toBeVisible();

  for (const width of [390, 1280]) {
    await teammate.page.setViewportSize({ width, height: 900 });
    expect(await axeFindings(teammate.page, { where: `${width} px` })).toEqual([]);
  }
  // Away from the chat, the rail counts what came in; opening the channel reads it.
  await teammate.page.setViewportSize({ width: 1280, height: 900 });
  const rail = teammate.page.getByRole('navigation', { name: 'Workspace' });
  await rail.getByRole('link', { name: 'Calendar' }).click();
  // Only once the channel is off the teammate's screen: an open channel reads what arrives in it.
  await expect(theirs).toHaveCount(0);
  await composer.fill('Lunch at noon?');
  await composer.press('Enter');
  await expect(rail.getByText(chatText.unread(1))).toBeAttached();
  await rail.getByRole('link', { name: /Chat/ }).click();
  await expect(teammate.page.getByText('Lunch at noon?')).toBeVisible();
  await expect(rail.getByText(chatText.unread(1))).toHaveCount(0);
  await teammate.context.close();
});

// A thread, a mention and a task, live between two browsers; then the chat by keyboard alone.
test('a thread reply and a mention reach a teammate live and light their bell; a message becomes a task; the chat works by keyboard', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  test.slow();
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  await page.goto('/chat');
  const teammate = await teammateOf(page, browser, accounts.create, mailbox.invitationLinkFor);
  await teammate.page.goto('/chat');
  await expect(teammate.page.getByRole('heading', { name: 'general' })).toBeVisible({ timeout: 20_000 });
  await page.reload();

  const composer = page.getByLabel(chatText.composerLabel('general'), { exact: true });
  await composer.pressSequentially('@gra');
  await composer.press('Enter');
  await composer.pressSequentially('please write the release notes');
  await composer.press('Enter');
  const mine = page.getByText('please write the release notes');
  await expect(mine).toBeVisible();

  // Their bell counts the mention without a reload; the message is there too.
  await expect(teammate.page.getByTestId('unread-count')).toHaveText('1');
  await expect(teammate.page.getByText('please write the release notes')).toBeVisible();

  // A reply in the thread shows in the other browser's open thread, and the count under the message.
  await teammate.page.getByRole('button', { name: chatText.reply, exact: true }).click();
  const thread = teammate.page
    .getByRole('region', { name: chatText.thread })
    .or(teammate.page.getByRole('heading', { name: chatText.thread }));
  await expect(thread.first()).toBeVisible();
  await page.getByRole('button', { name: chatText.reply, exact: true }).click();
  const reply = page.getByLabel(chatText.replyLabel, { exact: true });
  await reply.fill('Drafting them now');
  await reply.press('Enter');
  await expect(teammate.page.getByText('Drafting them now')).toBeVisible();
  await expect(teammate.page.getByRole('button', { name: chatText.replies(1) })).toBeVisible();

  // A reaction, then the message made into a task in one click, linked back by a live card.
  await teammate.page
    .getByRole('button', { name: chatText.react('🎉') })
    .first()
    .click();
  await expect(page.getByRole('button', { name: chatText.reactionCount('🎉', 1, false) }).first()).toBeVisible();
  await page.getByRole('button', { name: chatText.makeTask }).first().click();
  await expect(page.getByText(/Task [A-Z0-9]+-1 created from the message\./)).toBeVisible();
  const key = ((await page.getByText(/Task [A-Z0-9]+-1 created/).textContent()) ?? '').match(/([A-Z0-9]+-1)/)![1]!;
  await composer.fill(`Tracking in ${key}`);
  await composer.press('Enter');
  await expect(
    teammate.page.getByRole('link', { name: new RegExp(`Task ${key}: @Grace Teammate please write the release notes`) }).first(),
  ).toBeVisible();

  // By keyboard: into the composer, type, send; the list and the thread's controls take focus in turn.
  await teammate.page.reload();
  const theirComposer = teammate.page.getByLabel(chatText.composerLabel('general'), { exact: true });
  await theirComposer.focus();
  await teammate.page.keyboard.type('Sent by keyboard');
  await teammate.page.keyboard.press('Enter');
  await expect(page.getByText('Sent by keyboard')).toBeVisible();
  const list = teammate.page.getByRole('region', { name: chatText.messagesIn('general') });
  await list.focus();
  await expect(list).toBeFocused();
  await teammate.page.keyboard.press('Tab');
  await expect(teammate.page.locator(':focus')).toHaveAttribute('type', 'button');
  // A toast fading out is half transparent: axe would judge its contrast mid-animation.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeFindings(page, { where: `${width} px` })).toEqual([]);
    await page.screenshot({ path: `/tmp/chat-${width}.png`, fullPage: true });
  }
  await teammate.context.close();
});

test('a message sent between the chat’s first reads and its live stream’s start shows without a reload', async ({ page, accounts }) => {
  await signInAs(page, await accounts.create({ name: 'Ada Owner' }));
  const ws = await workspaceOf(page);
  const { channels } = (await (await page.request.get(`/api/workspaces/${ws}/chat/channels`)).json()) as {
    channels: { id: string; name: string }[];
  };
  const general = channels.find((channel) => channel.name === 'general')!;

  // The stream is held back until the message is committed, after the channel's messages were read.
  const letStreamStart = await holdLiveStream(page);
  const messagesRead = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(`/${general.id}/messages`));
  await page.goto('/chat');
  await messagesRead;
  await expect(page.getByText(chatText.emptyChannel)).toBeVisible();
  const sent = await page.request.post(`/api/workspaces/${ws}/chat/channels/${general.id}/messages`, { data: { body: 'Sent meanwhile' } });
  expect(sent.status(), await sent.text()).toBe(201);
  letStreamStart();
  await expect(page.getByRole('region', { name: chatText.messagesIn('general') }).getByText('Sent meanwhile')).toBeVisible();
});
