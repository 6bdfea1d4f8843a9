import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatError, chatText } from '#src/shared/chat/messages.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { NewDirectDialog } from './new-direct-dialog.tsx';

const teammates = [
  { id: '00000000-0000-4000-8000-00000000000b', name: 'Bob Member' },
  { id: '00000000-0000-4000-8000-00000000000c', name: 'Cy Member' },
];
const route = 'POST /api/workspaces/w1/chat/dms';

function renderDialog(onOpened = vi.fn(), people = teammates) {
  render(<NewDirectDialog workspaceId="w1" teammates={people} open onOpenChange={() => undefined} onOpened={onOpened} />);
  return screen.getByRole('dialog', { name: chatText.newMessageTitle });
}

describe('New direct message', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  // One teammate is one checkbox, whose value must still be a list.
  it('opens the conversation of the people ticked', async () => {
    const channel = { id: 'c9', name: 'dm:c9', kind: 'dm' };
    const api = fakeApi({ [route]: [200, { channel }] });
    const onOpened = vi.fn();
    const user = userEvent.setup();
    const dialog = renderDialog(onOpened, [teammates[1]!]);
    const open = within(dialog).getByRole('button', { name: chatText.openConversation });
    expect(open).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cy Member' }));
    await user.click(open);
    await vi.waitFor(() => expect(onOpened).toHaveBeenCalledWith(channel));
    expect(api.called(route)[0]!.body).toEqual({ userIds: [teammates[1]!.id] });
  });

  it('shows a refused choice under the people, focused, with them still ticked', async () => {
    fakeApi({ [route]: [400, { error: chatError.dmPeople }] });
    const user = userEvent.setup();
    const dialog = renderDialog();
    const bob = within(dialog).getByRole('checkbox', { name: 'Bob Member' });
    const cy = within(dialog).getByRole('checkbox', { name: 'Cy Member' });
    await user.click(bob);
    await user.click(cy);
    await user.click(within(dialog).getByRole('button', { name: chatText.openConversation }));
    await vi.waitFor(() => expect(bob).toHaveAccessibleDescription(chatError.dmPeople));
    expect(bob).toHaveAttribute('aria-invalid', 'true');
    expect(bob).toHaveFocus();
    expect(bob).toBeChecked();
    expect(cy).toBeChecked();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows any other refusal in the dialog and keeps the choice', async () => {
    fakeApi({ [route]: [403, { error: 'Your account is suspended.' }] });
    const user = userEvent.setup();
    const dialog = renderDialog();
    const bob = within(dialog).getByRole('checkbox', { name: 'Bob Member' });
    await user.click(bob);
    await user.click(within(dialog).getByRole('button', { name: chatText.openConversation }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your account is suspended.');
    expect(bob).toBeChecked();
  });
});
