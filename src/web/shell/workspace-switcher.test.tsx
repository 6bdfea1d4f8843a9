import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { CreateWorkspaceDialog } from './create-workspace-dialog.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const workspace = (id: string, name: string, role: WorkspaceSummary['role'] = 'owner'): WorkspaceSummary => ({
  id,
  name,
  role,
  memberCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const mine = workspace('w1', "Ada's workspace");
const team = workspace('w2', 'Design team', 'member');

function Shell() {
  const [dialog, setDialog] = useState<'create' | null>(null);
  const close = (open: boolean) => setDialog(open ? dialog : null);
  return (
    <QueryProvider>
      <WorkspaceSwitcher onInvite={() => undefined} onCreate={() => setDialog('create')} />
      <CreateWorkspaceDialog open={dialog === 'create'} onOpenChange={close} />
    </QueryProvider>
  );
}

function renderShell() {
  const history = memoryHistory('/dashboard');
  render(
    <RouterProvider history={history}>
      <Shell />
    </RouterProvider>,
  );
  return history;
}

const openSwitcher = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: workspaceUi.switcherLabel }));
  return screen.findByRole('menu');
};

// user-event types key by key; on a loaded machine that outlasts the default 5 s.
describe('Workspace switcher', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the remembered workspace, lists mine, and switching tells the server which one I opened', async () => {
    const api = fakeApi({
      'GET /api/workspaces': [200, { workspaces: [team, mine], currentId: 'w2' }],
      'POST /api/workspaces/w1/open': [200, { ok: true }],
    });
    const user = userEvent.setup();
    renderShell();
    expect(await screen.findByText('Design team')).toBeInTheDocument();

    const menu = await openSwitcher(user);
    for (const item of workspaceCopy.workspaceItems) expect(within(menu).getByRole('menuitem', { name: item })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: /Ada's workspace/ }));

    expect(await screen.findByTestId('current-workspace')).toHaveTextContent("Ada's workspace");
    expect(api.called('POST /api/workspaces/w1/open')).toHaveLength(1);
  });

  it('opens workspace settings from both Settings and Manage', async () => {
    fakeApi({ 'GET /api/workspaces': [200, { workspaces: [mine], currentId: 'w1' }] });
    const user = userEvent.setup();
    const history = renderShell();
    expect(await screen.findByText("Ada's workspace")).toBeInTheDocument();
    for (const item of ['Settings', 'Manage']) {
      const menu = await openSwitcher(user);
      const entry = within(menu).getByRole('menuitem', { name: item });
      expect(entry).not.toHaveTextContent(/coming soon/i);
      await user.click(entry);
      expect(history.location().pathname).toBe('/workspace-settings');
      history.go(-1);
    }
  });

  it('keeps the current workspace when the server refuses the switch', async () => {
    fakeApi({
      'GET /api/workspaces': [200, { workspaces: [mine, team], currentId: 'w1' }],
      'POST /api/workspaces/w2/open': [404, { error: 'Workspace not found.' }],
    });
    const user = userEvent.setup();
    renderShell();
    const menu = await openSwitcher(user);
    await user.click(await within(menu).findByRole('menuitem', { name: /Design team/ }));
    expect(screen.getByTestId('current-workspace')).toHaveTextContent("Ada's workspace");
  });

  it('says so when my workspaces cannot be loaded, and tries again on request', async () => {
    const api = fakeApi({ 'GET /api/workspaces': [503, { error: 'The service is temporarily unavailable.' }] });
    const user = userEvent.setup();
    renderShell();
    const menu = await openSwitcher(user);
    expect(await within(menu).findByText('The service is temporarily unavailable.')).toBeInTheDocument();
    api.routes['GET /api/workspaces'] = [200, { workspaces: [mine], currentId: 'w1' }];
    await user.click(within(menu).getByRole('menuitem', { name: workspaceUi.tryAgain }));
    expect(await screen.findByTestId('current-workspace')).toHaveTextContent("Ada's workspace");
  });

  it('creates a workspace with a checked, trimmed name and makes it current', async () => {
    const created = workspace('w3', 'Launch crew');
    const api = fakeApi({
      'GET /api/workspaces': [200, { workspaces: [mine], currentId: 'w1' }],
      'POST /api/workspaces': [201, { workspace: created }],
      'POST /api/workspaces/w3/open': [200, { ok: true }],
    });
    const user = userEvent.setup();
    renderShell();
    await user.click(within(await openSwitcher(user)).getByRole('menuitem', { name: 'Create Workspace' }));
    const dialog = await screen.findByRole('dialog', { name: workspaceUi.createTitle });

    await user.type(within(dialog).getByLabelText(workspaceUi.nameLabel), '   ');
    await user.click(within(dialog).getByRole('button', { name: workspaceUi.createButton }));
    // The problem is told at the field, which takes the focus.
    const name = within(dialog).getByLabelText(workspaceUi.nameLabel);
    expect(await within(dialog).findByText('Workspace name is required.')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Workspace name is required.');
    expect(name).toHaveFocus();
    expect(api.called('POST /api/workspaces')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(workspaceUi.nameLabel));
    await user.type(within(dialog).getByLabelText(workspaceUi.nameLabel), '  Launch crew ');
    await user.click(within(dialog).getByRole('button', { name: workspaceUi.createButton }));

    expect(api.called('POST /api/workspaces')[0]?.body).toEqual({ name: 'Launch crew' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('current-workspace')).toHaveTextContent('Launch crew');
  });

  it('shows the server’s refusal in the create dialog and keeps what was typed', async () => {
    fakeApi({
      'GET /api/workspaces': [200, { workspaces: [mine], currentId: 'w1' }],
      'POST /api/workspaces': [429, { error: 'Too many workspaces created. Try again later.' }],
    });
    const user = userEvent.setup();
    renderShell();
    await user.click(within(await openSwitcher(user)).getByRole('menuitem', { name: 'Create Workspace' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(workspaceUi.nameLabel), 'Launch crew');
    await user.click(within(dialog).getByRole('button', { name: workspaceUi.createButton }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many workspaces created. Try again later.');
    expect(within(dialog).getByLabelText(workspaceUi.nameLabel)).toHaveValue('Launch crew');
  });
});
