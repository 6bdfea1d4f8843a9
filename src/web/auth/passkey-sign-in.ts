import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { passkeyPaths, type PasskeyOptionsResponse } from '#src/shared/account-security/passkeys.ts';
import type { SecondStepResponse } from '#src/shared/account-security/paths.ts';
import type { UserResponse } from '#src/shared/accounts/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

// product rules U7: sign in with a passkey, by the button or by the browser's autofill in the email
// field (conditional mediation). The WebAuthn library loads only here, after the dialog opened.
export async function signInWithPasskey({ autofill }: { autofill: boolean }): Promise<UserResponse | SecondStepResponse | null> {
  const { startAuthentication, browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn() || (autofill && !(await browserSupportsWebAuthnAutofill()))) return null;
  const { options, challengeId } = await api<PasskeyOptionsResponse>('POST', passkeyPaths.signInOptions, {});
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
  return api<UserResponse | SecondStepResponse>('POST', passkeyPaths.signIn, { challengeId, response });
}

// The person cancelled, the request timed out, or another ceremony replaced this one: nothing to say.
export const passkeyDeclined = (error: unknown) =>
  error instanceof Error && ['NotAllowedError', 'AbortError'].includes(error.name || (error.cause as Error | undefined)?.name || '');

export async function cancelPasskeyRequest(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
}
