import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import { flow } from '#src/shared/messages.ts';
import { apiServer } from '../../../tests/support/api-server.ts';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { api, readEarly } from './api-client.ts';
import { SessionProvider, useSession } from './session.tsx';

const user: PublicUser = {
  id: 'u1',
  name: 'Tess Tab',
  email: 'tess@example.com',
  role: 'user',
  gender: 'not specified',
  picture: null,
  emailVerified: true,
  totalProspectsFetched: 0,
  totalProspectsMailed: 0,
  totalProject: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

// The server: signed in until `ended` says otherwise; every other call is refused with a 401.
function serve(state: { ended: boolean; asked?: number }) {
  apiServer.use(
    http.get('/api/current-user', () => {
      state.asked = (state.asked ?? 0) + 1;
      return HttpResponse.json({ user: state.ended ? null : user });
    }),
    http.get('/api/me/tasks', () => HttpResponse.json({ error: 'You are not signed in.' }, { status: 401 })),
  );
}

function Who() {
  const { user: current } = useSession();
  return <p>{current ? `Signed in as ${current.name}` : 'Nobody'}</p>;
}

function show() {
  const history = memoryHistory('/board');
  render(
    <RouterProvider history={history}>
      <SessionProvider>
        <Who />
      </SessionProvider>
    </RouterProvider>,
  );
  return history;
}

// Each waits up to 5 s for the session's second ask; on a loaded two-core machine the whole test takes longer.
describe('a session that ends while a page is open', { timeout: 20_000 }, () => {
  it('goes to the Sign In dialog with the reason once a call is refused and the server confirms nobody is signed in', async () => {
    const state = { ended: false };
    serve(state);
    const history = show();
    expect(await screen.findByText('Signed in as Tess Tab')).toBeTruthy();
    state.ended = true;
    await expect(api('GET', '/me/tasks')).rejects.toThrow('You are not signed in.');
    expect(await screen.findByText('Nobody', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(history.location().pathname).toBe('/login'), { timeout: 5000 });
    expect(history.location().state).toEqual({ message: flow.sessionEnded });
  });

  it('stays when a refused call was about something else and the session still stands', async () => {
    const state = { ended: false, asked: 0 };
    serve(state);
    const history = show();
    expect(await screen.findByText('Signed in as Tess Tab')).toBeTruthy();
    await expect(api('GET', '/me/tasks')).rejects.toThrow();
    // The session asked the server again, which answered "still signed in": nothing moves.
    await waitFor(() => expect(state.asked).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('Signed in as Tess Tab')).toBeTruthy();
    expect(history.location().pathname).toBe('/board');
  });
});

describe('the reads an app page asked as it started', () => {
  it('give the provider who is signed in: it takes that answer rather than asking again', async () => {
    const state = { ended: false, asked: 0 };
    serve(state);
    readEarly(['/current-user']);
    show();
    expect(await screen.findByText('Signed in as Tess Tab')).toBeTruthy();
    expect(state.asked).toBe(1);
  });

  it('are dropped by a sign-in: what was refused to a guest is asked again for the person', async () => {
    let listed = 0;
    apiServer.use(
      http.get('/api/current-user', () => HttpResponse.json({ user: null })),
      http.get('/api/workspaces', () => {
        listed += 1;
        return listed === 1
          ? HttpResponse.json({ error: 'You are not signed in.' }, { status: 401 })
          : HttpResponse.json({ workspaces: [], currentId: null });
      }),
    );
    readEarly(['/current-user', '/workspaces']);
    function SignIn() {
      const { status, signIn } = useSession();
      return status === 'loading' ? null : (
        <button type="button" onClick={() => signIn(user)}>
          Sign in
        </button>
      );
    }
    render(
      <RouterProvider history={memoryHistory('/board')}>
        <SessionProvider>
          <SignIn />
        </SessionProvider>
      </RouterProvider>,
    );
    (await screen.findByRole('button', { name: 'Sign in' })).click();
    await waitFor(() => expect(listed).toBe(1));
    expect(await api('GET', '/workspaces')).toEqual({ workspaces: [], currentId: null });
    expect(listed).toBe(2);
  });
});
