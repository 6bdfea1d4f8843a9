import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { apiKeyUi } from '#src/shared/api-keys/messages.ts';
import { API_KEY_EXPIRY_DAYS, API_KEY_NAME_MAX, type CreatedApiKeyResponse } from '#src/shared/api-keys/paths.ts';
import { CreateApiKeySchema } from '#src/shared/api-keys/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { apiKeysApi } from './api-keys-api.ts';

// Product rules K2: name and expiry, then the key, shown this once with a copy button.
export function CreateApiKeyDialog({
  workspaceId,
  open,
  onOpenChange,
  onCreated,
}: {
  workspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: () => void;
}) {
  const expiryId = useId();
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const [copied, setCopied] = useState(false);
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: CreateApiKeySchema,
    defaultValues: { name: '', expiresInDays: null },
    fallback: apiKeyUi.createFailed,
    fieldOf: (failure) => (failure.status === 400 || failure.status === 409 ? 'name' : null),
    onSubmit: async (body) => {
      setCreated(await apiKeysApi.create(workspaceId, body));
      onCreated();
    },
  });

  const change = (next: boolean) => {
    if (busy) return;
    if (!next) {
      form.reset();
      setCreated(null);
      setCopied(false);
    }
    onOpenChange(next);
  };

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      notify.success(apiKeyUi.copied);
    } catch {
      notify.error(apiKeyUi.copyFailed);
    }
  }

  if (created) {
    return (
      <Dialog open={open} onOpenChange={change} title={apiKeyUi.shownOnceTitle} description={apiKeyUi.shownOnceLead}>
        <div className="space-y-4">
          <TextField
            label={apiKeyUi.secretLabel}
            value={created.secret}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            inputClassName="font-mono text-xs sm:text-xs"
            data-testid="new-api-key"
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => change(false)}>
              {apiKeyUi.done}
            </Button>
            <Button onClick={() => void copy(created.secret)}>
              {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
              {apiKeyUi.copy}
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={change} title={apiKeyUi.createTitle} description={apiKeyUi.createLead}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={apiKeyUi.nameLabel}
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
          aria-required
          error={errorOf('name')}
          {...form.register('name')}
        />
        <div>
          <label htmlFor={expiryId} className="mb-1.5 block text-sm font-medium text-slate-700">
            {apiKeyUi.expiryLabel}
          </label>
          <select
            id={expiryId}
            {...form.register('expiresInDays', { setValueAs: (value: string) => (value === '' ? null : Number(value)) })}
            className="block w-full rounded-control border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none sm:text-sm"
          >
            <option value="">{apiKeyUi.noExpiry}</option>
            {API_KEY_EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {apiKeyUi.inDays(days)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)} disabled={busy}>
            {apiKeyUi.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={apiKeyUi.creating}>
            {apiKeyUi.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
