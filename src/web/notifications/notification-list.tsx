import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { NOTIFICATION_FILTERS, type NotificationFilter } from '#src/shared/notifications/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { formatDateTime, timeAgo } from '#src/web/lib/format-time.ts';
import { Link } from '#src/web/routing/links.tsx';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { RetryAlert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { addressOf, sentenceOf } from './notification-text.ts';
import { notificationsApi } from './notifications-api.ts';
import { useMarkRead } from './use-mark-read.ts';
import { notificationKeys } from './use-notifications.ts';

// Everything that needs me, across my workspaces: filtered (`?filter=unread`), a page at a time. Drawn
// by the /notifications page and by My Work's Inbox, each with its own address for a filter.
export function NotificationList({ hrefOf }: { hrefOf: (filter: NotificationFilter) => string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('filter') as NotificationFilter | null;
  const filter: NotificationFilter = asked && NOTIFICATION_FILTERS.includes(asked) ? asked : 'all';
  const pages = useInfiniteQuery({
    queryKey: [...notificationKeys.all, 'inbox', filter],
    queryFn: ({ pageParam }) => notificationsApi.page(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const { markRead, markAllRead, pending } = useMarkRead();
  const items = pages.data?.pages.flatMap((page) => page.notifications) ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Filter notifications" className="flex flex-wrap gap-1">
          {NOTIFICATION_FILTERS.map((one) => (
            <Link
              key={one}
              to={hrefOf(one)}
              aria-current={one === filter ? 'page' : undefined}
              className={cn(
                'rounded-control px-3 py-1.5 text-sm font-medium',
                one === filter ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {notificationCopy.filters[one]}
            </Link>
          ))}
        </nav>
        <Button variant="secondary" onClick={markAllRead} disabled={pending || items.every((item) => item.read)}>
          {notificationCopy.markAllRead}
        </Button>
      </div>

      {pages.isPending ? <GenericLoader /> : null}
      {pages.isError ? (
        <RetryAlert retryLabel="Try again" onRetry={() => void pages.refetch()}>
          {problemText(pages.error, notificationCopy.loadFailed)}
        </RetryAlert>
      ) : null}
      {pages.isSuccess && items.length === 0 ? (
        <p className="text-sm text-slate-600">
          {filter === 'all' ? notificationCopy.empty : notificationCopy.emptyFiltered}{' '}
          {filter === 'all' ? null : (
            <button type="button" className="font-semibold text-accent-700 underline" onClick={() => void navigate(hrefOf('all'))}>
              {notificationCopy.filters.all}
            </button>
          )}
        </p>
      ) : null}

      {items.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-card border border-slate-200 bg-white" data-testid="inbox-list">
          {items.map((item) => (
            <li key={item.id} className="flex items-start gap-3 px-4 py-3">
              <span
                className={cn('mt-2 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-accent-600')}
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1">
                <Link
                  to={addressOf(item)}
                  onClick={() => (item.read ? undefined : markRead(item.id))}
                  className={cn('hover:text-accent-700', item.read ? 'text-slate-700' : 'font-semibold text-slate-900')}
                >
                  {sentenceOf(item)}
                  {item.read ? null : <span className="sr-only"> (unread)</span>}
                </Link>
                {item.excerpt ? <p className="mt-0.5 truncate text-sm text-slate-600">{item.excerpt}</p> : null}
                <p className="mt-0.5 text-xs text-ink-muted">
                  <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                    {timeAgo(item.createdAt)}
                  </time>{' '}
                  · {item.workspaceName}
                </p>
              </div>
              {item.read ? null : (
                <Button variant="ghost" className="shrink-0 px-2 py-1 text-xs" onClick={() => markRead(item.id)} disabled={pending}>
                  {notificationCopy.markRead}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {pages.hasNextPage ? (
        <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {notificationCopy.loadMore}
        </Button>
      ) : null}
    </div>
  );
}
