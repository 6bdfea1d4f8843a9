import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, flow, label, success } from '#src/shared/messages.ts';
import type { PublicUser } from '#src/shared/user.ts';
import type { GooglePopup } from './google-popup.ts';

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

// The server is replaced at the fetch boundary; the button, auth layer and session are the real ones.
function serve(routes: Record<string, () => Response>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.replace('/api', '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return (routes[path] ?? (() => new Response(JSON.stringify({ error: 'Not found.' }), { status: 404 })))();
    }),
  );
  return calls;
}
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

describe('Continue with Google', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is disabled and says so when the server has no Firebase project, and opens no popup', async () => {
    serve({ '/current-user': json({ user: null }), '/config': json({ productName: 'Tessera', googleSignIn: null }) });
    const popup = vi.fn<GooglePopup>();
    await renderButton(popup);
    expect(await screen.findByText(flow.googleNotConfigured)).toBeTruthy();
    expect((screen.getByRole('button', { name: label.continueWithGoogle }) as HTMLButtonElement).disabled).toBe(true);
    expect(popup).not.toHaveBeenCalled();
  });

  it('sends the ID token to the server, toasts success and goes to /dashboard', async () => {
    const calls = serve({
      '/current-user': json({ user: null }),
      '/config': json({ productName: 'Tessera', googleSignIn: googleConfig }),
      '/firebase-auth': json({ user }),
    });
    const popup = vi.fn<GooglePopup>().mockResolvedValue(identity);
    const history = await renderButton(popup);
    const button = screen.getByRole('button', { name: label.continueWithGoogle });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(history.location().pathname).toBe('/dashboard');
    expect(popup).toHaveBeenCalledWith(googleConfig);
    expect(calls.find((call) => call.path === '/firebase-auth')?.body).toEqual(identity);
    expect(await screen.findByText(success.google)).toBeTruthy();
  });

  it("toasts 'Google login failed' when the popup fails and calls no server", async () => {
    const calls = serve({ '/current-user': json({ user: null }), '/config': json({ productName: 'Tessera', googleSignIn: googleConfig }) });
    await renderButton(vi.fn<GooglePopup>().mockRejectedValue(new Error('auth/popup-closed-by-user')));
    const button = screen.getByRole('button', { name: label.continueWithGoogle });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    expect(await screen.findByText(failure.googlePopup)).toBeTruthy();
    expect(calls.some((call) => call.path === '/firebase-auth')).toBe(false);
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's refusal, or 'Authentication failed' without one, and stays put", async () => {
    serve({
      '/current-user': json({ user: null }),
      '/config': json({ productName: 'Tessera', googleSignIn: googleConfig }),
      '/firebase-auth': () => new Response('', { status: 401 }),
    });
    const history = await renderButton(vi.fn<GooglePopup>().mockResolvedValue(identity));
    const button = screen.getByRole('button', { name: label.continueWithGoogle });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    expect(await screen.findByText(failure.providerSync)).toBeTruthy();
    expect(history.location().pathname).toBe('/register');
  });
});
