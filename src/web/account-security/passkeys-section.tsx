import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { PasskeyNameSchema, type PasskeyNameBody } from '#src/shared/account-security/passkey-schemas.ts';
import { passkeyNotice, passkeyUi, type PasskeyInfo } from '#src/shared/account-security/passkeys.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { passkeyKeys, passkeysApi } from './passkeys-api.ts';
import { SecuritySection } from './security-section.tsx';

function NameForm({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { form, submit, busy, problem, errorOf } = useSchemaForm<PasskeyNameBody, { name: string }>({
    schema: PasskeyNameSchema,
    defaultValues: { name: initial },
    fallback: passkeyUi.cancelled,
    fieldOf: () => 'name',
    onSubmit: async ({ name }) => {
      await onSubmit(name);
      form.reset({ name: initial });
    },
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <TextField
        label={label}
        placeholder={passkeyUi.namePlaceholder}
        autoComplete="off"
        error={errorOf('name') ?? problem}
        className="min-w-48 flex-1"
        {...form.register('name')}
      />
      <Button type="submit" busy={busy} className="mb-0.5">
        {busy && !onCancel ? passkeyUi.adding : submitLabel}
      </Button>
      {onCancel ? (
        <Button type="button" variant="secondary" className="mb-0.5" onClick={onCancel} disabled={busy}>
          {passkeyUi.cancel}
        </Button>
      ) : null}
    </form>
  );
}

function PasskeyRow({ passkey, onChanged }: { passkey: PasskeyInfo; onChanged: () => Promise<void> }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  return (
    <li className="flex flex-wrap items-start gap-3 px-4 py-3">
      <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        {renaming ? (
          <NameForm
            label={passkeyUi.renameLabel(passkey.name)}
            initial={passkey.name}
            submitLabel={passkeyUi.save}
            onCancel={() => setRenaming(false)}
            onSubmit={async (name) => {
              await passkeysApi.rename(passkey.id, name);
              notify.success(passkeyNotice.renamed);
              setRenaming(false);
              await onChanged();
            }}
          />
        ) : (
          <>
            <p className="font-medium break-words text-slate-900">
              {passkey.name}
              {passkey.synced ? (
                <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{passkeyUi.synced}</span>
              ) : null}
            </p>
            <p className="text-sm text-slate-600">{passkeyUi.made(passkey.device)}</p>
            <p className="text-sm text-slate-600">
              {passkeyUi.created(formatDateTime(passkey.createdAt))} ·{' '}
              {passkey.lastUsedAt ? passkeyUi.lastUsed(formatDateTime(passkey.lastUsedAt)) : passkeyUi.neverUsed}
            </p>
          </>
        )}
      </div>
      {renaming ? null : (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            aria-label={passkeyUi.renameLabel(passkey.name)}
            onClick={() => setRenaming(true)}
          >
            {passkeyUi.rename}
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            aria-label={passkeyUi.removeLabel(passkey.name)}
            onClick={() => setRemoving(true)}
          >
            {passkeyUi.remove}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={passkeyUi.removeTitle}
        description={passkeyUi.removeBody(passkey.name)}
        confirmLabel={passkeyUi.remove}
        busyLabel={passkeyUi.remove}
        fallback={passkeyUi.cancelled}
        onConfirm={async () => {
          await passkeysApi.remove(passkey.id);
          notify.success(passkeyNotice.removed);
          setRemoving(false);
          await onChanged();
        }}
      />
    </li>
  );
}

// product rules U7: the account's passkeys, made on this device with a name, renamed and removed.
export function PasskeysSection() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: passkeyKeys.list, queryFn: passkeysApi.list });
  const refresh = () => client.invalidateQueries({ queryKey: passkeyKeys.list });
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const add = useMutation({
    mutationFn: passkeysApi.add,
    onSuccess: async () => {
      notify.success(passkeyNotice.added);
      await refresh();
    },
  });

  return (
    <SecuritySection id="security-passkeys" title={passkeyUi.title} lead={passkeyUi.lead}>
      {query.error ? <Alert tone="error">{problemText(query.error, passkeyUi.cancelled)}</Alert> : null}
      {query.data && query.data.passkeys.length === 0 ? <p className="text-sm text-slate-600">{passkeyUi.empty}</p> : null}
      {query.data && query.data.passkeys.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-control border border-slate-200">
          {query.data.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onChanged={refresh} />
          ))}
        </ul>
      ) : null}
      <div className="mt-4">
        {supported ? (
          <NameForm
            label={passkeyUi.nameLabel}
            initial=""
            submitLabel={passkeyUi.add}
            // A refusal of the browser's (cancelled, timed out) has no sentence of ours: the form says so.
            onSubmit={(name) => add.mutateAsync(name)}
          />
        ) : (
          <p className="text-sm text-slate-600">{passkeyUi.unsupported}</p>
        )}
      </div>
    </SecuritySection>
  );
}
