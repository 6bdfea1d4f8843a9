import { notify } from '#src/web/ui/notify.ts';
import type { SecondStepResponse } from '#src/shared/account-security/paths.ts';
import { apiPath, type GoogleWebConfig, type PublicConfig, type UserResponse } from '#src/shared/accounts/paths.ts';
import { failure } from '#src/shared/account-messages.ts';
import { success } from '#src/shared/messages.ts';
import { api, ApiError } from '#src/web/lib/api-client.ts';
import { firebaseGooglePopup, type GooglePopup } from '#src/web/lib/google-popup.ts';

let config: Promise<PublicConfig> | null = null;

// product rules D5: public settings come from the server at run time, so one build runs anywhere.
export function loadPublicConfig(): Promise<PublicConfig> {
  config ??= api<PublicConfig>('GET', apiPath.config).catch((error: unknown) => {
    config = null;
    throw error;
  });
  return config;
}

export async function googleSignInConfig(): Promise<GoogleWebConfig | null> {
  return (await loadPublicConfig()).googleSignIn;
}

// spec 4 and 8, product rules D4: the popup gives an ID token; only the server's check of it signs in.
// product rules U2: an account with two-factor sign-in on answers its second step instead of the user.
export async function signInWithGoogle(
  googleConfig: GoogleWebConfig,
  popup: GooglePopup = firebaseGooglePopup,
): Promise<UserResponse | SecondStepResponse> {
  let identity;
  try {
    identity = await popup(googleConfig);
  } catch (error) {
    notify.error(failure.googlePopup);
    throw error;
  }
  try {
    const answer = await api<UserResponse | SecondStepResponse>('POST', apiPath.firebaseAuth, identity, failure.providerSync);
    if ('user' in answer) notify.success(success.google);
    return answer;
  } catch (error) {
    notify.error(error instanceof ApiError ? error.message : failure.providerSync);
    throw error;
  }
}
