import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { passkeyUi } from '#src/shared/account-security/passkeys.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Button } from '#src/web/ui/button.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { cancelPasskeyRequest, passkeyDeclined, signInWithPasskey } from './passkey-sign-in.ts';

// The Sign In dialog's passkey way in: a button, and the browser's own offer of passkeys in the email
// field while the dialog is open. A passkey is both factors, so it signs straight in.
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (user: PublicUser) => Promise<void> }) {
  const [busy, setBusy] = useState(false);

  // Resolves false when no sign-in came of it.
  async function attempt(autofill: boolean): Promise<boolean> {
    try {
      const answer = await signInWithPasskey({ autofill });
      if (answer && 'user' in answer) {
        await onSignedIn(answer.user);
        return true;
      }
    } catch (error) {
      // The autofill offer runs unasked, in the background: where the browser cannot make it (another
      // kind of address, no passkey here) or it is closed with the dialog, it says nothing.
      if (!autofill && !passkeyDeclined(error)) notify.error(problemText(error, passkeyUi.signInFailed));
    }
    return false;
  }

  useEffect(() => {
    void attempt(true);
    return () => void cancelPasskeyRequest();
    // Once per opening of the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Button
      variant="secondary"
      className="mt-3 w-full"
      busy={busy}
      busyLabel={passkeyUi.signingIn}
      onClick={async () => {
        setBusy(true);
        if (!(await attempt(false))) setBusy(false);
      }}
    >
      <KeyRound aria-hidden className="size-4" />
      {passkeyUi.signIn}
    </Button>
  );
}
