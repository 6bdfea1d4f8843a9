import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authCopy, failure, flow } from '#src/shared/messages.ts';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider, useLocation } from '#src/web/routing/router-context.tsx';
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

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('Verify email screen (spec 2, 4, 5)', () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a visitor without an email back to /register', async () => {
    const history = renderVerify(null);
    await screen.findByRole('heading', { name: 'Register' });
    expect(history.location().pathname).toBe('/register');
  });

  it('tells how long the code lasts (spec 9: 10 minutes), tied to the code field', () => {
    renderVerify({ email: 'ada@example.com' });
    const input = screen.getByLabelText(authCopy.verificationCode);
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    const help = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(help?.textContent).toContain('The code expires in 10 minutes.');
  });

  it('forces the code to upper case, cuts it to 6 and enables Verify only at 6', () => {
    renderVerify({ email: 'ada@example.com' });
    const input = screen.getByLabelText(authCopy.verificationCode) as HTMLInputElement;
    const verify = screen.getByRole('button', { name: authCopy.verifyButton }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'ab3k' } });
    expect(input.value).toBe('AB3K');
    expect(verify.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'ab3kx9zz' } });
    expect(input.value).toBe('AB3KX9');
    expect(verify.disabled).toBe(false);
  });

  it('resends for real, alerts, then counts down 60 seconds before the next resend', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => answer(200, { ok: true, message: 'Sent.' }));
    vi.stubGlobal('fetch', fetch);
    renderVerify({ email: 'ada@example.com' });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: authCopy.resend })));
    expect(fetch).toHaveBeenCalledWith(
      '/api/resend-verification',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'ada@example.com' }) }),
    );
    expect(alert).toHaveBeenCalledWith(flow.resendAlert);
    const button = screen.getByRole('button', { name: 'Resend in 60s' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Resend in 59s');
    act(() => vi.advanceTimersByTime(59_000));
    expect(button.textContent).toBe(authCopy.resend);
    expect(button.disabled).toBe(false);
  });

  it('alerts the spec text when the resend fails, with no cooldown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(503, { error: 'Down.' })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderVerify({ email: 'ada@example.com' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: authCopy.resend })));
    expect(alert).toHaveBeenCalledWith(failure.resend);
    expect((screen.getByRole('button', { name: authCopy.resend }) as HTMLButtonElement).disabled).toBe(false);
  });
});
