import { useState, type FormEvent } from 'react';
import { workspaceCopy } from '#src/shared/messages.ts';
import { workspaceUi } from '#src/shared/workspace-messages.ts';
import { EMAIL_MAX } from '#src/shared/limits.ts';
import { InviteSchema } from '#src/shared/workspaces.ts';
import { workspacesApi } from '#src/web/lib/workspaces-api.ts';
import { problemText, useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { firstIssue } from './first-issue.ts';

// Issue 15: Invite (switcher) and Send Invite (rail) — an owner emails a teammate a link that joins
// them to the current workspace. A member is told who can.
export function InviteDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  // The settings page lists pending invitations and reloads them.
  onInvited?: () => void;
}) {
  const { current, status, error: loadError } = useWorkspaces();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setEmail('');
      setProblem(null);
      setSentTo(null);
    }
    onOpenChange(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current) return;
    const parsed = InviteSchema.safeParse({ email });
    if (!parsed.success) return setProblem(firstIssue(parsed.error));
    setProblem(null);
    setSentTo(null);
    setBusy(true);
    try {
      await workspacesApi.invite(current.id, parsed.data.email);
      notify.success(workspaceUi.invited(parsed.data.email));
      // The dialog stays open for the next address, with the last one confirmed.
      setSentTo(parsed.data.email);
      setEmail('');
      onInvited?.();
    } catch (failure) {
      setProblem(problemText(failure, workspaceUi.inviteFailed));
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (!current) {
    body = status === 'error' ? <Alert tone="error">{loadError || workspaceUi.loadFailed}</Alert> : <GenericLoader />;
  } else if (current.role !== 'owner') {
    body = (
      <div className="space-y-4">
        <Alert tone="info">{workspaceUi.ownersOnlyInvite}</Alert>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => change(false)}>
            {workspaceUi.close}
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {sentTo ? <Alert tone="success">{workspaceUi.invited(sentTo)}</Alert> : null}
        <TextField
          label={workspaceUi.emailLabel}
          type="email"
          name="invite-email"
          autoComplete="off"
          maxLength={EMAIL_MAX}
          aria-required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)} disabled={busy}>
            {workspaceUi.close}
          </Button>
          <Button type="submit" busy={busy} busyLabel={workspaceUi.sending}>
            {workspaceUi.sendButton}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={current ? workspaceUi.inviteTitle(current.name) : workspaceCopy.invite}
      description={current?.role === 'owner' ? workspaceUi.inviteLead : undefined}
    >
      {body}
    </Dialog>
  );
}
