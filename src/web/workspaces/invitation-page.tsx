import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { label } from '#src/shared/messages.ts';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { InvitationTokenSchema } from '#src/shared/workspaces/schemas.ts';
import { type InvitationPreviewResponse } from '#src/shared/workspaces/paths.ts';
import { ApiError, problemText } from '#src/web/lib/api-client.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { myWorkspacesApi } from '#src/web/lib/my-workspaces-api.ts';
import { workspacesApi } from './workspaces-api.ts';
import { Link } from '#src/web/routing/links.tsx';
import { useLocation, useNavigate } from '#src/web/routing/router-context.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { AuthCard } from '#src/web/ui/auth-card.tsx';
import { BackLink } from '#src/web/ui/back-link.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { pendingInvitation, type ResumeState } from '#src/web/lib/pending-invitation.ts';

type Preview = InvitationPreviewResponse['invitation'];
type Lookup = { token: string } & (
  { state: 'checking' } | { state: 'invalid' } | { state: 'failed'; message: string } | { state: 'found'; preview: Preview }
);

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// The page an invitation email links to (`/invitations#<token>`). The token stays in the
// fragment, which browsers never send to a server; the page posts it to look the invitation up.
export default function InvitationPage() {
  const location = useLocation();
  const token = location.hash.slice(1);
  const resuming = (location.state as Partial<ResumeState> | null)?.resumeInvitation === true;
  const valid = InvitationTokenSchema.safeParse({ token }).success;
  const [lookup, setLookup] = useState<Lookup>({ token, state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!valid) return;
    let active = true;
    workspacesApi.lookupInvitation(token).then(
      ({ invitation }) => active && setLookup({ token, state: 'found', preview: invitation }),
      (error: unknown) => {
        if (!active) return;
        // A link that is unknown, expired, used or revoked reads the same: one clear message.
        const gone = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
        setLookup(gone ? { token, state: 'invalid' } : { token, state: 'failed', message: problemText(error, workspaceUi.lookupFailed) });
      },
    );
    return () => {
      active = false;
    };
  }, [token, valid, attempt]);

  // A look-up for an earlier link (or an earlier attempt) still under way reads as checking.
  const shown: Lookup = !valid ? { token, state: 'invalid' } : lookup.token === token ? lookup : { token, state: 'checking' };

  let content;
  if (shown.state === 'invalid') {
    content = <InvalidInvitation />;
  } else if (shown.state === 'checking') {
    content = <GenericLoader text={workspaceUi.checkingInvitation} />;
  } else if (shown.state === 'failed') {
    content = (
      <div className="space-y-4">
        <Alert tone="error">{shown.message}</Alert>
        <Button
          variant="secondary"
          onClick={() => {
            setLookup({ token, state: 'checking' });
            setAttempt((n) => n + 1);
          }}
        >
          {workspaceUi.tryAgain}
        </Button>
      </div>
    );
  } else {
    content = <InvitationFound token={token} preview={shown.preview} resuming={resuming} />;
  }

  const title = shown.state === 'found' ? workspaceUi.joinTitle(shown.preview.workspaceName) : workspaceUi.invitationTitle;
  return (
    <AuthCard title={title} back={<BackLink to="/">{label.backToHome}</BackLink>}>
      {content}
    </AuthCard>
  );
}

function InvalidInvitation() {
  const { status } = useSession();
  // A dead link is not taken up again after signing in.
  useEffect(() => pendingInvitation.clear(), []);
  return (
    <div className="space-y-4">
      <Alert tone="error">{workspaceUi.invalidInvitation}</Alert>
      {/* A guest has the way back to the home page above. */}
      {status === 'authenticated' ? (
        <Link to="/dashboard" className={cn(buttonClass('primary'), 'w-full')}>
          {workspaceUi.goToDashboard}
        </Link>
      ) : null}
    </div>
  );
}

function InvitationFound({ token, preview, resuming }: { token: string; preview: Preview; resuming: boolean }) {
  const { status, user, signOut } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const autoAccepted = useRef(false);
  const invitedHere = user !== null && sameEmail(user.email, preview.email);

  async function accept() {
    setBusy(true);
    setProblem(null);
    try {
      const accepted = await workspacesApi.acceptInvitation(token);
      pendingInvitation.clear();
      // A client's contact joins the client portal, not the workspace.
      if (accepted.portal) {
        await navigate('/portal', { replace: true });
        return;
      }
      const { workspace } = accepted;
      // Joined: the workspace becomes the one the app opens.
      await myWorkspacesApi.open(workspace.id).catch(() => undefined);
      pendingInvitation.clear();
      notify.success(workspaceUi.joinedToast(workspace.name));
      await navigate('/dashboard', { replace: true });
    } catch (error) {
      setProblem(problemText(error, workspaceUi.acceptFailed));
      setBusy(false);
    }
  }

  // Coming back after signing in: the person already chose to accept by following the link.
  const acceptOnReturn = useEffectEvent(() => void accept());
  useEffect(() => {
    if (!resuming || !invitedHere || autoAccepted.current) return;
    autoAccepted.current = true;
    acceptOnReturn();
  }, [resuming, invitedHere]);

  // Kept for this tab, so signing in (or registering and verifying) brings the person back here.
  useEffect(() => {
    if (status === 'unauthenticated') pendingInvitation.set(token);
  }, [status, token]);

  const lead = <p className="text-sm text-slate-600">{workspaceUi.invitedBy(preview.invitedBy, preview.email)}</p>;

  if (status === 'loading') return <GenericLoader />;

  if (status === 'unauthenticated') {
    return (
      <div className="space-y-4">
        {lead}
        <Alert tone="info">{workspaceUi.signInToAccept}</Alert>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to="/login" state={{ email: preview.email }} className={cn(buttonClass('primary'), 'flex-1')}>
            {label.signIn}
          </Link>
          <Link to="/register" state={{ email: preview.email }} className={cn(buttonClass('secondary'), 'flex-1')}>
            {label.createAccount}
          </Link>
        </div>
      </div>
    );
  }

  if (!invitedHere) {
    return (
      <div className="space-y-4">
        {lead}
        <Alert tone="error">{workspaceUi.otherAccount(user?.email ?? '', preview.email)}</Alert>
        <Button
          className="w-full"
          onClick={() => {
            pendingInvitation.set(token);
            void signOut();
          }}
        >
          {workspaceUi.signOutToSwitch}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {lead}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Button className="w-full" busy={busy} busyLabel={workspaceUi.accepting} onClick={() => void accept()}>
        {workspaceUi.accept}
      </Button>
    </div>
  );
}
