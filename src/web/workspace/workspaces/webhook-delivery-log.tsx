import { useCallback, useEffect, useState } from 'react';
import { webhookUi } from '#src/shared/webhook-messages.ts';
import type { WebhookDelivery } from '#src/shared/webhooks.ts';
import { problemText } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { webhooksApi } from './webhooks-api.ts';

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

// Time, status, duration, answer: fixed shares, so the log fits a phone without scrolling sideways.
const columnWidths = ['w-[36%]', 'w-[14%]', 'w-[21%]', 'w-[29%]'];

const statusTone: Record<WebhookDelivery['status'], string> = {
  pending: 'bg-amber-50 text-amber-800',
  succeeded: 'bg-green-50 text-green-800',
  failed: 'bg-red-50 text-red-800',
};

// Product rules H5: each attempt of each delivery (time, status code, duration, the start of the
// answer); a failed delivery can be sent again.
export function WebhookDeliveryLog({ workspaceId, endpointId, version }: { workspaceId: string; endpointId: string; version: number }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setDeliveries((await webhooksApi.deliveries(workspaceId, endpointId)).deliveries);
      setProblem(null);
    } catch (error) {
      setProblem(problemText(error, webhookUi.logFailed));
    }
  }, [workspaceId, endpointId]);

  useEffect(() => {
    let active = true;
    webhooksApi.deliveries(workspaceId, endpointId).then(
      (answer) => active && setDeliveries(answer.deliveries),
      (error: unknown) => active && setProblem(problemText(error, webhookUi.logFailed)),
    );
    return () => {
      active = false;
    };
  }, [workspaceId, endpointId, version]);

  async function resend(delivery: WebhookDelivery) {
    setBusyId(delivery.id);
    try {
      await webhooksApi.resend(workspaceId, endpointId, delivery.id);
      notify.success(webhookUi.resent);
      await load();
    } catch (error) {
      notify.error(problemText(error, webhookUi.resendFailed));
    } finally {
      setBusyId(null);
    }
  }

  if (!deliveries) {
    if (!problem) return <GenericLoader text={webhookUi.loading} />;
    return (
      <div className="space-y-3">
        <Alert tone="error">{problem}</Alert>
        <Button variant="secondary" onClick={() => void load()}>
          {webhookUi.tryAgain}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{webhookUi.showLog}</h3>
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => void load()}>
          {webhookUi.refresh}
        </Button>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-500">{webhookUi.logEmpty}</p>
      ) : (
        <ul className="space-y-3" aria-label={webhookUi.showLog}>
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="rounded-control border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex min-w-0 flex-wrap items-center gap-2">
                  <code className="text-xs font-semibold text-slate-800">{delivery.eventType}</code>
                  <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[delivery.status])}>
                    {webhookUi.statusNames[delivery.status]}
                  </span>
                  <span className="truncate text-xs text-slate-500">{delivery.webhookId}</span>
                </span>
                {delivery.status === 'failed' ? (
                  <Button variant="secondary" className="px-3 py-1" busy={busyId === delivery.id} onClick={() => void resend(delivery)}>
                    {webhookUi.resend}
                  </Button>
                ) : null}
              </div>
              {delivery.attempts.length > 0 ? (
                <table className="mt-2 w-full table-fixed text-left text-xs">
                  <thead className="text-slate-500">
                    <tr>
                      {webhookUi.logColumns.map((column, index) => (
                        <th key={column} scope="col" className={cn('py-1 pr-2 font-medium', columnWidths[index])}>
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="text-slate-700">
                    {delivery.attempts.map((attempt, index) => (
                      <tr key={`${attempt.at}-${index}`} className="border-t border-slate-100 align-top">
                        <td className="py-1 pr-2">{time.format(new Date(attempt.at))}</td>
                        <td className="py-1 pr-2">{attempt.statusCode ?? webhookUi.noAnswer}</td>
                        <td className="py-1 pr-2">{webhookUi.duration(attempt.durationMs)}</td>
                        <td className="truncate py-1 pr-2 font-mono" title={attempt.error ?? attempt.response}>
                          {attempt.error ?? attempt.response}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
