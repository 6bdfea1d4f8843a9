import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { webhookUi } from '#src/shared/webhooks/messages.ts';
import type { WebhookDelivery } from '#src/shared/webhooks/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { webhookKeys, webhooksApi } from './webhooks-api.ts';
import { formatDateTimeSeconds } from '#src/web/lib/format-time.ts';

// Time, status, duration, answer: fixed shares, so the log fits a phone without scrolling sideways.
const columnWidths = ['w-[36%]', 'w-[14%]', 'w-[21%]', 'w-[29%]'];

const statusTone: Record<WebhookDelivery['status'], string> = {
  pending: 'bg-amber-50 text-amber-800',
  succeeded: 'bg-green-50 text-green-800',
  failed: 'bg-red-50 text-red-800',
};

// While a delivery's next attempt is this close, the log looks again every few seconds to show how it went.
const WATCH_WITHIN_MS = 60_000;
const WATCH_EVERY_MS = 3_000;
const dueSoon = (delivery: WebhookDelivery) =>
  delivery.status === 'pending' && delivery.nextAttemptAt !== null && Date.parse(delivery.nextAttemptAt) - Date.now() < WATCH_WITHIN_MS;

// `asOf` is when the log was read: a time already reached then means the attempt is due or under way.
function NextAttempt({ at, asOf }: { at: string; asOf: number }) {
  const text = Date.parse(at) <= asOf ? webhookUi.nextAttemptNow : webhookUi.nextAttempt(formatDateTimeSeconds(at));
  return <p className="mt-1 text-xs text-slate-600">{text}</p>;
}

// Product rules H5: each attempt of each delivery (time, status code, duration, the start of the
// answer), when a pending one is tried next, and "Retry now" on any that has not succeeded.
export function WebhookDeliveryLog({ workspaceId, endpointId }: { workspaceId: string; endpointId: string }) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const client = useQueryClient();
  const key = webhookKeys.deliveries(workspaceId, endpointId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => webhooksApi.deliveries(workspaceId, endpointId),
    refetchInterval: (current) => (current.state.data?.deliveries.some(dueSoon) ? WATCH_EVERY_MS : false),
  });
  const deliveries = query.data?.deliveries ?? null;
  const problem = query.error ? problemText(query.error, webhookUi.logFailed) : null;
  const load = () => client.invalidateQueries({ queryKey: key });

  async function retry(delivery: WebhookDelivery) {
    setBusyId(delivery.id);
    try {
      await webhooksApi.resend(workspaceId, endpointId, delivery.id);
      notify.success(webhookUi.retried);
      await load();
    } catch (error) {
      notify.error(problemText(error, webhookUi.retryFailed));
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
                {delivery.status !== 'succeeded' ? (
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    busy={busyId === delivery.id}
                    busyLabel={webhookUi.retrying}
                    onClick={() => void retry(delivery)}
                  >
                    {webhookUi.retryNow}
                  </Button>
                ) : null}
              </div>
              {delivery.status === 'pending' && delivery.nextAttemptAt ? (
                <NextAttempt at={delivery.nextAttemptAt} asOf={query.dataUpdatedAt} />
              ) : null}
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
                        <td className="py-1 pr-2">{formatDateTimeSeconds(attempt.at)}</td>
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
