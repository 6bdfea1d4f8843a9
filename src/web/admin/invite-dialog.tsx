import { EMAIL_MAX } from '#src/shared/limits.ts';
import { adminNotice, adminUi } from '#src/shared/admin/messages.ts';
import { AdminInviteSchema } from '#src/shared/admin/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { adminApi } from './admin-api.ts';

// Quick Actions' Add New User (product rules A5): an email inviting someone to apply for the beta.
export function InviteDialog({ open, onOpenChange, onSent }: { open: boolean; onOpenChange: (open: boolean) => void; onSent: () => void }) {
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: AdminInviteSchema,
    defaultValues: { email: '' },
    fallback: adminUi.actionFailed,
    fieldOf: (error) => (error.status === 400 || error.status === 409 ? 'email' : null),
    onSubmit: async ({ email }) => {
      await adminApi.invite(email);
      notify.success(adminNotice.invited(email));
      form.reset();
      onSent();
      onOpenChange(false);
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={adminUi.inviteTitle} description={adminUi.inviteLead}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={adminUi.emailLabel}
          type="email"
          autoComplete="off"
          aria-required
          maxLength={EMAIL_MAX}
          error={errorOf('email')}
          {...form.register('email')}
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
