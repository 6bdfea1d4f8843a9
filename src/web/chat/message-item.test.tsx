import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chatText } from '#src/shared/chat/messages.ts';
import type { ChatMessage } from '#src/shared/chat/paths.ts';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { ApiError } from '#src/web/lib/api-client.ts';
import { chatMessage } from '../../../tests/support/chat-message.ts';
import { EditMessageForm } from './deferred-parts.tsx';
import { MessageItem } from './message-item.tsx';

const grace = { id: '11111111-1111-4111-8111-111111111111', name: 'Grace Teammate' };

const message: ChatMessage = chatMessage({
  seq: 7,
  authorId: 'me',
  body: `**Ship** it, ${mentionToken(grace.id)} <script>alert(1)</script>`,
});

// Opens the message's editor and empties its box.
async function openEmptyEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: chatText.editOf('Ada Owner') }));
  const box = screen.getByRole('textbox', { name: chatText.edit });
  await user.clear(box);
  return box;
}

function show(overrides: Partial<Parameters<typeof MessageItem>[0]> = {}) {
  const actions = {
    onEdit: vi.fn(async () => undefined),
    onDelete: vi.fn(),
    onReact: vi.fn(),
    onOpenThread: vi.fn(),
    onMakeTask: vi.fn(),
  };
  const props = {
    message,
    nameOf: (id: string) => (id === grace.id ? grace.name : undefined),
    members: [grace],
    canEdit: true,
    canDelete: true,
    actions,
    ...overrides,
  };
  render(<MessageItem {...props} />);
  return actions;
}

describe('a chat message', () => {
  // As the chat page does once it is idle: the editor's code is in before anyone asks for it.
  beforeAll(() => EditMessageForm.preload());

  it('shows its reactions with counts, toggles one, opens its thread and makes a task', async () => {
    const actions = show({
      message: { ...message, replyCount: 2, reactions: [{ emoji: '🎉', count: 2, mine: true }] },
    });
    const user = userEvent.setup();
    const mine = screen.getByRole('button', { name: chatText.reactionCount('🎉', 2, true) });
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    await user.click(mine);
    await user.click(screen.getByRole('button', { name: chatText.react('👍') }));
    expect(actions.onReact.mock.calls).toEqual([['🎉'], ['👍']]);
    await user.click(screen.getByRole('button', { name: chatText.replies(2) }));
    expect(actions.onOpenThread).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: chatText.makeTask }));
    expect(actions.onMakeTask).toHaveBeenCalled();
  });

  it('shows a card for each task key it names, once each', () => {
    const seen: string[] = [];
    show({
      message: { ...message, body: 'See TSR-42 and http://x/board?task=TSR-42, also ABC-7; not covid-19 or TSR-042' },
      preview: (key) => {
        seen.push(key);
        return key;
      },
    });
    expect(seen).toEqual(['TSR-42', 'ABC-7']);
  });

  it('shows Markdown with mentions as names and no markup from the text', () => {
    show();
    expect(screen.getByText('Ship').tagName).toBe('STRONG');
    expect(screen.getByText(/@Grace Teammate/)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.queryByText(chatText.edited)).toBeNull();
  });

  it('says it was edited, and offers no edit or delete to someone who may not', () => {
    show({ message: { ...message, editedAt: '2026-11-24T11:00:00.000Z' }, canEdit: false, canDelete: false });
    expect(screen.getByText(chatText.edited)).toBeTruthy();
    expect(screen.queryByRole('button', { name: chatText.editOf('Ada Owner') })).toBeNull();
    expect(screen.queryByRole('button', { name: chatText.deleteOf('Ada Owner') })).toBeNull();
  });

  it('lets its author edit it in place and save the new words', async () => {
    const props = show();
    const user = userEvent.setup();
    const box = await openEmptyEditor(user);
    await user.type(box, 'Fixed words');
    await user.click(screen.getByRole('button', { name: chatText.save }));
    expect(props.onEdit).toHaveBeenCalledWith('Fixed words');
    // Saved: the editor closes (the page refetches the message).
    await vi.waitFor(() => expect(screen.queryByRole('textbox', { name: chatText.edit })).toBeNull());
    await vi.waitFor(() => expect(screen.getByRole('button', { name: chatText.editOf('Ada Owner') })).toHaveFocus());
  });

  it('opens the editor focused on its words, and Escape (or Cancel) leaves them as they were', async () => {
    const props = show();
    const user = userEvent.setup();
    const edit = screen.getByRole('button', { name: chatText.editOf('Ada Owner') });
    await user.click(edit);
    const box = screen.getByRole('textbox', { name: chatText.edit }) as HTMLTextAreaElement;
    expect(box).toHaveFocus();
    expect(box.selectionStart).toBe(message.body.length);
    await user.keyboard(' and more');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: chatText.edit })).toBeNull();
    expect(props.onEdit).not.toHaveBeenCalled();
    expect(screen.getByText('Ship').tagName).toBe('STRONG');
    // Back where the editor was opened from.
    expect(screen.getByRole('button', { name: chatText.editOf('Ada Owner') })).toHaveFocus();

    // Opened again, it holds the message's words, not what was thrown away.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: chatText.edit })).toHaveValue(message.body);
    await user.click(screen.getByRole('button', { name: chatText.cancel }));
    expect(screen.queryByRole('textbox', { name: chatText.edit })).toBeNull();
    expect(props.onEdit).not.toHaveBeenCalled();
  });

  it('closes an open @ list on Escape without leaving the editor, and saves the mention picked', async () => {
    const props = show();
    const user = userEvent.setup();
    const box = await openEmptyEditor(user);
    await user.type(box, 'Over to @');
    const picker = () => screen.queryByRole('listbox', { name: notificationCopy.mentionPicker });
    expect(picker()).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(picker()).toBeNull();
    expect(box).toBeInTheDocument();
    await user.type(box, 'gr', { skipClick: true });
    await user.keyboard('{Enter}');
    expect(box).toHaveValue(`Over to ${mentionToken(grace.id)} `);
    await user.click(screen.getByRole('button', { name: chatText.save }));
    expect(props.onEdit).toHaveBeenCalledWith(`Over to ${mentionToken(grace.id)}`);
  });

  it('says an emptied message is required, under the box, and saves nothing', async () => {
    const props = show();
    const user = userEvent.setup();
    const box = await openEmptyEditor(user);
    await user.type(box, '  ');
    await user.click(screen.getByRole('button', { name: chatText.save }));
    await vi.waitFor(() => expect(box).toHaveAccessibleDescription('Message is required.'));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect(props.onEdit).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the form’s alert and keeps the new words in the box', async () => {
    const refusal = 'This channel is archived. Ask an owner to bring it back before posting.';
    const onEdit = vi.fn(async () => Promise.reject(new ApiError(refusal, 409)));
    show({ actions: { onEdit, onDelete: vi.fn(), onReact: vi.fn(), onMakeTask: vi.fn() } });
    const user = userEvent.setup();
    const box = await openEmptyEditor(user);
    await user.type(box, 'Fixed words');
    await user.click(screen.getByRole('button', { name: chatText.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(onEdit).toHaveBeenCalledWith('Fixed words');
    expect(box).toHaveValue('Fixed words');
    expect(screen.getByRole('textbox', { name: chatText.edit })).toBe(box);
  });

  it('asks the page to delete it', async () => {
    const props = show({ canEdit: false });
    await userEvent.setup().click(screen.getByRole('button', { name: chatText.deleteOf('Ada Owner') }));
    expect(props.onDelete).toHaveBeenCalledOnce();
  });
});
