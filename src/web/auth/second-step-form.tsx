import { useState, type FormEvent } from 'react';
import { secondStepUi, securityError } from '#src/shared/account-security/messages.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import { authActions } from '#src/web/lib/auth-actions.ts';
import { ApiError } from '#src/web/lib/api-client.ts';
import { textLinkClass } from '#src/web/ui/button-class.ts';
import { Button } from '#src/web/ui/button.tsx';
import { TextField } from '#src/web/ui/field.tsx';

// product rules U2: the second step of a sign-in, in the Sign In dialog: a 6-digit code from the
// authenticator app, or a recovery code. The server's sentence is shown in a toast (spec 8); a token
// that expired or was used up sends the person back to the password.
export function SecondStepForm({
  token,
  onSignedIn,
  onRestart,
}: {
  token: string;
  onSignedIn: (user: PublicUser) => void;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const { user } = await authActions.secondStep({ token, code });
      onSignedIn(user);
    } catch (error) {
      console.error('Second sign-in step failed', error);
      setBusy(false);
      setCode('');
      if (error instanceof ApiError && error.message === securityError.secondStepExpired) onRestart();
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={secondStepUi.title}>
      <p className="text-sm text-slate-700">{recovery ? secondStepUi.recoveryLead : secondStepUi.lead}</p>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? secondStepUi.recoveryLabel : secondStepUi.codeLabel}
        name="code"
        required
        // A code field is the only thing to fill in this step.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's focus moves to the one field of the new step
        autoFocus
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        maxLength={recovery ? 11 : 6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputClassName="font-mono tracking-widest"
      />
      <Button type="submit" className="w-full" busy={busy} busyLabel={secondStepUi.verifying}>
        {secondStepUi.verify}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <button
          type="button"
          className={textLinkClass}
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
          }}
        >
          {recovery ? secondStepUi.useApp : secondStepUi.useRecovery}
        </button>
        <button type="button" className={textLinkClass} onClick={onRestart}>
          {secondStepUi.back}
        </button>
      </div>
    </form>
  );
}
