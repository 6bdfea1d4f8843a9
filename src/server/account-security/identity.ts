import { securityError } from '#src/shared/account-security/messages.ts';
import { serverError } from '#src/shared/server-messages.ts';
import type { UserRow } from '#src/server/accounts/users.ts';
import type { GoogleIdentity } from '#src/server/accounts/firebase-token.ts';
import { verifyPassword } from '#src/server/accounts/passwords.ts';
import { HttpError } from '#src/server/http/errors.ts';

export interface Proof {
  password?: string;
  idToken?: string;
}

// product rules U3/U4: turning two-factor sign-in off and deleting the account ask the person to prove
// it is them again: the password, or for an account without one a fresh Google sign-in (the verifier
// refuses a sign-in older than five minutes), which must be the Google account linked to this one.
export async function confirmIdentity(user: UserRow, proof: Proof, verifyGoogle: ((idToken: string) => Promise<GoogleIdentity>) | null) {
  if (user.password_hash) {
    if (proof.password === undefined || !(await verifyPassword(user.password_hash, proof.password))) {
      throw new HttpError(400, securityError.passwordWrong);
    }
    return;
  }
  if (proof.idToken === undefined) throw new HttpError(400, securityError.googleOnlyNeedsGoogle);
  if (!verifyGoogle) throw new HttpError(501, serverError.googleNotConfigured);
  const identity = await verifyGoogle(proof.idToken);
  if (identity.sub !== user.google_sub) throw new HttpError(400, securityError.googleMismatch);
}
