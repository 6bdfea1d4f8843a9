import { MyWorkPage } from '#src/web/board/my-work-page.tsx';
import { NotificationList } from '#src/web/notifications/notification-list.tsx';

// My Work's Inbox is the notifications feature's list, its filters kept beside `view=inbox`; the two
// features meet here because features do not import each other.
const inboxHref = (filter: string) => `/my-work?${new URLSearchParams(filter === 'all' ? { view: 'inbox' } : { view: 'inbox', filter })}`;

export default function MyWorkRoute() {
  return <MyWorkPage inbox={<NotificationList hrefOf={inboxHref} />} />;
}
