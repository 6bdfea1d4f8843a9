import { useState, type FormEvent } from 'react';
import { Link } from '#src/web/routing/links.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { authCopy } from '#src/shared/account-messages.ts';
import { label } from '#src/shared/messages.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { AuthCard } from '#src/web/ui/auth-card.tsx';
import { BackLink } from '#src/web/ui/back-link.tsx';
import { textLinkClass } from '#src/web/ui/button-class.ts';
import { Button } from '#src/web/ui/button.tsx';
import { PasswordField, TextField } from '#src/web/ui/field.tsx';
import { OrDivider } from '#src/web/ui/or-divider.tsx';
import { authActions } from '#src/web/lib/auth-actions.ts';
import { registerBody, registerProblem } from '#src/web/lib/form-rules.ts';
import { useFlowEmail, type EmailState } from './flow-state.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { useFormProblem } from './use-form-problem.ts';

// spec 2: Register — Full Name, Email Address, Password, Confirm Password; Create Account, Continue with
// Google; links to /login and Back to Home.
export default function RegisterPage() {
  const navigate = useNavigate();
  // An invitation link hands over the invited address, so the account it creates is the invited one.
  const invitedEmail = useFlowEmail();
  const [form, setForm] = useState({ name: '', email: invitedEmail ?? '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const { problem, report, clear } = useFormProblem();
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = registerProblem(form);
    if (found) return report(found);
    clear();
    setBusy(true);
    const body = registerBody(form);
    try {
      await authActions.register(body);
      const state: EmailState = { email: body.email };
      await navigate('/verify-email', { state });
    } catch (error) {
      // spec 8: register failures are only logged by the screen; the toast comes from the auth layer.
      console.error('Registration failed', error);
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={authCopy.registerTitle}
      lead={authCopy.registerLead}
      back={<BackLink to="/">{label.backToHome}</BackLink>}
      footer={
        <>
          {authCopy.haveAccount}{' '}
          <Link to="/login" className={textLinkClass}>
            {label.signIn}
          </Link>
        </>
      }
    >
      {/* spec 5 sets the order of the checks, so the browser's own field checks stay out of the way. */}
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField label={label.fullName} name="name" autoComplete="name" aria-required value={form.name} onChange={set('name')} />
        <TextField
          label={label.emailAddress}
          type="email"
          name="email"
          autoComplete="email"
          aria-required
          value={form.email}
          onChange={set('email')}
        />
        <PasswordField
          label={label.password}
          name="password"
          autoComplete="new-password"
          aria-required
          value={form.password}
          onChange={set('password')}
        />
        <PasswordField
          label={label.confirmPassword}
          name="confirmPassword"
          autoComplete="new-password"
          aria-required
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <Button type="submit" className="w-full" busy={busy} busyLabel={authCopy.busyCreating}>
          {label.createAccount}
        </Button>
      </form>
      <OrDivider />
      <GoogleSignInButton />
    </AuthCard>
  );
}
