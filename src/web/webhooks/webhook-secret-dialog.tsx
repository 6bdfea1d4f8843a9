import { webhookUi } from '#src/shared/webhooks/messages.ts';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { notify } from '#src/web/ui/notify.ts';

// Product rules H2: the signing secret is shown once, after create or rotate, with a copy button.
export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      notify.success(webhookUi.copied);
    } catch {
      notify.error(webhookUi.copyFailed);
    }
  }
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={webhookUi.secretTitle}
      description={webhookUi.secretLead}
    >
      <div className="space-y-4">
        <input
          readOnly
          aria-label={webhookUi.secretTitle}
          value={secret ?? ''}
          onFocus={(e) => e.target.select()}
          className="block w-full rounded-control border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-900"
          data-testid="webhook-secret"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void copy()}>
            {webhookUi.copy}
          </Button>
          <Button onClick={onClose}>{webhookUi.done}</Button>
        </div>
      </div>
    </Dialog>
  );
}
