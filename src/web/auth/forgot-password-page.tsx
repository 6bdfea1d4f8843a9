import { useState, type FormEvent } from 'react';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { authCopy, validation } from '#src/shared/account-messages.ts';
import { label } from '#src/shared/messages.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { AuthCard } from '#src/web/ui/auth-card.tsx';
import { BackLink } from '#src/web/ui/back-link.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { authActions } from '#src/web/lib/auth-actions.ts';
import type { EmailState } from './flow-state.ts';
import { useFormProblem } from './use-form-problem.ts';

// spec 2: Forgot password — one email field, Send Reset Code, back link to /login.
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { problem, report, clear } = useFormProblem();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = email.trim();
    // spec 5: a blank email gets the alert.
    if (typed === '') return report(validation.forgotEmailRequired);
    clear();
    setBusy(true);
    try {
      await authActions.forgotPassword({ email: typed });
      const state: EmailState = { email: typed };
      await navigate('/reset-password', { state });
    } catch (error) {
      // spec 8: forgot-password failures are only logged by the screen.
      console.error('Forgot password failed', error);
      setBusy(false);
    }
  }

  return (
    <AuthCard title={authCopy.forgotTitle} lead={authCopy.forgotLead} back={<BackLink to="/login">{authCopy.backToSignIn}</BackLink>}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={label.emailAddress}
          type="email"
          name="email"
          autoComplete="email"
          aria-required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" className="w-full" busy={busy} busyLabel={authCopy.busySending}>
          {label.sendResetCode}
        </Button>
      </form>
    </AuthCard>
  );
}
