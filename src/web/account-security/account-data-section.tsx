import { Download } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { securityUi } from '#src/shared/account-security/messages.ts';
import type { AccountExportInfo } from '#src/shared/account-security/paths.ts';
import { accountSecurityApi, accountSecurityKeys } from './account-security-api.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { RetryAlert } from '#src/web/ui/alert.tsx';
import { LoadingLine } from '#src/web/ui/loaders.tsx';
import { Spinner } from '#src/web/ui/spinner.tsx';
import { useSession } from '#src/web/lib/session.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';
import { Button } from '#src/web/ui/button.tsx';
import { PasswordField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { SecuritySection } from './security-section.tsx';

// While an export is being made, the tab looks again this often, so it shows the moment it is ready.
const PENDING_REFRESH_MS = 3000;

function ExportRow({ item }: { item: AccountExportInfo }) {
  if (item.status === 'pending')
    return (
      <li className="flex items-center gap-2 text-slate-700">
        <Spinner size="sm" decorative />
        {securityUi.exportPending}
      </li>
    );
  if (item.status === 'failed') return <li className="text-red-700">{securityUi.exportFailed}</li>;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3">
      <span className="text-slate-700">{securityUi.exportReady(formatDateTime(item.expiresAt!))}</span>
      <a href={accountSecurityApi.exportDownloadUrl(item.id)} download className={`${buttonClass('secondary')} px-3 py-1.5`}>
        <Download className="size-4" aria-hidden="true" />
        {securityUi.exportDownload}
      </a>
    </li>
  );
}

// product rules U4: the export is made in the background; this asks for one, shows it being made, and
// offers the download once it is ready (an email says so too), until it expires.
export function ExportSection() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: accountSecurityKeys.exports,
    queryFn: accountSecurityApi.exports,
    refetchInterval: (query) => (query.state.data?.exports.some((item) => item.status === 'pending') ? PENDING_REFRESH_MS : false),
  });
  const ask = useMutation({
    mutationFn: accountSecurityApi.requestExport,
    onSuccess: () => {
      notify.success(securityUi.exportRequested);
      void client.invalidateQueries({ queryKey: accountSecurityKeys.exports });
    },
    onError: (error) => notify.error(problemText(error, securityUi.exportLoadFailed)),
  });
  const items = list.data?.exports ?? [];
  const making = items.some((item) => item.status === 'pending');
  return (
    <SecuritySection
      id="security-export"
      title={securityUi.exportTitle}
      lead={securityUi.exportLead}
      action={
        <Button variant="secondary" className="shrink-0" disabled={making || ask.isPending} onClick={() => ask.mutate()}>
          {securityUi.exportButton}
        </Button>
      }
    >
      {list.isPending ? (
        <LoadingLine text={securityUi.loading} />
      ) : list.isError ? (
        <RetryAlert retryLabel={securityUi.tryAgain} onRetry={() => void list.refetch()}>
          {securityUi.exportLoadFailed}
        </RetryAlert>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{securityUi.exportNone}</p>
      ) : (
        // A status region: a screen reader hears "Ready" when the export arrives.
        <ul role="status" className="space-y-2 text-sm">
          {items.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </SecuritySection>
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
