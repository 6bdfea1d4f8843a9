import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { campaignUi } from '#src/shared/campaigns/messages.ts';
import type { AudienceClient } from '#src/shared/campaigns/paths.ts';
import { SendCampaignSchema, type SendCampaignBody } from '#src/shared/campaigns/schemas.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextAreaField, TextField } from '#src/web/ui/field.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { MarkdownText } from '#src/web/ui/markdown-text.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { StatusBadge } from '#src/web/ui/status-badge.tsx';
import { campaignKeys, campaignsApi } from './campaigns-api.ts';
import { clientKeys } from './clients-api.ts';

const campaignLabel = workspaceCopy.clientActions[1];
const toggle = (list: string[], id: string, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((each) => each !== id));

// Who the picked clients and contacts reach, as the server counts it: once per address, unsubscribed
// contacts skipped.
function reach(clients: AudienceClient[], clientIds: string[], contactIds: string[]) {
  const reached = new Set<string>();
  const skipped = new Set<string>();
  for (const client of clients) {
    for (const contact of client.contacts) {
      if (!clientIds.includes(client.id) && !contactIds.includes(contact.id)) continue;
      (contact.unsubscribedAt ? skipped : reached).add(contact.email);
    }
  }
  for (const email of reached) skipped.delete(email);
  return { reached: reached.size, skipped: skipped.size };
}

// spec 5's Quick Action "Send Email Campaign": an owner writes a short update in Markdown, picks whole
// clients or single contacts, previews it and sends it; each contact gets their own email.
export function CampaignDialog({
  workspaceId,
  open,
  onOpenChange,
}: {
  workspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [previewing, setPreviewing] = useState(false);
  const audience = useQuery({
    queryKey: campaignKeys.audience(workspaceId),
    queryFn: () => campaignsApi.audience(workspaceId),
    enabled: open,
  });
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: SendCampaignSchema,
    defaultValues: { subject: '', body: '', clientIds: [], contactIds: [] } satisfies SendCampaignBody,
    fallback: campaignUi.sendFailed,
    onSubmit: async (values) => {
      const { campaign } = await campaignsApi.send(workspaceId, values);
      notify.success(campaignUi.sent(campaign.sent, campaign.skipped));
      void queryClient.invalidateQueries({ queryKey: clientKeys.all(workspaceId) });
      form.reset();
      setPreviewing(false);
      onOpenChange(false);
    },
  });
  const [subject, body, clientIds = [], contactIds = []] = form.watch(['subject', 'body', 'clientIds', 'contactIds']);
  const pick = (field: 'clientIds' | 'contactIds', id: string, on: boolean) =>
    form.setValue(field, toggle(field === 'clientIds' ? clientIds : contactIds, id, on), { shouldValidate: form.formState.isSubmitted });

  let recipients;
  if (audience.isError) recipients = <Alert tone="error">{problemText(audience.error, campaignUi.loadFailed)}</Alert>;
  else if (!audience.data) recipients = <GenericLoader text={campaignUi.loading} />;
  else if (audience.data.clients.length === 0) recipients = <p className="text-sm text-slate-600">{campaignUi.noAudience}</p>;
  else {
    const { reached, skipped } = reach(audience.data.clients, clientIds, contactIds);
    recipients = (
      <>
        <ul className="max-h-64 space-y-3 overflow-y-auto rounded-control border border-slate-200 p-3">
          {audience.data.clients.map((client) => {
            const whole = clientIds.includes(client.id);
            return (
              <li key={client.id}>
                <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  <input type="checkbox" checked={whole} onChange={(event) => pick('clientIds', client.id, event.target.checked)} />
                  {campaignUi.allContactsOf(client.name)}
                </label>
                <ul className="mt-1 space-y-1 pl-6">
                  {client.contacts.map((contact) => (
                    <li key={contact.id} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          disabled={whole || contact.unsubscribedAt !== null}
                          checked={contact.unsubscribedAt === null && (whole || contactIds.includes(contact.id))}
                          onChange={(event) => pick('contactIds', contact.id, event.target.checked)}
                        />
                        <span>
                          {contact.name} <span className="text-slate-500">{contact.email}</span>
                        </span>
                      </label>
                      {contact.unsubscribedAt ? <StatusBadge value={campaignUi.unsubscribed} /> : null}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <p className="mt-2 text-xs text-slate-600" aria-live="polite">
          {campaignUi.selected(reached)} {skipped > 0 ? campaignUi.skippedNote(skipped) : null}{' '}
          {campaignUi.remaining(audience.data.remainingToday, audience.data.dailyLimit)}
        </p>
      </>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={campaignLabel} description={campaignUi.lead}>
      <form noValidate className="space-y-4" onSubmit={submit}>
        {previewing ? (
          <section aria-label={campaignUi.preview} className="rounded-control border border-slate-200 p-4">
            <p className="mb-2 text-base font-semibold text-slate-900">{subject}</p>
            {body.trim() ? <MarkdownText source={body} /> : <p className="text-sm text-slate-600">{campaignUi.previewEmpty}</p>}
          </section>
        ) : (
          <>
            <TextField label={campaignUi.subject} autoComplete="off" error={errorOf('subject')} {...form.register('subject')} />
            <TextAreaField
              label={campaignUi.message}
              hint={campaignUi.messageHint}
              rows={6}
              error={errorOf('body')}
              {...form.register('body')}
            />
          </>
        )}
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700">{campaignUi.recipients}</legend>
          {recipients}
          {errorOf('clientIds') ? <p className="mt-1.5 text-xs font-medium text-red-700">{errorOf('clientIds')}</p> : null}
        </fieldset>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {campaignUi.cancel}
          </Button>
          <Button variant="secondary" aria-pressed={previewing} onClick={() => setPreviewing((on) => !on)}>
            {previewing ? campaignUi.edit : campaignUi.preview}
          </Button>
          <Button type="submit" busy={busy} busyLabel={campaignUi.sending}>
            {campaignUi.send}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
