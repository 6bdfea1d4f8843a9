import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { label } from '#src/shared/messages.ts';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { SessionProvider } from '#src/web/lib/session.tsx';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider, useLocation } from '#src/web/routing/router-context.tsx';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import InvitationPage from './invitation-page.tsx';
import { pendingInvitation } from '#src/web/lib/pending-invitation.ts';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const token = 'A'.repeat(43);
const preview = {
  workspaceName: 'Design team',
  invitedBy: 'Ada Lovelace',
  email: 'grace@example.com',
  expiresAt: '2026-11-30T10:00:00.000Z',
};
const person = (email: string) => ({ id: 'u2', name: 'Someone', email, role: 'user', picture: null, gender: 'not specified' });

function Screens() {
  const { pathname } = useLocation();
  return pathname === '/invitations' ? <InvitationPage /> : <h1>Arrived at {pathname}</h1>;
}

function renderPage(hash: string, state: unknown = null) {
  const history = memoryHistory(`/invitations${hash}`, state);
  render(
    <RouterProvider history={history}>
      <SessionProvider>
        <Screens />
      </SessionProvider>
    </RouterProvider>,
  );
  return history;
}

describe('Invitation page', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows one clear message, and asks the server nothing, for a link without a valid token', async () => {
    const api = fakeApi({ 'GET /api/current-user': [401, { error: 'You are not signed in.' }] });
    renderPage('#not-a-token');
    expect(await screen.findByText(workspaceUi.invalidInvitation)).toBeInTheDocument();
    expect(api.called('POST /api/invitations/lookup')).toHaveLength(0);
  });

  it('treats an unknown, used or expired link the server refuses as invalid', async () => {
    fakeApi({
      'GET /api/current-user': [401, { error: 'You are not signed in.' }],
      'POST /api/invitations/lookup': [404, { error: 'This invitation is not valid.' }],
    });
    renderPage(`#${token}`);
    expect(await screen.findByText(workspaceUi.invalidInvitation)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: label.backToHome })).toHaveAttribute('href', '/');
  });

  it('shows a signed-out visitor who invited them, keeps the link for after sign-in, and offers both ways in', async () => {
    const api = fakeApi({
      'GET /api/current-user': [401, { error: 'You are not signed in.' }],
      'POST /api/invitations/lookup': [200, { invitation: preview }],
    });
    renderPage(`#${token}`);
    expect(await screen.findByRole('heading', { name: workspaceUi.joinTitle('Design team') })).toBeInTheDocument();
    expect(screen.getByText(workspaceUi.invitedBy('Ada Lovelace', 'grace@example.com'))).toBeInTheDocument();
    expect(api.called('POST /api/invitations/lookup')[0]?.body).toEqual({ token });
    expect(await screen.findByRole('link', { name: label.signIn })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: label.createAccount })).toHaveAttribute('href', '/register');
    expect(pendingInvitation.get()).toBe(token);
  });

  it('tells someone signed in with another address to sign in as the invited one, and does not accept', async () => {
    const api = fakeApi({
      'GET /api/current-user': [200, { user: person('mallory@example.com') }],
      'POST /api/invitations/lookup': [200, { invitation: preview }],
    });
    renderPage(`#${token}`);
    expect(await screen.findByText(workspaceUi.otherAccount('mallory@example.com', 'grace@example.com'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: workspaceUi.accept })).not.toBeInTheDocument();
    expect(api.called('POST /api/invitations/accept')).toHaveLength(0);
  });

  it('joins the invited person on Accept, opens the workspace and goes to the dashboard', async () => {
    const api = fakeApi({
      'GET /api/current-user': [200, { user: person('Grace@example.com') }],
      'POST /api/invitations/lookup': [200, { invitation: preview }],
      'POST /api/invitations/accept': [200, { workspace: { id: 'w2', name: 'Design team', role: 'member' } }],
      'POST /api/workspaces/w2/open': [200, { ok: true }],
    });
    const user = userEvent.setup();
    const history = renderPage(`#${token}`);
    await user.click(await screen.findByRole('button', { name: workspaceUi.accept }));
    expect(await screen.findByRole('heading', { name: 'Arrived at /dashboard' })).toBeInTheDocument();
    expect(api.called('POST /api/invitations/accept')[0]?.body).toEqual({ token });
    expect(api.called('POST /api/workspaces/w2/open')).toHaveLength(1);
    expect(history.location().pathname).toBe('/dashboard');
  });

  it('accepts by itself when the app brings the person back after sign-in, and shows a refusal in place', async () => {
    const api = fakeApi({
      'GET /api/current-user': [200, { user: person('grace@example.com') }],
      'POST /api/invitations/lookup': [200, { invitation: preview }],
      'POST /api/invitations/accept': [410, { error: 'This invitation has expired.' }],
    });
    renderPage(`#${token}`, { resumeInvitation: true });
    expect(await screen.findByText('This invitation has expired.')).toBeInTheDocument();
    expect(api.called('POST /api/invitations/accept')).toHaveLength(1);
    expect(screen.getByRole('button', { name: workspaceUi.accept })).toBeEnabled();
  });
});
