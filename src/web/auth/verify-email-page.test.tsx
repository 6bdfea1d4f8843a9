import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authCopy, failure } from '#src/shared/account-messages.ts';
import { flow } from '#src/shared/messages.ts';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider, useLocation } from '#src/web/routing/router-context.tsx';
import { apiServer } from '../../../tests/support/api-server.ts';
import VerifyEmailPage from './verify-email-page.tsx';

function Screens() {
  return useLocation().pathname === '/register' ? <h1>Register</h1> : <VerifyEmailPage />;
}

function renderVerify(state: unknown) {
  const history = memoryHistory('/verify-email', state);
  render(
    <RouterProvider history={history}>
      <Screens />
    </RouterProvider>,
  );
  return history;
}

// The resend call, answered by MSW; returns the bodies it received.
function answerResend(response: () => Response) {
  const bodies: unknown[] = [];
  apiServer.use(
    http.post('/api/resend-verification', async ({ request }) => {
      bodies.push(await request.json());
      return response();
    }),
  );
  return bodies;
}

describe('Verify email screen (spec 2, 4, 5)', () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a visitor without an email back to /register', async () => {
    const history = renderVerify(null);
    await screen.findByRole('heading', { name: 'Register' });
    expect(history.location().pathname).toBe('/register');
  });

  it('tells how long the code lasts (spec 9: 10 minutes), tied to the code field', () => {
    renderVerify({ email: 'ada@example.com' });
    expect(screen.getByLabelText(authCopy.verificationCode)).toHaveAccessibleDescription(
      expect.stringContaining('The code expires in 10 minutes.'),
    );
  });

  it('forces the code to upper case, cuts it to 6 and enables Verify only at 6', async () => {
    const user = userEvent.setup();
    renderVerify({ email: 'ada@example.com' });
    const input = screen.getByLabelText(authCopy.verificationCode);
    const verify = screen.getByRole('button', { name: authCopy.verifyButton });
    expect(verify).toBeDisabled();
    await user.type(input, 'ab3k');
    expect(input).toHaveValue('AB3K');
    expect(verify).toBeDisabled();
    await user.type(input, 'x9zz');
    expect(input).toHaveValue('AB3KX9');
    expect(verify).toBeEnabled();
  });

  it('resends for real, alerts, then counts down 60 seconds before the next resend', async () => {
    // The cooldown's clock is fake; clicks and the answer keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    const bodies = answerResend(() => HttpResponse.json({ ok: true, message: 'Sent.' }));
    renderVerify({ email: 'ada@example.com' });

    await user.click(screen.getByRole('button', { name: authCopy.resend }));
    const button = await screen.findByRole('button', { name: 'Resend in 60s' });
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
    expect(alert).toHaveBeenCalledWith(flow.resendAlert);
    expect(button).toBeDisabled();
    // The countdown's interval starts in an effect after that render; on a loaded machine it may not be
    // running yet, and a second advanced before it would be lost.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));

    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('Resend in 59s');
    act(() => vi.advanceTimersByTime(59_000));
    expect(button).toHaveTextContent(authCopy.resend);
    expect(button).toBeEnabled();
  });

  it('alerts the spec text when the resend fails, with no cooldown', async () => {
    const user = userEvent.setup();
    answerResend(() => HttpResponse.json({ error: 'Down.' }, { status: 503 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderVerify({ email: 'ada@example.com' });
    await user.click(screen.getByRole('button', { name: authCopy.resend }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(failure.resend));
    expect(screen.getByRole('button', { name: authCopy.resend })).toBeEnabled();
  });
});
