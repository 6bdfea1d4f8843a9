import { useState } from 'react';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { EMAIL_MAX } from '#src/shared/limits.ts';
import { InviteSchema } from '#src/shared/workspaces/schemas.ts';
import { workspacesApi } from './workspaces-api.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';

// Invite (switcher) and Send Invite (rail) — an owner emails a teammate a link that joins
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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: InviteSchema,
    defaultValues: { email: '' },
    fallback: workspaceUi.inviteFailed,
    // Already a member, already invited, an address refused: about the address.
    fieldOf: (failure) => (failure.status === 400 || failure.status === 409 ? 'email' : null),
    onSubmit: async ({ email }) => {
      if (!current) return;
      setSentTo(null);
      await workspacesApi.invite(current.id, email);
      notify.success(workspaceUi.invited(email));
      // The dialog stays open for the next address, with the last one confirmed.
      setSentTo(email);
      form.reset();
      onInvited?.();
    },
  });

  const change = (next: boolean) => {
    if (busy) return;
    if (!next) {
      form.reset();
      setSentTo(null);
    }
    onOpenChange(next);
  };

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
          autoComplete="off"
          maxLength={EMAIL_MAX}
          aria-required
          error={errorOf('email')}
          {...form.register('email')}
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
