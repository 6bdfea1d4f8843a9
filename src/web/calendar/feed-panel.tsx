import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarCopy } from '#src/shared/calendar/messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { RetryAlert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { LoadingLine } from '#src/web/ui/loaders.tsx';
import { calendarApi } from './calendar-api.ts';

// My secret iCalendar address, to subscribe from Google Calendar, Apple Calendar or Outlook.
export function FeedPanel() {
  const client = useQueryClient();
  const feed = useQuery({ queryKey: ['calendar-feed'], queryFn: calendarApi.feed });
  const url = feed.data?.url ?? null;
  const renew = useMutation({
    mutationFn: calendarApi.newFeed,
    onSuccess: (answer) => {
      client.setQueryData(['calendar-feed'], answer);
      if (url) notify.success(calendarCopy.feedRegenerated);
    },
    onError: (error) => notify.error(problemText(error, calendarCopy.loadFailed)),
  });
  return (
    <section aria-labelledby="calendar-feed-title" className="rounded-card border border-slate-200 bg-white p-4">
      <h2 id="calendar-feed-title" className="text-base font-semibold text-slate-900">
        {calendarCopy.feedTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{calendarCopy.feedHelp}</p>
      {/* Until the answer is in, no button: "Get my calendar address" shown to someone who has one would
          replace it, and the old address would stop working. */}
      {feed.isPending ? (
        <LoadingLine text={calendarCopy.feedLoading} className="mt-3" />
      ) : feed.isError ? (
        <RetryAlert className="mt-3" retryLabel={calendarCopy.tryAgain} onRetry={() => void feed.refetch()}>
          {calendarCopy.feedLoadFailed}
        </RetryAlert>
      ) : url ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <label className="min-w-0 flex-1">
            <span className="sr-only">{calendarCopy.feedLabel}</span>
            <input
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-control border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-800"
            />
          </label>
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard.writeText(url).then(
                () => notify.success(calendarCopy.feedCopied),
                () => undefined,
              )
            }
          >
            {calendarCopy.feedCopy}
          </Button>
          <Button variant="secondary" disabled={renew.isPending} onClick={() => renew.mutate()}>
            {calendarCopy.feedRegenerate}
          </Button>
        </div>
      ) : (
        <Button className="mt-3" disabled={renew.isPending} onClick={() => renew.mutate()}>
          {calendarCopy.feedCreate}
        </Button>
      )}
    </section>
  );
}
