import { useEffect, useId, useState } from 'react';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import type { GoogleWebConfig } from '#src/shared/accounts/paths.ts';
import { flow, label } from '#src/shared/messages.ts';
import { Button } from '#src/web/ui/button.tsx';
import type { GooglePopup } from '#src/web/lib/google-popup.ts';
import type { SignInRequest } from './flow-state.ts';
import { googleSignInConfig, signInWithGoogle } from './google-sign-in.ts';
import { useSession } from '#src/web/lib/session.tsx';

// Google's four-colour "G", drawn inline (BRAND.md: no third-party image hosts).
function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.7 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c1-2.8 3.6-4.9 6.7-4.9Z" />
    </svg>
  );
}

// spec 2: Continue with Google on Register and in the Sign In dialog; success goes to /dashboard.
// product rules D4: without a Firebase project the button is disabled, says Google sign-in is not
// configured, and makes no call. `popup` is replaceable for tests.
// product rules U2: with two-factor sign-in on, `onSecondStep` takes the second step's token; without
// one (the register page), the Sign In dialog opens on that step.
export function GoogleSignInButton({ popup, onSecondStep }: { popup?: GooglePopup; onSecondStep?: (token: string) => void }) {
  const [config, setConfig] = useState<GoogleWebConfig | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const noteId = useId();

  useEffect(() => {
    let live = true;
    googleSignInConfig()
      .then((value) => live && setConfig(value))
      .catch(() => live && setConfig(null));
    return () => {
      live = false;
    };
  }, []);

  async function start() {
    if (!config) return;
    setBusy(true);
    try {
      const answer = await signInWithGoogle(config, popup);
      if ('secondStep' in answer) {
        setBusy(false);
        if (onSecondStep) onSecondStep(answer.secondStep.token);
        else void navigate('/', { state: { signIn: true, secondStep: answer.secondStep.token } satisfies SignInRequest });
        return;
      }
      signIn(answer.user);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      // spec 8: the auth layer has shown the toast; the screen only logs.
      console.error('Google sign-in failed', error);
      setBusy(false);
    }
  }

  const unconfigured = config === null;
  return (
    <div>
      <Button
        variant="secondary"
        className="w-full"
        onClick={start}
        disabled={config === undefined || unconfigured}
        busy={busy}
        aria-describedby={unconfigured ? noteId : undefined}
      >
        <GoogleMark />
        {label.continueWithGoogle}
      </Button>
      {unconfigured ? (
        <p id={noteId} className="mt-2 text-center text-xs text-slate-600">
          {flow.googleNotConfigured}
        </p>
      ) : null}
    </div>
  );
}
