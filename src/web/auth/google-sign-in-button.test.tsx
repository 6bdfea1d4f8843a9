import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure } from '#src/shared/account-messages.ts';
import { flow, label, success } from '#src/shared/messages.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import { apiServer } from '../../../tests/support/api-server.ts';
import type { GooglePopup } from '#src/web/lib/google-popup.ts';

const user: PublicUser = {
  id: 'u1',
  name: 'Gail Google',
  email: 'gail@example.com',
  role: 'user',
  gender: 'not specified',
  picture: null,
  emailVerified: true,
  totalProspectsFetched: 0,
  totalProspectsMailed: 0,
  totalProject: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const googleConfig = { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' };
const identity = { idToken: 'header.payload.signature', uid: 'g-1', email: 'gail@example.com', name: 'Gail Google', picture: null };

// The API answers through MSW; the button, auth layer, API client and session are the real ones.
function serve({ googleSignIn, firebaseAuth }: { googleSignIn: typeof googleConfig | null; firebaseAuth?: () => Response }) {
  const syncBodies: unknown[] = [];
  apiServer.use(
    http.get('/api/current-user', () => HttpResponse.json({ user: null })),
    http.get('/api/config', () => HttpResponse.json({ productName: 'Tessera', googleSignIn })),
    http.post('/api/firebase-auth', async ({ request }) => {
      syncBodies.push(await request.json());
      return firebaseAuth ? firebaseAuth() : HttpResponse.json({ user });
    }),
  );
  return syncBodies;
}

// Fresh modules per test: the public config is cached for the page's life.
async function renderButton(popup?: GooglePopup) {
  vi.resetModules();
  const { GoogleSignInButton } = await import('./google-sign-in-button.tsx');
  const { SessionProvider } = await import('#src/web/lib/session.tsx');
  const { memoryHistory } = await import('#src/web/routing/history.ts');
  const { RouterProvider, useLocation } = await import('#src/web/routing/router-context.tsx');
  const Screens = () => (useLocation().pathname === '/dashboard' ? <p>Dashboard page</p> : <GoogleSignInButton popup={popup} />);
  const history = memoryHistory('/register');
  render(
    <RouterProvider history={history}>
      <SessionProvider>
        <Screens />
        <Toaster />
      </SessionProvider>
    </RouterProvider>,
  );
  return history;
}

// Each test imports the modules afresh, which takes seconds on a loaded machine.
describe('Continue with Google', { timeout: 15_000 }, () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('is disabled and says so when the server has no Firebase project, and opens no popup', async () => {
    serve({ googleSignIn: null });
    const popup = vi.fn<GooglePopup>();
    await renderButton(popup);
    expect(await screen.findByText(flow.googleNotConfigured)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: label.continueWithGoogle })).toBeDisabled();
    expect(popup).not.toHaveBeenCalled();
  });

  it('sends the ID token to the server, toasts success and goes to /dashboard', async () => {
    const syncBodies = serve({ googleSignIn: googleConfig });
    const popup = vi.fn<GooglePopup>().mockResolvedValue(identity);
    const history = await renderButton(popup);
    await userEvent.click(await enabledButton());
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(history.location().pathname).toBe('/dashboard');
    expect(popup).toHaveBeenCalledWith(googleConfig);
    expect(syncBodies).toEqual([identity]);
    expect(await screen.findByText(success.google)).toBeInTheDocument();
  });

  it("toasts 'Google login failed' when the popup fails and calls no server", async () => {
    const syncBodies = serve({ googleSignIn: googleConfig });
    await renderButton(vi.fn<GooglePopup>().mockRejectedValue(new Error('auth/popup-closed-by-user')));
    const button = await enabledButton();
    await userEvent.click(button);
    expect(await screen.findByText(failure.googlePopup)).toBeInTheDocument();
    expect(syncBodies).toEqual([]);
    expect(button).toBeEnabled();
  });

  it("shows the server's refusal, or 'Authentication failed' without one, and stays put", async () => {
    serve({ googleSignIn: googleConfig, firebaseAuth: () => new HttpResponse(null, { status: 401 }) });
    const history = await renderButton(vi.fn<GooglePopup>().mockResolvedValue(identity));
    await userEvent.click(await enabledButton());
    expect(await screen.findByText(failure.providerSync)).toBeInTheDocument();
    expect(history.location().pathname).toBe('/register');
  });
});

// The button is enabled once the public config says Google sign-in is set up.
async function enabledButton() {
  const button = screen.getByRole('button', { name: label.continueWithGoogle });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
