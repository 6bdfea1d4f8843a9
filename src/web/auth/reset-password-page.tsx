import { useState, type FormEvent } from 'react';
import { Link, Navigate } from '#src/web/routing/links.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { CODE_TTL_MS } from '#src/shared/limits.ts';
import { authCopy, validation } from '#src/shared/account-messages.ts';
import { flow, label } from '#src/shared/messages.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { AuthCard } from '#src/web/ui/auth-card.tsx';
import { BackLink } from '#src/web/ui/back-link.tsx';
import { textLinkClass } from '#src/web/ui/button-class.ts';
import { Button } from '#src/web/ui/button.tsx';
import { PasswordField } from '#src/web/ui/field.tsx';
import { authActions } from '#src/web/lib/auth-actions.ts';
import { isCompleteCode, resetProblem } from '#src/web/lib/form-rules.ts';
import { CodeField } from './code-field.tsx';
import { useFlowEmail, type LoginState } from './flow-state.ts';
import { useFormProblem } from './use-form-problem.ts';

// spec 2: Reset password — without a passed email it goes back to /forgot-password.
export default function ResetPasswordPage() {
  const email = useFlowEmail();
  if (!email) return <Navigate to="/forgot-password" replace />;
  return <ResetPasswordForm email={email} />;
}

function ResetPasswordForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [form, setForm] = useState({ code: '', newPassword: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const { problem, report, clear } = useFormProblem();
  const found = resetProblem(form);
  // spec 4: submit is disabled unless the code is exactly 6 and the password rules hold.
  const ready = isCompleteCode(form.code) && found === null;
  // Why the button is disabled, said under the confirm field once both passwords are typed.
  const mismatch = form.confirmPassword !== '' && form.newPassword !== form.confirmPassword ? validation.passwordsDiffer : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // spec 5: mismatch, then length, then a blank code.
    if (found) return report(found);
    clear();
    setBusy(true);
    try {
      await authActions.resetPassword({ email, code: form.code, newPassword: form.newPassword });
      const state: LoginState = { message: flow.resetCanSignIn, email };
      await navigate('/login', { state });
    } catch (error) {
      // spec 8: reset failures are only logged by the screen.
      console.error('Password reset failed', error);
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={authCopy.resetTitle}
      lead={
        <>
          {authCopy.resetLead} <strong className="font-semibold break-words text-slate-900">{email}</strong>.
        </>
      }
      back={<BackLink to="/forgot-password">{authCopy.backToForgot}</BackLink>}
      footer={
        <>
          {authCopy.rememberPassword}{' '}
          <Link to="/login" className={textLinkClass}>
            {label.signIn}
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <CodeField
          label={authCopy.resetCode}
          value={form.code}
          onChange={(code) => setForm((current) => ({ ...current, code }))}
          hint={authCopy.codeHelp(CODE_TTL_MS / 60_000)}
        />
        <PasswordField
          label={authCopy.newPassword}
          name="newPassword"
          autoComplete="new-password"
          aria-required
          hint={validation.passwordHelp}
          value={form.newPassword}
          onChange={(event) => setForm((current) => ({ ...current, newPassword: event.target.value }))}
        />
        <PasswordField
          label={authCopy.confirmNewPassword}
          name="confirmPassword"
          autoComplete="new-password"
          aria-required
          error={mismatch}
          value={form.confirmPassword}
          onChange={(event) => setForm((current) => ({ ...current, confirmPassword: event.target.value }))}
        />
        <Button type="submit" className="w-full" disabled={!ready} busy={busy} busyLabel={flow.busyResetting}>
          {authCopy.resetButton}
        </Button>
      </form>
    </AuthCard>
  );
}
