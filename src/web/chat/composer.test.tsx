import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatText } from '#src/shared/chat/messages.ts';
import { CHAT_MESSAGE_MAX } from '#src/shared/chat/paths.ts';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { fakeApi, type Reply } from '../../../tests/support/fake-api.ts';
import { Composer } from './composer.tsx';

const grace = { id: '11111111-1111-4111-8111-111111111111', name: 'Grace Teammate' };
const SEND = 'POST /api/workspaces/w1/chat/channels/c1/messages';
const TYPING = 'POST /api/workspaces/w1/chat/channels/c1/typing';
const sent = { message: { id: 'm9' } };

function show({ isOwner = false, parentId = null as string | null } = {}) {
  const onSent = vi.fn(async () => undefined);
  render(
    <Composer
      workspaceId="w1"
      channelId="c1"
      parentId={parentId}
      label={chatText.composerLabel('general')}
      members={[grace]}
      isOwner={isOwner}
      onSent={onSent}
    />,
  );
  return { onSent, box: screen.getByRole('textbox', { name: chatText.composerLabel('general') }) as HTMLTextAreaElement };
}

const picker = () => screen.queryByRole('listbox', { name: notificationCopy.mentionPicker });

describe('the chat composer', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the trimmed text on Enter (Shift+Enter is a new line), empties the box and says I am typing', async () => {
    const api = fakeApi({ [SEND]: [201, sent], [TYPING]: [200, { ok: true }] });
    const { onSent, box } = show({ parentId: '22222222-2222-4222-8222-222222222222' });
    const user = userEvent.setup();
    await user.type(box, '  Ship it{Shift>}{Enter}{/Shift}today  ');
    expect(api.called(SEND)).toHaveLength(0);
    expect(box.value).toBe('  Ship it\ntoday  ');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(api.called(SEND).map((call) => call.body)).toEqual([
      { body: 'Ship it\ntoday', parentId: '22222222-2222-4222-8222-222222222222' },
    ]);
    expect(box.value).toBe('');
    // Once for the burst of keys, not once a key.
    expect(api.called(TYPING)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says an empty message is required under the box, sending nothing', async () => {
    const api = fakeApi({});
    const { box } = show();
    const user = userEvent.setup();
    await user.type(box, '   {Enter}');
    await vi.waitFor(() => expect(box).toHaveAccessibleDescription('Message is required.'));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.called(SEND)).toHaveLength(0);
    // Typing again takes the message away.
    await user.type(box, 'x');
    await vi.waitFor(() => expect(box).not.toHaveAttribute('aria-invalid'));
  });

  it('picks a mention with Enter (not sending), then sends its token', async () => {
    const api = fakeApi({ [SEND]: [201, sent], [TYPING]: [200, { ok: true }] });
    const { box } = show();
    const user = userEvent.setup();
    await user.type(box, 'Thanks @gr');
    expect(within(picker()!).getByRole('option', { name: grace.name })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(picker()).toBeNull();
    expect(api.called(SEND)).toHaveLength(0);
    expect(box.value).toBe(`Thanks ${mentionToken(grace.id)} `);
    await user.keyboard('!{Enter}');
    await vi.waitFor(() => expect(api.called(SEND)).toHaveLength(1));
    expect(api.called(SEND)[0]!.body).toEqual({ body: `Thanks ${mentionToken(grace.id)} !` });
  });

  it('keeps the picker’s keys: arrows move, Escape closes it, and only then does Enter send', async () => {
    const api = fakeApi({ [SEND]: [201, sent], [TYPING]: [200, { ok: true }] });
    const { box } = show();
    const user = userEvent.setup();
    await user.type(box, 'Hi @');
    await user.keyboard('{ArrowDown}');
    expect(picker()).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(picker()).toBeNull();
    expect(box.value).toBe('Hi @');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(api.called(SEND)).toHaveLength(1));
    expect(api.called(SEND)[0]!.body).toEqual({ body: 'Hi @' });
  });

  it('shows an over-long message under the box (a mention can push it past the limit), sending nothing', async () => {
    const api = fakeApi({ [TYPING]: [200, { ok: true }] });
    const { box } = show();
    const user = userEvent.setup();
    await user.click(box);
    await user.paste(`${'a'.repeat(CHAT_MESSAGE_MAX - 10)} @gr`);
    await user.keyboard('{Enter}');
    expect(box.value.trim().length).toBeGreaterThan(CHAT_MESSAGE_MAX);
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(box).toHaveAccessibleDescription('Message must be at most 4,000 characters.'));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect(api.called(SEND)).toHaveLength(0);
  });

  it.each<[string, Reply]>([
    ['400', [400, { error: 'Message contains characters that are not allowed.' }]],
    ['413', [413, { error: 'Request body is too large.' }]],
    ['429', [429, { error: 'Too many messages. Wait a minute and try again.' }]],
  ])('shows the server’s %s refusal in the form’s alert and keeps the words to send again', async (_status, reply) => {
    const api = fakeApi({ [SEND]: reply, [TYPING]: [200, { ok: true }] });
    const { onSent, box } = show();
    const user = userEvent.setup();
    await user.type(box, 'Ship it{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent((reply[1] as { error: string }).error);
    expect(box.value).toBe('Ship it');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(onSent).not.toHaveBeenCalled();

    api.routes[SEND] = [201, sent];
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(box.value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in its own words when the server gives none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { box } = show();
    const user = userEvent.setup();
    await user.type(box, 'Ship it{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(chatText.sendFailed);
    expect(box.value).toBe('Ship it');
  });

  it('asks a member before @channel, then sends once with the confirmation', async () => {
    const api = fakeApi({ [SEND]: [201, sent], [TYPING]: [200, { ok: true }] });
    const { onSent, box } = show();
    const user = userEvent.setup();
    await user.type(box, '@channel standup now{Enter}');
    const dialog = await screen.findByRole('dialog', { name: chatText.channelConfirmTitle });
    expect(api.called(SEND)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: chatText.sendAnyway }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(api.called(SEND).map((call) => call.body)).toEqual([{ body: '@channel standup now', confirmChannel: true }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(box.value).toBe('');
  });

  it('lets an owner send @channel without asking', async () => {
    const api = fakeApi({ [SEND]: [201, sent], [TYPING]: [200, { ok: true }] });
    const { box } = show({ isOwner: true });
    await userEvent.setup().type(box, '@channel ship{Enter}');
    await vi.waitFor(() => expect(api.called(SEND)).toHaveLength(1));
    expect(api.called(SEND)[0]!.body).toEqual({ body: '@channel ship' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
