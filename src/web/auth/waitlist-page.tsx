import { useState } from 'react';
import { apiPath, type CurrentUserResponse } from '#src/shared/accounts/paths.ts';
import { waitlistCopy } from '#src/shared/admin/messages.ts';
import { api } from '#src/web/lib/api-client.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { AuthCard } from '#src/web/ui/auth-card.tsx';
import { Button } from '#src/web/ui/button.tsx';

// product rules A3: a verified applicant who signs in while the beta asks for approval lands here, and
// nowhere else, until an admin approves them (the approval email says so too).
export default function WaitlistPage() {
  const { user, replaceUser, signOut } = useSession();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillWaiting, setStillWaiting] = useState(false);

  async function check() {
    setChecking(true);
    setStillWaiting(false);
    try {
      const answer = await api<CurrentUserResponse>('GET', apiPath.currentUser);
      if (!answer.user) return void (await signOut());
      replaceUser(answer.user);
      if (answer.user.awaitingApproval) setStillWaiting(true);
      else await navigate('/dashboard', { replace: true });
    } finally {
      setChecking(false);
    }
  }

  return (
    <AuthCard title={waitlistCopy.title} lead={waitlistCopy.lead}>
      <div className="space-y-4">
        {user ? <p className="text-sm text-slate-700">{waitlistCopy.signedInAs(user.email)}</p> : null}
        {stillWaiting ? <Alert tone="info">{waitlistCopy.stillWaiting}</Alert> : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button busy={checking} busyLabel={waitlistCopy.checking} onClick={() => void check()}>
            {waitlistCopy.check}
          </Button>
          <Button variant="secondary" onClick={() => void signOut()}>
            {waitlistCopy.signOut}
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
