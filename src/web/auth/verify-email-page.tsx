import { useState, type FormEvent } from 'react';
import { Navigate } from '#src/web/routing/links.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { CODE_TTL_MS } from '#src/shared/limits.ts';
import { authCopy, failure, validation } from '#src/shared/account-messages.ts';
import { flow } from '#src/shared/messages.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { AuthCard } from '#src/web/ui/auth-card.tsx';
import { BackLink } from '#src/web/ui/back-link.tsx';
import { textLinkClass } from '#src/web/ui/button-class.ts';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { authActions } from '#src/web/lib/auth-actions.ts';
import { isCompleteCode } from '#src/web/lib/form-rules.ts';
import { CodeField } from './code-field.tsx';
import { useFlowEmail, type LoginState } from './flow-state.ts';
import { useFormProblem } from './use-form-problem.ts';
import { useResendCooldown } from './use-resend-cooldown.ts';

// spec 2: Verify email — needs the email passed from registration, else back to /register.
export default function VerifyEmailPage() {
  const email = useFlowEmail();
  if (!email) return <Navigate to="/register" replace />;
  return <VerifyEmailForm email={email} />;
}

function VerifyEmailForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const cooldown = useResendCooldown();
  const { problem, report, clear } = useFormProblem();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // spec 5: a blank code gets its alert (the button also stays disabled until 6 characters, spec 4).
    if (code === '') return report(validation.codeRequired);
    clear();
    setBusy(true);
    try {
      await authActions.verifyEmail({ email, code });
      const state: LoginState = { message: flow.verifiedCanSignIn, email };
      await navigate('/login', { state });
    } catch (error) {
      // spec 8: verification failures are only logged by the screen.
      console.error('Email verification failed', error);
      setBusy(false);
    }
  }

  // product rules D2: resend is a real call; the spec's alert and 60-second cooldown follow it.
  async function resend() {
    setResending(true);
    try {
      await authActions.resendVerification({ email });
      window.alert(flow.resendAlert);
      cooldown.start();
    } catch (error) {
      console.error('Resend failed', error);
      window.alert(failure.resend);
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      title={authCopy.verifyTitle}
      lead={
        <>
          {authCopy.verifyLead} <strong className="font-semibold break-words text-slate-900">{email}</strong>.
        </>
      }
      back={<BackLink to="/register">{authCopy.backToRegister}</BackLink>}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {/* spec 9: the code's 10-minute lifetime, as on the reset screen. */}
        <CodeField label={authCopy.verificationCode} value={code} onChange={setCode} hint={authCopy.verifyCodeHelp(CODE_TTL_MS / 60_000)} />
        <Button type="submit" className="w-full" disabled={!isCompleteCode(code)} busy={busy} busyLabel={authCopy.busyVerifying}>
          {authCopy.verifyButton}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {authCopy.noCodeYet}{' '}
        <button
          type="button"
          onClick={resend}
          disabled={cooldown.coolingDown || resending}
          className={cn(textLinkClass, 'disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline')}
        >
          {cooldown.coolingDown ? flow.resendIn(cooldown.secondsLeft) : resending ? authCopy.busyResending : authCopy.resend}
        </button>
      </p>
    </AuthCard>
  );
}
