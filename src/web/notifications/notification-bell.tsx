import { Bell } from 'lucide-react';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { timeAgo } from '#src/web/lib/format-time.ts';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { iconButtonClass } from '#src/web/ui/icon-button-class.ts';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '#src/web/ui/menu.tsx';
import { groupByTask } from './group-by-task.ts';
import { addressOf, sentenceOf } from './notification-text.ts';
import { useMarkRead } from './use-mark-read.ts';
import { useLatestNotifications, useUnreadCount } from './use-notifications.ts';
import { useUnreadTitle } from './use-unread-title.ts';

// The bell shows this many tasks, newest first; the inbox has every notification.
const SHOWN = 8;

// spec 2: the notifications bell with its unread count, live (in the tab's title too), grouped by task;
// opening a task's entry marks its notifications read and goes to it.
export function NotificationBell() {
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const latest = useLatestNotifications(true);
  const { markRead, markAllRead } = useMarkRead();
  const groups = groupByTask(latest.data?.notifications ?? []).slice(0, SHOWN);
  useUnreadTitle(unread);

  return (
    <Menu
      label={`${workspaceCopy.notifications} (${notificationCopy.unreadLabel(unread)})`}
      className="w-[min(24rem,calc(100vw-1.5rem))]"
      trigger={
        <button type="button" className={iconButtonClass}>
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 ? (
            <span
              data-testid="unread-count"
              className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-bold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
      }
    >
      <MenuLabel>{workspaceCopy.notifications}</MenuLabel>
      {latest.isPending ? <p className="px-2.5 py-2 text-sm text-ink-muted">Loading…</p> : null}
      {latest.isError ? <p className="px-2.5 py-2 text-sm text-red-700">{notificationCopy.loadFailed}</p> : null}
      {latest.isSuccess && groups.length === 0 ? <p className="px-2.5 py-2 text-sm text-ink-muted">{notificationCopy.empty}</p> : null}
      {groups.map(({ key, latest: item, items: all, unreadIds }) => (
        <MenuItem
          key={key}
          onSelect={() => {
            unreadIds.forEach((id) => markRead(id));
            void navigate(addressOf(item));
          }}
        >
          <span
            className={`mt-1.5 size-2 shrink-0 self-start rounded-full ${unreadIds.length > 0 ? 'bg-accent-600' : 'bg-transparent'}`}
            aria-hidden="true"
          />
          <span className="flex min-w-0 flex-col">
            <span className={unreadIds.length > 0 ? 'font-medium text-slate-900' : 'text-slate-600'}>{sentenceOf(item)}</span>
            {item.excerpt ? <span className="truncate text-xs text-slate-500">{item.excerpt}</span> : null}
            <span className="text-xs text-ink-muted">
              {timeAgo(item.createdAt)} · {item.workspaceName}
              {all.length > 1 ? ` · ${notificationCopy.groupMore(all.length - 1)}` : null}
              {unreadIds.length > 0 ? <span className="sr-only"> · unread</span> : null}
            </span>
          </span>
        </MenuItem>
      ))}
      <MenuSeparator />
      {unread > 0 ? <MenuItem onSelect={markAllRead}>{notificationCopy.markAllRead}</MenuItem> : null}
      <MenuItem onSelect={() => void navigate('/notifications')}>{notificationCopy.viewAll}</MenuItem>
    </Menu>
  );
}
