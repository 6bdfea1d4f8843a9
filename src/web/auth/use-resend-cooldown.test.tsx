import { act, render, screen } from '@testing-library/react';
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
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down from 60 seconds, one second at a time, then allows another resend', () => {
    render(<ResendButton />);
    const button = screen.getByRole('button');
    expect(button).toHaveProperty('disabled', false);

    act(() => button.click());
    expect(button.textContent).toBe('Resend in 60s');
    expect(button).toHaveProperty('disabled', true);

    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Resend in 59s');

    act(() => vi.advanceTimersByTime(58_000));
    expect(button.textContent).toBe('Resend in 1s');
    expect(button).toHaveProperty('disabled', true);

    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Resend code');
    expect(button).toHaveProperty('disabled', false);
  });

  it('does not run below zero when left alone', () => {
    render(<ResendButton />);
    const button = screen.getByRole('button');
    act(() => button.click());
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(button.textContent).toBe('Resend code');
  });
});
