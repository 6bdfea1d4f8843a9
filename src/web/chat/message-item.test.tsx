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
  const props = {
    message,
    nameOf: (id: string) => (id === grace.id ? grace.name : undefined),
    members: [grace],
    canEdit: true,
    canDelete: true,
    onEdit: vi.fn(async () => undefined),
    onDelete: vi.fn(),
    ...overrides,
  };
  render(
    <ol>
      <MessageItem {...props} />
    </ol>,
  );
  return props;
}

describe('a chat message', () => {
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
