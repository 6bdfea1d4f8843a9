import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { webhookUi } from '#src/shared/webhooks/messages.ts';
import type { WebhookEndpoint } from '#src/shared/webhooks/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PanelCard } from '#src/web/ui/panel-card.tsx';
import { AddWebhookDialog } from './add-webhook-dialog.tsx';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';
import { webhookKeys, webhooksApi } from './webhooks-api.ts';

type Confirming = { kind: 'rotate' | 'remove'; endpoint: WebhookEndpoint } | null;

// The workspace's webhook endpoints, for owners: add, see the secret once, rotate, send a test
// event, disable or enable, delete, and read each endpoint's delivery log.
export function WebhooksSection({ workspaceId }: { workspaceId: string }) {
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const client = useQueryClient();
  const query = useQuery({ queryKey: webhookKeys.list(workspaceId), queryFn: () => webhooksApi.list(workspaceId) });
  const endpoints = query.data?.endpoints ?? null;
  const problem = query.error ? problemText(query.error, webhookUi.loadFailed) : null;
  const load = () => client.invalidateQueries({ queryKey: webhookKeys.list(workspaceId) });
  const reloadLog = (endpointId: string) => void client.invalidateQueries({ queryKey: webhookKeys.deliveries(workspaceId, endpointId) });

  async function act(endpoint: WebhookEndpoint, work: () => Promise<string>, fallback: string) {
    setBusyId(endpoint.id);
    try {
      notify.success(await work());
      await load();
    } catch (error) {
      notify.error(problemText(error, fallback));
    } finally {
      setBusyId(null);
    }
  }

  const toggle = (endpoint: WebhookEndpoint) =>
    act(
      endpoint,
      async () => {
        await webhooksApi.update(workspaceId, endpoint.id, { enabled: !endpoint.enabled });
        return endpoint.enabled ? webhookUi.nowDisabled : webhookUi.nowEnabled;
      },
      webhookUi.toggleFailed,
    );

  const test = (endpoint: WebhookEndpoint) =>
    act(
      endpoint,
      async () => {
        await webhooksApi.test(workspaceId, endpoint.id);
        setOpenLog(endpoint.id);
        reloadLog(endpoint.id);
        // The worker sends it within a second; the log looks again then.
        setTimeout(() => reloadLog(endpoint.id), 1500);
        return webhookUi.testQueued;
      },
      webhookUi.testFailed,
    );

  async function confirm() {
    if (!confirming) return;
    const { kind, endpoint } = confirming;
    if (kind === 'rotate') {
      const rotated = await webhooksApi.rotate(workspaceId, endpoint.id);
      setConfirming(null);
      setSecret(rotated.secret);
    } else {
      await webhooksApi.remove(workspaceId, endpoint.id);
      setConfirming(null);
      notify.success(webhookUi.removed);
    }
    await load();
  }

  let body;
  if (!endpoints) {
    body = problem ? (
      <div className="space-y-3">
        <Alert tone="error">{problem}</Alert>
        <Button variant="secondary" onClick={() => void load()}>
          {webhookUi.tryAgain}
        </Button>
      </div>
    ) : (
      <GenericLoader text={webhookUi.loading} />
    );
  } else if (endpoints.length === 0) {
    body = <p className="text-sm text-slate-500">{webhookUi.none}</p>;
  } else {
    body = (
      <ul className="-my-3 divide-y divide-slate-100">
        {endpoints.map((endpoint) => (
          <li key={endpoint.id} className="space-y-3 py-4">
            <div className="min-w-0">
              <p className="text-sm font-medium break-all text-slate-900">{endpoint.url}</p>
              {endpoint.description ? <p className="text-sm text-slate-600">{endpoint.description}</p> : null}
              <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
                <span
                  className={
                    endpoint.enabled
                      ? 'rounded-full bg-green-50 px-2 py-0.5 font-medium text-green-800'
                      : 'rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700'
                  }
                >
                  {endpoint.enabled
                    ? webhookUi.enabled
                    : endpoint.disabledReason === 'failing'
                      ? webhookUi.disabledFailing
                      : webhookUi.disabledManual}
                </span>
                {endpoint.events.map((name) => (
                  <code key={name} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
                    {name}
                  </code>
                ))}
              </p>
              {endpoint.local ? (
                <p className="mt-2 flex gap-1.5 rounded-control border border-amber-200 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
                  <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  <span>{webhookUi.localWarning}</span>
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2" role="group" aria-label={webhookUi.actionsFor(endpoint.url)}>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                disabled={!endpoint.enabled || busyId === endpoint.id}
                onClick={() => void test(endpoint)}
              >
                {webhookUi.sendTest}
              </Button>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                aria-expanded={openLog === endpoint.id}
                onClick={() => setOpenLog(openLog === endpoint.id ? null : endpoint.id)}
              >
                {openLog === endpoint.id ? webhookUi.hideLog : webhookUi.showLog}
              </Button>
              <Button variant="secondary" className="px-3 py-1.5" disabled={busyId === endpoint.id} onClick={() => void toggle(endpoint)}>
                {endpoint.enabled ? webhookUi.disable : webhookUi.enable}
              </Button>
              <Button variant="secondary" className="px-3 py-1.5" onClick={() => setConfirming({ kind: 'rotate', endpoint })}>
                {webhookUi.rotate}
              </Button>
              <Button variant="secondary" className="px-3 py-1.5 text-red-700" onClick={() => setConfirming({ kind: 'remove', endpoint })}>
                {webhookUi.remove}
              </Button>
            </div>
            {openLog === endpoint.id ? <WebhookDeliveryLog workspaceId={workspaceId} endpointId={endpoint.id} /> : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PanelCard
      title={webhookUi.title}
      action={
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => setAdding(true)}>
          {webhookUi.add}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">{webhookUi.lead}</p>
      {problem && endpoints ? <Alert tone="error">{problem}</Alert> : null}
      {body}
      <AddWebhookDialog
        workspaceId={workspaceId}
        localAllowed={query.data?.localAllowed ?? false}
        open={adding}
        onOpenChange={setAdding}
        onCreated={(created) => {
          setSecret(created.secret);
          void load();
        }}
      />
      <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={confirming?.kind === 'rotate' ? webhookUi.rotateTitle : webhookUi.removeTitle}
        description={confirming?.kind === 'rotate' ? webhookUi.rotateLead : webhookUi.removeLead(confirming?.endpoint.url ?? '')}
        confirmLabel={confirming?.kind === 'rotate' ? webhookUi.rotate : webhookUi.remove}
        busyLabel={confirming?.kind === 'rotate' ? webhookUi.rotating : webhookUi.removing}
        fallback={confirming?.kind === 'rotate' ? webhookUi.rotateFailed : webhookUi.removeFailed}
        onConfirm={confirm}
      />
    </PanelCard>
  );
}
