import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { PREFERENCES_PAGE } from '#src/shared/notifications/paths.ts';
import { Link } from '#src/web/routing/links.tsx';
import { PageHeading } from '#src/web/ui/panel-card.tsx';
import { NotificationList } from './notification-list.tsx';

// The full list of my notifications, and the way to how each kind reaches me.
export default function InboxPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading title={notificationCopy.inbox} lead={notificationCopy.inboxLead} />
      <NotificationList hrefOf={(filter) => (filter === 'all' ? '/notifications' : `/notifications?filter=${filter}`)} />
      <Link to={PREFERENCES_PAGE} className="inline-block text-sm font-semibold text-accent-700 underline">
        {notificationCopy.openPreferences}
      </Link>
    </div>
  );
}
