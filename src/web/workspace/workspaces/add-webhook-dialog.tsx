import { useState, type FormEvent } from 'react';
import { webhookUi } from '#src/shared/webhook-messages.ts';
import {
  CreateWebhookSchema,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
  type WebhookSecretResponse,
} from '#src/shared/webhooks.ts';
import { problemText } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { firstIssue } from './first-issue.ts';
import { webhooksApi } from './webhooks-api.ts';

// Issue 18: an owner adds an endpoint: URL, events, description. The answer carries the secret, shown next.
export function AddWebhookDialog({
  workspaceId,
  open,
  onOpenChange,
  onCreated,
}: {
  workspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: WebhookSecretResponse) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setUrl('');
      setDescription('');
      setEvents([...WEBHOOK_EVENTS]);
      setProblem(null);
    }
    onOpenChange(next);
  };

  const toggle = (name: WebhookEventType, on: boolean) =>
    setEvents((list) => (on ? WEBHOOK_EVENTS.filter((e) => e === name || list.includes(e)) : list.filter((e) => e !== name)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateWebhookSchema.safeParse({ url, events, description });
    if (!parsed.success) return setProblem(firstIssue(parsed.error));
    setProblem(null);
    setBusy(true);
    try {
      const created = await webhooksApi.create(workspaceId, parsed.data);
      setBusy(false);
      change(false);
      onCreated(created);
    } catch (failure) {
      setProblem(problemText(failure, webhookUi.addFailed));
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={change} title={webhookUi.addTitle} description={webhookUi.addLead}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={webhookUi.urlLabel}
          hint={webhookUi.urlHint}
          type="url"
          name="webhook-url"
          autoComplete="off"
          placeholder="https://example.com/webhooks"
          maxLength={WEBHOOK_URL_MAX}
          aria-required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700">{webhookUi.eventsLabel}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300 accent-accent-600"
                  checked={events.includes(name)}
                  onChange={(e) => toggle(name, e.target.checked)}
                />
                <span>
                  {webhookUi.eventNames[name]} <code className="text-xs text-slate-500">{name}</code>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={webhookUi.descriptionLabel}
          name="webhook-description"
          autoComplete="off"
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
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
