import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chatText } from '#src/shared/chat/messages.ts';
import type { ChatMessage } from '#src/shared/chat/paths.ts';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { MessageItem } from './message-item.tsx';

const grace = { id: '11111111-1111-4111-8111-111111111111', name: 'Grace Teammate' };

const message: ChatMessage = {
  id: 'm1',
  seq: 7,
  channelId: 'c1',
  authorId: 'me',
  authorName: 'Ada Owner',
  body: `**Ship** it, ${mentionToken(grace.id)} <script>alert(1)</script>`,
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  parentId: null,
  replyCount: 0,
  lastReplyAt: null,
  reactions: [],
};

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
    await user.click(screen.getByRole('button', { name: chatText.editOf('Ada Owner') }));
    const box = screen.getByRole('textbox', { name: chatText.edit });
    await user.clear(box);
    await user.type(box, 'Fixed words');
    await user.click(screen.getByRole('button', { name: chatText.save }));
    expect(props.onEdit).toHaveBeenCalledWith('Fixed words');
    // Saved: the editor closes (the page refetches the message).
    expect(screen.queryByRole('textbox', { name: chatText.edit })).toBeNull();
  });

  it('asks the page to delete it', async () => {
    const props = show({ canEdit: false });
    await userEvent.setup().click(screen.getByRole('button', { name: chatText.deleteOf('Ada Owner') }));
    expect(props.onDelete).toHaveBeenCalledOnce();
  });
});
