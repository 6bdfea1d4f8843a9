import { useState, type FormEvent } from 'react';
import { Link } from '#src/web/routing/links.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { secondStepUi } from '#src/shared/account-security/messages.ts';
import { authCopy } from '#src/shared/account-messages.ts';
import { label } from '#src/shared/messages.ts';
import { adminError } from '#src/shared/admin/messages.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { textLinkClass } from '#src/web/ui/button-class.ts';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { PasswordField, TextField } from '#src/web/ui/field.tsx';
import { OrDivider } from '#src/web/ui/or-divider.tsx';
import { ApiError } from '#src/web/lib/api-client.ts';
import { authActions } from '#src/web/lib/auth-actions.ts';
import type { EmailState } from './flow-state.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
import { SecondStepForm } from './second-step-form.tsx';
import { LAST_EMAIL_KEY, useSession } from '#src/web/lib/session.tsx';

function lastEmail(): string {
  try {
    return localStorage.getItem(LAST_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

// product rules D1: the sign-in form is a dialog on the landing page, opened by /login or the nav's
// Sign In, showing any message passed along (e.g. after verifying an email).
export default function SignInDialog({
  open,
  message,
  email: passedEmail,
  secondStep: passedSecondStep,
  onClose,
}: {
  open: boolean;
  message?: string;
  email?: string;
  // product rules U2: a Google sign-in begun elsewhere (the register page) that needs its second step.
  secondStep?: string;
  onClose: () => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => passedEmail ?? lastEmail());
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<string | null>(passedSecondStep ?? null);

  async function signedIn(user: PublicUser) {
    // spec 4: login success sets the user; then the dashboard.
    session.signIn(user);
    await navigate('/dashboard', { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setUnverifiedEmail(null);
    const typedEmail = email.trim();
    try {
      const answer = await authActions.login({ email: typedEmail, password });
      if ('secondStep' in answer) {
        setSecondStep(answer.secondStep.token);
        setPassword('');
        setBusy(false);
        return;
      }
      await signedIn(answer.user);
    } catch (error) {
      // spec 8: the auth layer has shown the server's words in a toast; the screen only logs.
      console.error('Sign in failed', error);
      // product rules D3: an unverified account is offered the way to verify. A suspended account or a
      // declined application (product rules A2, A3) is a 403 too, with only the toast's words. Compared
      // with these, not with serverError.unverified: that object would join the landing page's first load.
      const standing: string[] = [adminError.suspended, adminError.declined];
      if (error instanceof ApiError && error.status === 403 && !standing.includes(error.message)) setUnverifiedEmail(typedEmail);
      setBusy(false);
    }
  }

  function goVerify() {
    const state: EmailState = { email: unverifiedEmail ?? email.trim() };
    void navigate('/verify-email', { state });
  }

  if (secondStep) {
    return (
      <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={secondStepUi.title}>
        <SecondStepForm token={secondStep} onSignedIn={signedIn} onRestart={() => setSecondStep(null)} />
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={label.signIn} description={authCopy.signInLead}>
      {message ? (
        <Alert tone="success" className="mb-5">
          {message}
        </Alert>
      ) : null}
      {unverifiedEmail ? (
        <Alert tone="info" className="mb-5">
          <p>{authCopy.unverifiedOffer}</p>
          <button type="button" onClick={goVerify} className={cn(textLinkClass, 'mt-1.5')}>
            {authCopy.goVerify}
          </button>
        </Alert>
      ) : null}
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label={label.emailAddress}
          type="email"
          name="email"
          // "webauthn": the browser may offer this site's passkeys here (conditional mediation).
          autoComplete="email webauthn"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div>
          <PasswordField
            label={label.password}
            name="password"
            autoComplete="current-password"
            required
            // With the email already filled in, the dialog opens on the password.
            // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus to its first field to fill; this is that field
            autoFocus={email !== ''}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className={textLinkClass}>
              {authCopy.forgotPasswordLink}
            </Link>
          </div>
        </div>
        <Button type="submit" className="w-full" busy={busy} busyLabel={authCopy.busySigningIn}>
          {label.signIn}
        </Button>
      </form>
      <OrDivider />
      <GoogleSignInButton onSecondStep={setSecondStep} />
      <PasskeySignInButton onSignedIn={signedIn} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {authCopy.noAccount}{' '}
        <Link to="/register" className={textLinkClass}>
          {authCopy.applyForBeta}
        </Link>
      </p>
    </Dialog>
  );
}
