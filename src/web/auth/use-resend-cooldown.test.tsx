import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flow } from '#src/shared/messages.ts';
import { useResendCooldown } from './use-resend-cooldown.ts';

function ResendButton() {
  const { secondsLeft, coolingDown, start } = useResendCooldown();
  return (
    <button type="button" disabled={coolingDown} onClick={start}>
      {coolingDown ? flow.resendIn(secondsLeft) : 'Resend code'}
    </button>
  );
}

describe('resend cooldown (spec 4)', () => {
  // The cooldown's clock is fake; the click keeps real time.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('counts down from 60 seconds, one second at a time, then allows another resend', async () => {
    render(<ResendButton />);
    const button = screen.getByRole('button');
    expect(button).toBeEnabled();

    await userEvent.click(button);
    expect(button).toHaveTextContent('Resend in 60s');
    expect(button).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('Resend in 59s');

    act(() => vi.advanceTimersByTime(58_000));
    expect(button).toHaveTextContent('Resend in 1s');
    expect(button).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('Resend code');
    expect(button).toBeEnabled();
  });

  it('does not run below zero when left alone', async () => {
    render(<ResendButton />);
    const button = screen.getByRole('button');
    await userEvent.click(button);
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(button).toHaveTextContent('Resend code');
  });
});
