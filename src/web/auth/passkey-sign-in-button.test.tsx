import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { passkeyUi } from '#src/shared/account-security/passkeys.ts';
import { notify } from '#src/web/ui/notify.ts';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
import { signInWithPasskey } from './passkey-sign-in.ts';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('./passkey-sign-in.ts', () => ({
  signInWithPasskey: vi.fn(),
  cancelPasskeyRequest: vi.fn(async () => undefined),
  passkeyDeclined: (error: unknown) => error instanceof Error && error.name === 'NotAllowedError',
}));

const securityError = () => Object.assign(new Error('This is an invalid domain.'), { name: 'SecurityError' });

describe('the Sign In dialog’s passkey button', () => {
  beforeEach(() => vi.clearAllMocks());

  it('says nothing when the browser’s background passkey offer cannot run (an IP address, no passkey)', async () => {
    vi.mocked(signInWithPasskey).mockRejectedValue(securityError());
    render(<PasskeySignInButton onSignedIn={vi.fn()} />);
    await waitFor(() => expect(signInWithPasskey).toHaveBeenCalledWith({ autofill: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('tells the person when the passkey they asked for does not sign them in, and signs in when it does', async () => {
    vi.mocked(signInWithPasskey).mockRejectedValue(securityError());
    const onSignedIn = vi.fn(async () => undefined);
    render(<PasskeySignInButton onSignedIn={onSignedIn} />);
    fireEvent.click(screen.getByRole('button', { name: passkeyUi.signIn }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(passkeyUi.signInFailed));
    expect(onSignedIn).not.toHaveBeenCalled();

    const user = { id: 'u1', name: 'Pia Passkey' };
    vi.mocked(signInWithPasskey).mockResolvedValue({ user } as never);
    fireEvent.click(await screen.findByRole('button', { name: passkeyUi.signIn }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
  });
});
