import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { notificationCopy } from '#src/shared/notifications/messages.ts';
import type { MentionCandidate } from './member-options.tsx';
import { MentionTextarea } from './mention-textarea.tsx';

const grace = { id: '11111111-1111-4111-8111-111111111111', name: 'Grace Teammate' };
const ada = { id: '22222222-2222-4222-8222-222222222222', name: 'Ada Owner' };
const gus = { id: '33333333-3333-4333-8333-333333333333', name: 'Gus Green' };
const members: MentionCandidate[] = [ada, grace, gus];

function Controlled() {
  const [text, setText] = useState('');
  return (
    <>
      <label htmlFor="body">Comment</label>
      <MentionTextarea id="body" members={members} value={text} onChange={(event) => setText(event.target.value)} />
      <output data-testid="value">{text}</output>
    </>
  );
}

function Registered({ onSubmit }: { onSubmit: (body: string) => void }) {
  const form = useForm({ defaultValues: { body: '' } });
  return (
    <form onSubmit={form.handleSubmit(({ body }) => onSubmit(body))}>
      <label htmlFor="body">Comment</label>
      <MentionTextarea id="body" members={members} {...form.register('body')} />
      <button type="submit">Send</button>
    </form>
  );
}

const listbox = () => screen.queryByRole('listbox', { name: notificationCopy.mentionPicker });
const options = () =>
  within(listbox()!)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the @ mention picker', { timeout: 20_000 }, () => {
  it('opens on @, narrows as one types (any word of a name), and Enter puts the member’s token in the text', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const box = screen.getByLabelText('Comment');
    await user.type(box, 'Hi ');
    expect(listbox()).toBeNull();
    await user.type(box, '@');
    expect(options()).toEqual(['Ada Owner', 'Grace Teammate', 'Gus Green']);
    expect(box).toHaveAttribute('aria-controls', listbox()!.id);
    await user.type(box, 'g');
    expect(options()).toEqual(['Grace Teammate', 'Gus Green']);
    await user.type(box, 'r');
    // "gr": Grace by her first name, Gus by his last.
    expect(options()).toEqual(['Grace Teammate', 'Gus Green']);
    await user.type(box, 'a');
    expect(options()).toEqual(['Grace Teammate']);
    await user.keyboard('{Enter}');
    expect(listbox()).toBeNull();
    expect(screen.getByTestId('value')).toHaveTextContent(`Hi ${mentionToken(grace.id)}`);
    // The caret sits after the mention and its space: typing goes on from there.
    await user.type(box, 'thanks', { skipClick: true });
    expect((box as HTMLTextAreaElement).value).toBe(`Hi ${mentionToken(grace.id)} thanks`);
  });

  it('moves with the arrows (wrapping), marks the active option, and Escape closes without inserting', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const box = screen.getByLabelText('Comment');
    await user.type(box, '@');
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant')!)?.textContent;
    expect(active()).toBe('Ada Owner');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Gus Green');
    expect(within(listbox()!).getByRole('option', { name: 'Gus Green' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Ada Owner');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('Gus Green');
    await user.keyboard('{Escape}');
    expect(listbox()).toBeNull();
    expect(box).not.toHaveAttribute('aria-activedescendant');
    // With the list closed, Enter is a new line again.
    await user.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('@\n');
  });

  it('says when nobody matches, and lets go once a name with a space matches nobody', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const box = screen.getByLabelText('Comment');
    await user.type(box, 'mail me@example.com and @zed');
    expect(within(listbox()!).getByText(notificationCopy.noMemberMatches)).toBeInTheDocument();
    expect(within(listbox()!).queryAllByRole('option')).toEqual([]);
    await user.type(box, ' is away');
    expect(listbox()).toBeNull();
  });

  it('picks with the mouse, and a react-hook-form field submits the token', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Registered onSubmit={onSubmit} />);
    const box = screen.getByLabelText('Comment');
    await user.type(box, 'Ask @ad');
    await user.click(within(listbox()!).getByRole('option', { name: 'Ada Owner' }));
    expect(box).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith(`Ask ${mentionToken(ada.id)} `);
  });
});
