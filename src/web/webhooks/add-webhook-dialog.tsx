import { useId } from 'react';
import { webhookUi } from '#src/shared/webhooks/messages.ts';
import { CreateWebhookSchema } from '#src/shared/webhooks/schemas.ts';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, WEBHOOK_URL_MAX, type WebhookSecretResponse } from '#src/shared/webhooks/paths.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { webhooksApi } from './webhooks-api.ts';

// An owner adds an endpoint: URL, events, description. The answer carries the secret, shown next.
export function AddWebhookDialog({
  workspaceId,
  localAllowed,
  open,
  onOpenChange,
  onCreated,
}: {
  workspaceId: string;
  // The server runs for development: http and this machine's addresses are taken.
  localAllowed: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: WebhookSecretResponse) => void;
}) {
  const eventsErrorId = useId();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: CreateWebhookSchema,
    defaultValues: { url: '', events: [...WEBHOOK_EVENTS], description: '' },
    fallback: webhookUi.addFailed,
    // A refused address (not public, a blocked port) is about the URL.
    fieldOf: (failure) => (failure.status === 400 ? 'url' : null),
    onSubmit: async (body) => {
      const created = await webhooksApi.create(workspaceId, body);
      form.reset();
      onOpenChange(false);
      onCreated(created);
    },
  });

  const change = (next: boolean) => {
    if (busy) return;
    if (!next) form.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change} title={webhookUi.addTitle} description={webhookUi.addLead}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={webhookUi.urlLabel}
          hint={localAllowed ? webhookUi.urlHintLocal : webhookUi.urlHint}
          type="url"
          autoComplete="off"
          placeholder="https://example.com/webhooks"
          maxLength={WEBHOOK_URL_MAX}
          aria-required
          error={errorOf('url')}
          {...form.register('url')}
        />
        <fieldset aria-describedby={errorOf('events') ? eventsErrorId : undefined}>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700">{webhookUi.eventsLabel}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300 accent-accent-600"
                  value={name}
                  {...form.register('events')}
                />
                <span>
                  {webhookUi.eventNames[name]} <code className="text-xs text-slate-500">{name}</code>
                </span>
              </label>
            ))}
          </div>
          {errorOf('events') ? (
            <p id={eventsErrorId} className="mt-1.5 text-xs font-medium text-red-700">
              {errorOf('events')}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label={webhookUi.descriptionLabel}
          autoComplete="off"
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          error={errorOf('description')}
          {...form.register('description')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)} disabled={busy}>
            {webhookUi.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={webhookUi.saving}>
            {webhookUi.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
