import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { InviteDialog } from './invite-dialog.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const workspace = (id: string, name: string, role: WorkspaceSummary['role']): WorkspaceSummary => ({
  id,
  name,
  role,
  memberCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const mine = workspace('w1', "Ada's workspace", 'owner');
const team = workspace('w2', 'Design team', 'member');

const renderDialog = () =>
  render(
    <QueryProvider>
      <InviteDialog open onOpenChange={() => undefined} />
    </QueryProvider>,
  );

// user-event types key by key; on a loaded machine that outlasts the default 5 s.
describe('Invite dialog', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets an owner invite by email, after checking the address', async () => {
    const api = fakeApi({
      'GET /api/workspaces': [200, { workspaces: [mine, team], currentId: 'w1' }],
      'POST /api/workspaces/w1/invitations': [201, { invitation: { id: 'i1', email: 'grace@example.com' } }],
    });
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: workspaceUi.inviteTitle("Ada's workspace") });
    await user.type(within(dialog).getByLabelText(workspaceUi.emailLabel), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: workspaceUi.sendButton }));
    // Told at the field, which takes the focus; nothing is sent.
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText(workspaceUi.emailLabel)).toHaveAccessibleDescription('Enter a valid email address.'),
    );
    expect(within(dialog).getByLabelText(workspaceUi.emailLabel)).toHaveFocus();
    expect(api.called('POST /api/workspaces/w1/invitations')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(workspaceUi.emailLabel));
    await user.type(within(dialog).getByLabelText(workspaceUi.emailLabel), 'Grace@Example.com');
    await user.click(within(dialog).getByRole('button', { name: workspaceUi.sendButton }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(workspaceUi.invited('grace@example.com'));
    expect(api.called('POST /api/workspaces/w1/invitations')[0]?.body).toEqual({ email: 'grace@example.com' });
  });

  it('tells a member that only owners can invite', async () => {
    fakeApi({ 'GET /api/workspaces': [200, { workspaces: [mine, team], currentId: 'w2' }] });
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(workspaceUi.ownersOnlyInvite)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(workspaceUi.emailLabel)).not.toBeInTheDocument();
  });

  it('puts the server’s refusal of the address under the address, keeping what was typed', async () => {
    fakeApi({
      'GET /api/workspaces': [200, { workspaces: [mine], currentId: 'w1' }],
      'POST /api/workspaces/w1/invitations': [409, { error: 'grace@example.com is already a member.' }],
    });
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: workspaceUi.inviteTitle("Ada's workspace") });
    const field = within(dialog).getByLabelText(workspaceUi.emailLabel);
    await user.type(field, 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: workspaceUi.sendButton }));
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription('grace@example.com is already a member.'));
    expect(field).toHaveValue('grace@example.com');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
