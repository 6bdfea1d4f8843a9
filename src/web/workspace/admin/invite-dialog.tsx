import { useState } from 'react';
import { EMAIL_MAX } from '#src/shared/limits.ts';
import { adminNotice, adminUi } from '#src/shared/admin-messages.ts';
import { problemText } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { adminApi } from './admin-api.ts';

// Quick Actions' Add New User (product rules A5): an email inviting someone to apply for the beta.
export function InviteDialog({ open, onOpenChange, onSent }: { open: boolean; onOpenChange: (open: boolean) => void; onSent: () => void }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send() {
    setBusy(true);
    setProblem(null);
    try {
      await adminApi.invite(email);
      notify.success(adminNotice.invited(email.trim()));
      setEmail('');
      onSent();
      onOpenChange(false);
    } catch (error) {
      setProblem(problemText(error, adminUi.actionFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={adminUi.inviteTitle} description={adminUi.inviteLead}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={adminUi.emailLabel}
          type="email"
          autoComplete="off"
          required
          maxLength={EMAIL_MAX}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            {adminUi.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={adminUi.sending}>
            {adminUi.send}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
