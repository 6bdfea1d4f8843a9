import { Download } from 'lucide-react';
import { useState } from 'react';
import { securityUi } from '#src/shared/account-security-messages.ts';
import { accountSecurityApi } from '#src/web/lib/account-security-api.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';
import { Button } from '#src/web/ui/button.tsx';
import { PasswordField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { ConfirmDialog } from '#src/web/workspace/workspaces/confirm-dialog.tsx';
import { SecuritySection } from './security-section.tsx';

// product rules U4: the export is a plain download (the server names the file); no script holds the data.
export function ExportSection() {
  return (
    <SecuritySection
      id="security-export"
      title={securityUi.exportTitle}
      lead={securityUi.exportLead}
      action={
        <a href={accountSecurityApi.exportUrl} download className={`${buttonClass('secondary')} shrink-0`}>
          <Download className="size-4" aria-hidden="true" />
          {securityUi.exportButton}
        </a>
      }
    />
  );
}

// product rules U5: deleting the account asks for the password (or a fresh Google sign-in), says what
// happens to sole and shared workspaces, and shows the server's refusal (a workspace to hand over) in place.
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const { signOut } = useSession();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');

  const close = (open: boolean) => {
    if (open) return;
    setAsking(false);
    setPassword('');
  };

  return (
    <SecuritySection
      id="security-delete"
      danger
      title={securityUi.dangerTitle}
      lead={securityUi.dangerLead}
      action={
        <Button variant="danger" className="shrink-0" onClick={() => setAsking(true)}>
          {securityUi.deleteButton}
        </Button>
      }
    >
      <ConfirmDialog
        open={asking}
        onOpenChange={close}
        title={securityUi.deleteTitle}
        description={`${securityUi.deleteLead} ${hasPassword ? securityUi.deletePasswordLead : securityUi.deleteGoogleLead}`}
        confirmLabel={hasPassword ? securityUi.deleteConfirm : securityUi.deleteWithGoogle}
        busyLabel={securityUi.deleting}
        fallback={securityUi.loadFailed}
        disabled={hasPassword && password === ''}
        onConfirm={async () => {
          await accountSecurityApi.deleteAccount(hasPassword ? { password } : await accountSecurityApi.googleProof());
          notify.success(securityUi.deleted);
          await signOut();
        }}
      >
        {hasPassword ? (
          <PasswordField
            label={securityUi.passwordLabel}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : null}
      </ConfirmDialog>
    </SecuritySection>
  );
}
